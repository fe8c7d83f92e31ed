// @ts-check
/**
 * Issue 35, one action protocol. A page's forms and actions share one way of doing three things,
 * and this rule keeps the hand-made second ways out of app/:
 * - a field's errors are shown by <Field> / FieldError (~/components/forms/field), which also
 *   announces them (role=alert) and ties them to the input, not by joining `errors` in place;
 * - what an action answered is read with useActionResult (~/lib/action-result), typed from the
 *   action itself, not cast from useActionData (a cast hides the wrapper's NotSaved answer);
 * - an action serves its forms' intents with switchIntent (~/services/intent.server), which
 *   answers an unknown intent with the spec's 400, not with a chain of `if (intent === …)`.
 */

/** @param {any} node */
const isIntent = (node) =>
  (node.type === "Identifier" && node.name === "intent") ||
  // form.get("intent"), formData.get("intent")
  (node.type === "CallExpression" &&
    node.callee.type === "MemberExpression" &&
    !node.callee.computed &&
    node.callee.property.name === "get" &&
    node.arguments[0]?.type === "Literal" &&
    node.arguments[0].value === "intent");

/**
 * A comparison of the intent with a named one: `intent === "save"`, `form.get("intent") !== "x"`.
 * @param {any} node
 * @returns {boolean}
 */
function comparesIntent(node) {
  if (!node) return false;
  if (node.type === "LogicalExpression")
    return comparesIntent(node.left) || comparesIntent(node.right);
  if (node.type === "UnaryExpression") return comparesIntent(node.argument);
  if (node.type !== "BinaryExpression" || !["===", "!==", "==", "!="].includes(node.operator))
    return false;
  const named = (/** @type {any} */ n) =>
    (n.type === "Literal" && typeof n.value === "string") || n.type === "TemplateLiteral";
  return (isIntent(node.left) && named(node.right)) || (isIntent(node.right) && named(node.left));
}

/** @param {any} node */
const onIntent = (node) => node?.type === "IfStatement" && comparesIntent(node.test);

/**
 * The first `if` of a chain on the intent: one with an `else`, or the first of two or more in
 * the same block. One `if` alone (a reset button beside a save, a guard) is not a dispatch.
 * @param {any} node
 */
function startsChain(node) {
  const parent = node.parent;
  if (parent?.type === "IfStatement" && parent.alternate === node && onIntent(parent)) return false;
  if (node.alternate) return true;
  const siblings = parent?.body ?? parent?.consequent;
  if (!Array.isArray(siblings)) return false;
  const ifs = siblings.filter(onIntent);
  return ifs.length > 1 && ifs[0] === node;
}

/** @param {any} node */
const unwrap = (node) => (node.type === "ChainExpression" ? node.expression : node);

/** @type {import("eslint").Rule.RuleModule} */
export const actionProtocol = {
  meta: {
    type: "problem",
    docs: { description: "One action protocol: <Field>, useActionResult, switchIntent." },
    schema: [],
    messages: {
      join: "Show a field's errors with <Field errors={…}> or FieldError (~/components/forms/field), not by joining them in place.",
      cast: "Read the action's answer with useActionResult<typeof action>() (~/lib/action-result) instead of casting useActionData.",
      intent:
        "Serve the form's intents with switchIntent (~/services/intent.server), one handler each, not an if-chain on the intent.",
    },
  },
  create(context) {
    return {
      /** @param {any} node */
      CallExpression(node) {
        const callee = unwrap(node.callee);
        if (callee.type !== "MemberExpression" || callee.computed) return;
        if (callee.property.name !== "join") return;
        const object = unwrap(callee.object);
        if (
          object.type === "MemberExpression" &&
          !object.computed &&
          object.property.name === "errors"
        )
          context.report({ node, messageId: "join" });
      },
      /** @param {any} node */
      TSAsExpression(node) {
        const call = node.expression;
        if (call.type === "CallExpression" && call.callee.type === "Identifier")
          if (call.callee.name === "useActionData") context.report({ node, messageId: "cast" });
      },
      /** @param {any} node */
      IfStatement(node) {
        if (onIntent(node) && startsChain(node))
          context.report({ node: node.test, messageId: "intent" });
      },
    };
  },
};

export default { rules: { "action-protocol": actionProtocol } };
