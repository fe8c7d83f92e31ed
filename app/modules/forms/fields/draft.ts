/**
 * The builder's draft (browser-safe): questions added, moved, removed, read from the builder's
 * plain form post (so it works without JavaScript; drag and drop posts the same form with a new
 * order), and the rules a draft must meet to be published.
 */
import { CONDITION_OPS, toLogic, toSimple, varsOf, type ConditionOp } from "./conditions";
import {
  FIELD_ID,
  FIELD_TYPES,
  MAX_FIELDS,
  MAX_GROUP_ITEMS,
  allFields,
  canFlag,
  flagChoices,
  hasOptions,
  isQuestion,
  type Field,
  type FieldType,
} from "./model";
import type { Posted } from "./answers";

export type DraftContent = { title: string; description: string; fields: Field[] };

/** A new question's id: q1, q2, … after the highest used in the draft or any version. */
export function nextId(fields: Field[], taken: Iterable<string> = []): string {
  let max = 0;
  for (const id of [...allFields(fields).map((f) => f.id), ...taken]) {
    const m = /^q(\d+)$/.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return `q${max + 1}`;
}

export function newField(type: FieldType, id: string): Field {
  const f: Field = {
    id,
    label: type === "heading" ? "New section" : "New question",
    type,
    required: false,
  };
  if (hasOptions(type)) f.options = ["Pass", "Fail"];
  if (type === "group") {
    f.label = "Items";
    f.fields = [{ id: `${id}_1`, label: "Description", type: "text", required: true }];
  }
  return f;
}

/** Adds a question at the end (of a group's questions when `parent` names a group). */
export function addField(fields: Field[], type: FieldType, id: string, parent?: string): Field[] {
  const f = newField(type, id);
  if (!parent) return [...fields, f];
  return fields.map((g) =>
    g.id === parent && g.type === "group" && type !== "group"
      ? { ...g, fields: [...(g.fields ?? []), f] }
      : g,
  );
}

const move = <T>(list: T[], from: number, to: number): T[] => {
  if (from < 0 || to < 0 || from >= list.length || to >= list.length || from === to) return list;
  const out = [...list];
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x!);
  return out;
};

/** Moves a question one place up or down among its siblings (top level or inside its group). */
export function moveField(fields: Field[], id: string, dir: "up" | "down"): Field[] {
  const step = dir === "up" ? -1 : 1;
  const i = fields.findIndex((f) => f.id === id);
  if (i >= 0) return move(fields, i, i + step);
  return fields.map((g) => {
    const j = g.fields?.findIndex((c) => c.id === id) ?? -1;
    return j >= 0 ? { ...g, fields: move(g.fields!, j, j + step) } : g;
  });
}

/** Puts the top-level questions in the order of `ids` (drag and drop); unknown ids are ignored. */
export function reorder(fields: Field[], ids: string[]): Field[] {
  const known = ids.filter((id, i) => ids.indexOf(id) === i && fields.some((f) => f.id === id));
  return [
    ...known.map((id) => fields.find((f) => f.id === id)!),
    ...fields.filter((f) => !known.includes(f.id)),
  ];
}

export function removeField(fields: Field[], id: string): Field[] {
  return fields
    .filter((f) => f.id !== id)
    .map((g) => (g.fields ? { ...g, fields: g.fields.filter((c) => c.id !== id) } : g));
}

const one = (p: Posted, name: string) => (p.get(name)?.[0] ?? "").trim();
const num = (s: string) => (s === "" ? undefined : Number(s));

/** The draft as the builder's form posted it: errors by input name, the typed content kept. */
export function draftFromPost(p: Posted): {
  content: DraftContent;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const title = one(p, "title");
  if (!title) errors.title = "Give the form a title.";
  else if (title.length > 200) errors.title = "Use at most 200 characters.";
  const description = one(p, "description").slice(0, 2000);
  const readField = (id: string, inGroup: boolean): Field | null => {
    if (!FIELD_ID.test(id)) return null;
    const k = `f.${id}.`;
    const type = one(p, `${k}type`) as FieldType;
    if (!(FIELD_TYPES as readonly string[]).includes(type) || (inGroup && type === "group"))
      return null;
    const f: Field = {
      id,
      label: one(p, `${k}label`),
      type,
      required: isQuestion({ type }) && one(p, `${k}required`) === "on",
    };
    if (!f.label) errors[`${k}label`] = "Give the question a label.";
    else if (f.label.length > 300) errors[`${k}label`] = "Use at most 300 characters.";
    const help = one(p, `${k}help`);
    if (help) f.help = help.slice(0, 500);
    if (hasOptions(type)) {
      const options = [
        ...new Set(
          one(p, `${k}options`)
            .split(/\r?\n/)
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ];
      f.options = options;
      if (!options.length) errors[`${k}options`] = "Give at least one option, one per line.";
      else if (options.some((o) => o.length > 200))
        errors[`${k}options`] = "Keep each option to 200 characters.";
    }
    if (type === "number") {
      const min = num(one(p, `${k}min`));
      const max = num(one(p, `${k}max`));
      if (min !== undefined && !Number.isFinite(min)) errors[`${k}min`] = "Enter a number.";
      else if (min !== undefined) f.min = min;
      if (max !== undefined && !Number.isFinite(max)) errors[`${k}max`] = "Enter a number.";
      else if (max !== undefined) f.max = max;
      if (f.min !== undefined && f.max !== undefined && f.min > f.max)
        errors[`${k}max`] = "The highest value must not be below the lowest.";
    }
    if (canFlag(type)) {
      const flags = (p.get(`${k}flags`) ?? []).filter((v) => flagChoices(f).includes(v));
      if (flags.length) f.flag_values = [...new Set(flags)];
    }
    const on = one(p, `${k}cond.field`);
    const op = one(p, `${k}cond.op`) as ConditionOp;
    if (on) {
      if (!CONDITION_OPS.includes(op)) errors[`${k}cond.op`] = "Choose how to compare.";
      else {
        const value = one(p, `${k}cond.value`);
        if (op !== "answered" && !value)
          errors[`${k}cond.value`] = "Give the value to compare with.";
        const source = one(p, `f.${on}.type`) as FieldType;
        f.visible_if = toLogic({ field: on, op, value }, source || undefined);
      }
    }
    if (type === "group") {
      const ids = one(p, `${k}children`).split(",").filter(Boolean);
      f.fields = ids.map((c) => readField(c, true)).filter((c): c is Field => c !== null);
      if (!f.fields.length) errors[`${k}label`] = "A repeating group needs at least one question.";
      const max = num(one(p, `${k}max_items`));
      if (max !== undefined) {
        if (!Number.isInteger(max) || max < 1 || max > MAX_GROUP_ITEMS)
          errors[`${k}max_items`] = `Enter a whole number from 1 to ${MAX_GROUP_ITEMS}.`;
        else f.max_items = max;
      }
    }
    return f;
  };
  const ids = one(p, "order").split(",").filter(Boolean).slice(0, MAX_FIELDS);
  const seen = new Set<string>();
  const fields = ids
    .filter((id) => !seen.has(id) && Boolean(seen.add(id)))
    .map((id) => readField(id, false))
    .filter((f): f is Field => f !== null);
  return { content: { title, description, fields }, errors };
}

/** Why the draft cannot be published (empty when it can). */
export function publishProblems(content: DraftContent): string[] {
  const out: string[] = [];
  if (!content.fields.some(isQuestion)) out.push("A form with no fields cannot be published.");
  const before = new Set<string>();
  const check = (f: Field, scope: Set<string>) => {
    for (const v of varsOf(f.visible_if))
      if (!scope.has(v))
        out.push(`The condition of "${f.label}" must refer to a question above it.`);
    if (hasOptions(f.type) && !f.options?.length) out.push(`"${f.label}" needs options.`);
    if (f.type === "group" && !f.fields?.length)
      out.push(`The repeating group "${f.label}" needs at least one question.`);
  };
  for (const f of content.fields) {
    check(f, before);
    if (f.type === "group") {
      const inner = new Set(before);
      for (const c of f.fields ?? []) {
        check(c, inner);
        inner.add(c.id);
      }
    }
    before.add(f.id);
  }
  return [...new Set(out)];
}

/** The simple condition of a field for the builder's inputs. */
export const conditionOf = (f: Field) => toSimple(f.visible_if ?? null);
