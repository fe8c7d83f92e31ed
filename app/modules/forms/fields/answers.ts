/**
 * Answers of a form version: read from a posted form, checked against the version's rules, and
 * read back for people (browser-safe: the fill-in page runs the same code for its live
 * conditions). Input names: `a.<id>` (several for a multiple choice), `a.<id>.lat`/`.lng` for a
 * location, `a.<group>.<n>.<id>` inside a repeating group whose item count is `n.<group>`. Photos
 * and signatures arrive as upload ids (the route stores the files first, so they survive a 422).
 */
import { isVisible } from "./conditions";
import {
  MAX_GROUP_ITEMS,
  TEXTAREA_MAX,
  TEXT_MAX,
  isQuestion,
  isTypedSignature,
  type AnswerValue,
  type Answers,
  type Field,
  type GroupItem,
  type ItemValue,
} from "./model";

export const REQUIRED = "Please answer this question.";
export const YES_OR_NO = "Please answer yes or no.";
export const TYPED_NAME_MAX = 200;
export const UPLOAD_ID = /^up_[A-Za-z0-9_-]{1,40}$/;

export type Posted = Map<string, string[]>;

/** The text entries of a posted form (files are handled before, by the route). */
export function postedOf(entries: Iterable<[string, unknown]>): Posted {
  const out: Posted = new Map();
  for (const [k, v] of entries) {
    if (typeof v !== "string") continue;
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}

export const inputName = (prefix: string, id: string) => `${prefix}${id}`;
export const groupPrefix = (groupId: string, index: number) => `a.${groupId}.${index}.`;
export const countName = (groupId: string) => `n.${groupId}`;

/** The posted answers without item `index` of a group: later items move up, the count goes down. */
type Entries = [string, string][];
export function withoutItem(entries: Entries, group: string, index: number): Entries {
  const prefix = `a.${group}.`;
  return entries.flatMap(([k, v]): Entries => {
    if (k === countName(group)) return [[k, String(Math.max(0, (Number(v) || 0) - 1))]];
    const m = k.startsWith(prefix) ? /^(\d+)\.(.+)$/.exec(k.slice(prefix.length)) : null;
    if (!m) return [[k, v]];
    const i = Number(m[1]);
    if (i === index) return [];
    return [[i > index ? `${prefix}${i - 1}.${m[2]}` : k, v]];
  });
}

export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

export type CheckOptions = { vehicles?: readonly string[] };
type Read = { value?: ItemValue; error?: string };

const fmt = (n: number) => String(n);

function readValue(f: Field, p: Posted, name: string, o: CheckOptions): Read {
  const s = (p.get(name)?.[0] ?? "").trim();
  switch (f.type) {
    case "text":
    case "textarea": {
      const max = f.type === "text" ? TEXT_MAX : TEXTAREA_MAX;
      if (!s) return {};
      return s.length > max ? { error: `Please keep this to ${max} characters.` } : { value: s };
    }
    case "number": {
      if (!s) return {};
      const n = Number(s);
      if (!Number.isFinite(n) || Math.abs(n) > 1e12)
        return { error: "Please enter a number, e.g. 12 or 12.5." };
      if (f.min !== undefined && n < f.min)
        return { error: `Please enter a number of at least ${fmt(f.min)}.` };
      if (f.max !== undefined && n > f.max)
        return { error: `Please enter a number of at most ${fmt(f.max)}.` };
      return { value: n };
    }
    case "date":
      if (!s) return {};
      return isCalendarDate(s) ? { value: s } : { error: "Please enter a date as YYYY-MM-DD." };
    case "time":
      if (!s) return {};
      return /^([01]\d|2[0-3]):[0-5]\d$/.test(s)
        ? { value: s }
        : { error: "Please enter a time as HH:MM, e.g. 14:30." };
    case "select":
      if (!s) return {};
      return f.options?.includes(s) ? { value: s } : { error: "Please choose one of the options." };
    case "multiselect": {
      const chosen = [...new Set((p.get(name) ?? []).map((x) => x.trim()).filter(Boolean))];
      if (!chosen.length) return {};
      return chosen.every((x) => f.options?.includes(x))
        ? { value: (f.options ?? []).filter((x) => chosen.includes(x)) }
        : { error: "Please choose among the options." };
    }
    case "checkbox":
      if (!s) return {};
      return s === "yes" || s === "no" ? { value: s === "yes" } : { error: YES_OR_NO };
    case "photo":
      if (!s) return {};
      return UPLOAD_ID.test(s) ? { value: s } : { error: "Please add the photo again." };
    case "signature": {
      // A drawn signature wins; the typed name is the way to sign without drawing.
      if (s) return UPLOAD_ID.test(s) ? { value: s } : { error: "Please sign again." };
      const typed = (p.get(`${name}.typed`)?.[0] ?? "").trim().replace(/\s+/g, " ");
      if (!typed) return {};
      return typed.length > TYPED_NAME_MAX
        ? { error: `Please keep the name to ${TYPED_NAME_MAX} characters.` }
        : { value: { typed_name: typed } };
    }
    case "vehicle":
      if (!s) return {};
      return !o.vehicles || o.vehicles.includes(s)
        ? { value: s }
        : { error: "Please choose a vehicle from the list." };
    case "location": {
      const lat = (p.get(`${name}.lat`)?.[0] ?? "").trim();
      const lng = (p.get(`${name}.lng`)?.[0] ?? "").trim();
      if (!lat && !lng) return {};
      const a = Number(lat);
      const b = Number(lng);
      return lat && lng && Math.abs(a) <= 90 && Math.abs(b) <= 180
        ? { value: { lat: a, lng: b } }
        : { error: "Please give a latitude (−90 to 90) and a longitude (−180 to 180)." };
    }
    case "heading":
    case "group":
      return {};
  }
}

export type Checked = { answers: Answers; errors: Record<string, string> };

const requiredMessage = (f: Field) =>
  f.type === "select" || f.type === "vehicle"
    ? "Please choose one."
    : f.type === "checkbox"
      ? YES_OR_NO
      : f.type === "photo"
        ? "Please add a photo."
        : f.type === "signature"
          ? "Please sign here."
          : f.type === "group"
            ? "Please add at least one item."
            : REQUIRED;

/** How many items of a group were posted (its hidden counter, within 0..max). */
export function itemCount(f: Field, p: Posted): number {
  const n = Number(p.get(countName(f.id))?.[0] ?? "0");
  return Number.isInteger(n) ? Math.max(0, Math.min(n, f.max_items ?? MAX_GROUP_ITEMS)) : 0;
}

function readItem(
  children: Field[],
  p: Posted,
  prefix: string,
  context: Answers,
  o: CheckOptions,
  errors: Record<string, string>,
): GroupItem | null {
  const item: GroupItem = {};
  const found: Record<string, string> = {};
  for (const c of children) {
    if (!isQuestion(c)) continue;
    const r = readValue(c, p, inputName(prefix, c.id), o);
    if (r.value !== undefined) item[c.id] = r.value;
    if (r.error) found[inputName(prefix, c.id)] = r.error;
  }
  // An item left blank is no item (a tap on "Add another" by mistake).
  if (!Object.keys(item).length && !Object.keys(found).length) return null;
  for (const c of children) {
    if (!isQuestion(c)) continue;
    const name = inputName(prefix, c.id);
    if (!isVisible(c, { ...context, ...item })) {
      delete item[c.id];
      continue;
    }
    if (found[name]) errors[name] = found[name]!;
    else if (c.required && item[c.id] === undefined) errors[name] = requiredMessage(c);
  }
  return item;
}

/**
 * The answers of a posted form checked against a version's questions: typed values, and a
 * message per input name for what is wrong. A question a condition hides is neither required nor
 * kept; an earlier hidden answer no longer counts for later conditions.
 */
export function checkAnswers(fields: Field[], p: Posted, o: CheckOptions = {}): Checked {
  const answers: Answers = {};
  const errors: Record<string, string> = {};
  const found: Record<string, string> = {};
  for (const f of fields) {
    if (!isQuestion(f) || f.type === "group") continue;
    const r = readValue(f, p, inputName("a.", f.id), o);
    if (r.value !== undefined) answers[f.id] = r.value;
    if (r.error) found[f.id] = r.error;
  }
  for (const f of fields) {
    if (!isQuestion(f)) continue;
    const name = inputName("a.", f.id);
    if (!isVisible(f, answers)) {
      delete answers[f.id];
      continue;
    }
    if (f.type === "group") {
      const items: GroupItem[] = [];
      for (let i = 0; i < itemCount(f, p); i++) {
        const item = readItem(f.fields ?? [], p, groupPrefix(f.id, i), answers, o, errors);
        if (item) items.push(item);
      }
      if (items.length) answers[f.id] = items;
      else if (f.required) errors[name] = requiredMessage(f);
      continue;
    }
    if (found[f.id]) errors[name] = found[f.id]!;
    else if (f.required && answers[f.id] === undefined) errors[name] = requiredMessage(f);
  }
  return { answers, errors };
}

/** The posted inputs of answers (the inverse of checkAnswers, for tests and the offline queue). */
export function postAnswers(fields: Field[], answers: Answers): [string, string][] {
  const out: [string, string][] = [];
  const put = (f: Field, name: string, v: AnswerValue | undefined) => {
    if (v === undefined) return;
    if (f.type === "multiselect" && Array.isArray(v))
      for (const x of v as string[]) out.push([name, x]);
    else if (f.type === "location" && typeof v === "object") {
      const l = v as { lat: number; lng: number };
      out.push([`${name}.lat`, String(l.lat)], [`${name}.lng`, String(l.lng)]);
    } else if (f.type === "checkbox") out.push([name, v ? "yes" : "no"]);
    else if (f.type === "signature" && isTypedSignature(v))
      out.push([`${name}.typed`, v.typed_name]);
    else out.push([name, String(v)]);
  };
  for (const f of fields) {
    if (f.type === "group") {
      const items = (answers[f.id] as GroupItem[] | undefined) ?? [];
      out.push([countName(f.id), String(items.length)]);
      items.forEach((item, i) => {
        for (const c of f.fields ?? []) put(c, inputName(groupPrefix(f.id, i), c.id), item[c.id]);
      });
    } else if (isQuestion(f)) put(f, inputName("a.", f.id), answers[f.id]);
  }
  return out;
}

export type Flag = { id: string; label: string; value: string; group?: string; item?: number };

const valueFlags = (f: Field, v: AnswerValue | undefined): string[] => {
  if (!f.flag_values?.length || v === undefined) return [];
  if (f.type === "checkbox")
    return f.flag_values.includes(v ? "yes" : "no") ? [v ? "Yes" : "No"] : [];
  if (f.type === "select") return typeof v === "string" && f.flag_values.includes(v) ? [v] : [];
  if (f.type === "multiselect" && Array.isArray(v))
    return (v as string[]).filter((x) => f.flag_values!.includes(x));
  return [];
};

/**
 * The answers of a submission that its version flags (e.g. brakes = Fail): what a review filters
 * on, and what the tickets module may turn into a ticket.
 */
export function flaggedAnswers(fields: Field[], answers: Answers): Flag[] {
  const out: Flag[] = [];
  for (const f of fields) {
    if (f.type === "group") {
      const items = Array.isArray(answers[f.id]) ? (answers[f.id] as GroupItem[]) : [];
      items.forEach((item, i) => {
        for (const c of f.fields ?? [])
          for (const value of valueFlags(c, item[c.id]))
            out.push({ id: c.id, label: c.label, value, group: f.label, item: i + 1 });
      });
      continue;
    }
    for (const value of valueFlags(f, answers[f.id])) out.push({ id: f.id, label: f.label, value });
  }
  return out;
}

/** An answer as a person reads it (photos and signatures are shown as images by the pages). */
export function answerText(
  f: Pick<Field, "type">,
  v: unknown,
  names: { vehicles?: Record<string, string> } = {},
): string {
  if (v === undefined || v === null || v === "" || (Array.isArray(v) && !v.length)) return "—";
  switch (f.type) {
    case "checkbox":
      return v === true ? "Yes" : v === false ? "No" : String(v);
    case "multiselect":
      return Array.isArray(v) ? v.join(", ") : String(v);
    case "location": {
      const l = v as { lat?: number; lng?: number };
      return typeof l.lat === "number" && typeof l.lng === "number"
        ? `${l.lat.toFixed(5)}, ${l.lng.toFixed(5)}`
        : "—";
    }
    case "vehicle":
      return names.vehicles?.[String(v)] ?? String(v);
    case "photo":
      return "Photo";
    case "signature":
      return isTypedSignature(v) ? `Typed name (not drawn): ${v.typed_name}` : "Signed";
    default:
      return typeof v === "object" ? JSON.stringify(v) : String(v);
  }
}

/** Upload ids an answer set refers to (photos and signatures, inside groups too). */
export function uploadsOf(fields: Field[], answers: Answers): string[] {
  const out: string[] = [];
  for (const f of fields) {
    if (f.type === "group") {
      const items = Array.isArray(answers[f.id]) ? (answers[f.id] as GroupItem[]) : [];
      for (const item of items)
        for (const c of f.fields ?? [])
          if ((c.type === "photo" || c.type === "signature") && typeof item[c.id] === "string")
            out.push(item[c.id] as string);
    } else if ((f.type === "photo" || f.type === "signature") && typeof answers[f.id] === "string")
      out.push(answers[f.id] as string);
  }
  return out;
}
