/**
 * Conditional visibility: a field's `visible_if` is a JSON Logic rule evaluated over the answers
 * (inside a repeating group, the item's answers on top of the form's). json-logic-js interprets a
 * fixed set of operations on data; nothing is ever evaluated as code. The builder offers simple
 * conditions ("show when X is Y") and writes them as JSON Logic; `toSimple` reads them back.
 */
import jsonLogic from "json-logic-js";
import type { Answers, Field, FieldType, GroupItem, JsonLogicRule } from "./model";

export function isVisible(
  field: Pick<Field, "visible_if">,
  data: Answers | GroupItem | Record<string, unknown>,
): boolean {
  if (!field.visible_if) return true;
  try {
    return Boolean(jsonLogic.apply(field.visible_if as jsonLogic.RulesLogic, data));
  } catch {
    // A rule that cannot be applied hides its field rather than breaking the form.
    return false;
  }
}

export const CONDITION_OPS = [
  "equals",
  "not_equals",
  "answered",
  "contains",
  "above",
  "below",
] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export const CONDITION_OP_LABELS: Record<ConditionOp, string> = {
  equals: "is",
  not_equals: "is not",
  answered: "is answered",
  contains: "includes",
  above: "is above",
  below: "is below",
};

export type SimpleCondition = { field: string; op: ConditionOp; value: string };

/** The value of a condition as the answer holds it (yes/no → boolean, number → number). */
function typed(value: string, type: FieldType | undefined): unknown {
  if (type === "checkbox") return value.trim().toLowerCase() === "yes";
  if (type === "number") {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  return value;
}

export function toLogic(c: SimpleCondition, type?: FieldType): JsonLogicRule {
  const v = { var: c.field };
  switch (c.op) {
    case "answered":
      return { "!!": [v] };
    case "equals":
      return { "==": [v, typed(c.value, type)] };
    case "not_equals":
      return { "!=": [v, typed(c.value, type)] };
    case "contains":
      return { in: [c.value, v] };
    case "above":
      return { ">": [v, typed(c.value, "number")] };
    case "below":
      return { "<": [v, typed(c.value, "number")] };
  }
}

const OP_OF: Record<string, ConditionOp> = {
  "==": "equals",
  "!=": "not_equals",
  ">": "above",
  "<": "below",
};

const varName = (x: unknown): string | null =>
  x && typeof x === "object" && typeof (x as { var?: unknown }).var === "string"
    ? (x as { var: string }).var
    : null;

const asText = (v: unknown) => (v === true ? "yes" : v === false ? "no" : String(v));

/** A rule the builder wrote, as its simple form; null for anything else. */
export function toSimple(rule: JsonLogicRule | null | undefined): SimpleCondition | null {
  if (!rule) return null;
  const keys = Object.keys(rule);
  if (keys.length !== 1) return null;
  const op = keys[0]!;
  const args = rule[op];
  if (!Array.isArray(args)) return null;
  if (op === "!!" && args.length === 1 && varName(args[0]))
    return { field: varName(args[0])!, op: "answered", value: "" };
  if (op === "in" && args.length === 2 && varName(args[1]) && typeof args[0] === "string")
    return { field: varName(args[1])!, op: "contains", value: args[0] };
  const simple = OP_OF[op];
  if (simple && args.length === 2 && varName(args[0]))
    return { field: varName(args[0])!, op: simple, value: asText(args[1]) };
  return null;
}

/** The field ids a rule reads. */
export function varsOf(rule: unknown): string[] {
  if (!rule || typeof rule !== "object") return [];
  if (Array.isArray(rule)) return rule.flatMap(varsOf);
  const name = varName(rule);
  if (name !== null) return [name];
  return Object.values(rule as Record<string, unknown>).flatMap(varsOf);
}
