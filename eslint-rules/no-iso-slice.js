// @ts-check
/**
 * Issue 35, one clock: cutting an ISO string shows the UTC clock ("07:40" for 17:40 in Brisbane).
 * Times are shown through app/lib/zoned-time.ts (formatZoned, formatDay); keys and form values
 * take its named ISO helpers (isoDay, isoMinute, isoSecond), so this rule has no exceptions.
 */

/** Names that hold an instant or a date: `iso`, `time`, `createdAt`, `due_at`, `startDate`... */
const TIME_NAME = /^(iso|at|date|time|when|start|end|timestamp|.*(Iso|ISO|At|_at|Date|Time))$/;
const CUTS = new Set(["slice", "substring", "substr"]);

/** @param {any} node */
function nameOf(node) {
  if (node.type === "Identifier") return node.name;
  if (node.type === "MemberExpression" && !node.computed) return node.property.name;
  if (node.type === "ChainExpression") return nameOf(node.expression);
  // A wrapper of one value (`String(r.createdAt)`, `str(d.dueAt)`) keeps what the value is.
  if (node.type === "CallExpression" && node.arguments.length === 1)
    return nameOf(node.arguments[0]);
  return null;
}

/** @param {any} node */
function isIsoCall(node) {
  if (node.type === "ChainExpression") return isIsoCall(node.expression);
  if (node.type !== "CallExpression") return false;
  const callee = node.callee;
  if (callee.type === "Identifier") return callee.name === "utcToZonedLocal";
  return (
    callee.type === "MemberExpression" &&
    !callee.computed &&
    ["toISOString", "toJSON"].includes(callee.property.name)
  );
}

/** @type {import("eslint").Rule.RuleModule} */
export const noIsoSlice = {
  meta: {
    type: "problem",
    docs: { description: "Refuse showing times by cutting ISO strings (the UTC clock)." },
    schema: [],
    messages: {
      iso: "Cutting an ISO string shows the UTC clock: format with formatZoned or formatDay, or take a key with isoDay / isoMinute / isoSecond (~/lib/zoned-time).",
    },
  },
  create(context) {
    return {
      /** @param {any} node */
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || callee.computed) return;
        if (!CUTS.has(callee.property.name)) return;
        const object = callee.object;
        const first = node.arguments[0];
        const numeric = first?.type === "Literal" && typeof first.value === "number";
        const name = nameOf(object);
        if (isIsoCall(object) || (numeric && name && TIME_NAME.test(name)))
          context.report({ node, messageId: "iso" });
      },
    };
  },
};

export default { rules: { "no-iso-slice": noIsoSlice } };
