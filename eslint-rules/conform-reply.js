// @ts-check
/**
 * Issue 35 part 6, one action protocol: an action answers a refused form with Conform's
 * `submission.reply()` (fieldErrors/formErrors for the server's own refusals) and its page reads it
 * with useForm({ lastResult }). This rule holds the files already converted (eslint.config.js lists
 * them) to it, so they cannot slide back to a hand-made `{ errors, values }` answer:
 * - firstErrors(submission) flattens Conform's reply into a hand-made errors object;
 * - refused(form, {...}) (admin's and concrete's form-reply helpers) builds one;
 * - an object literal with an `errors` or `values` key handed to json() is one.
 */

const HAND_MADE = new Set(["errors", "values"]);

/** @param {any} node */
const calleeName = (node) =>
  node.callee.type === "Identifier"
    ? node.callee.name
    : node.callee.type === "MemberExpression" && !node.callee.computed
      ? node.callee.property.name
      : null;

/** @param {any} node */
const keyName = (node) =>
  node.type === "Property" && !node.computed
    ? node.key.type === "Identifier"
      ? node.key.name
      : node.key.value
    : null;

/** @type {import("eslint").Rule.RuleModule} */
export const conformReply = {
  meta: {
    type: "problem",
    docs: { description: "A converted action answers with Conform's submission.reply()." },
    schema: [],
    messages: {
      firstErrors:
        "Answer the form with submission.reply() (Conform), read by useForm({ lastResult }), not with firstErrors.",
      refused:
        "Answer the form with submission.reply({ fieldErrors | formErrors }) (refusalReply in ~/lib/parse-form), not a hand-made refusal.",
      handMade:
        "Answer the form with submission.reply(): it carries the errors and what was typed (`{key}` is the hand-made second way).",
    },
  },
  create(context) {
    return {
      /** @param {any} node */
      CallExpression(node) {
        const name = calleeName(node);
        if (name === "firstErrors") context.report({ node, messageId: "firstErrors" });
        if (name === "refused") context.report({ node, messageId: "refused" });
        if (name !== "json") return;
        const body = node.arguments[0];
        if (body?.type !== "ObjectExpression") return;
        for (const p of body.properties) {
          const key = keyName(p);
          if (key && HAND_MADE.has(key))
            context.report({ node: p, messageId: "handMade", data: { key } });
        }
      },
    };
  },
};

export default { rules: { "conform-reply": conformReply } };
