/**
 * Forms with versions (designed; SPEC §2.5 buildform, admin, review). A form has one draft that is
 * edited and any number of published versions that never change: publishing copies the draft into
 * a new version. A submission records the version it answered, so an older submission is read
 * with its own questions. Seeded on first use from the three fixed forms (forms.ts) as version 1.
 * Uploads (photos, signatures) are small images kept here as base64, referenced by answers.
 */
import jsonLogic from "json-logic-js";
import { FORMS, ANSWER_TEXT_MAX, type SimForm } from "./forms";
import { HttpError, type Ctx } from "./kit";

export const BUILT_FIELD_TYPES = [
  "text",
  "textarea",
  "number",
  "date",
  "time",
  "select",
  "multiselect",
  "checkbox",
  "photo",
  "signature",
  "vehicle",
  "location",
  "heading",
  "group",
] as const;
export type BuiltFieldType = (typeof BUILT_FIELD_TYPES)[number];

export type BuiltField = {
  id: string;
  label: string;
  type: BuiltFieldType;
  required: boolean;
  help?: string;
  options?: string[];
  min?: number;
  max?: number;
  /** JSON Logic over the answers (and, inside a group, the item's answers): shown when truthy. */
  visible_if?: unknown;
  /** Answers that flag the submission for review (choice options, "yes"/"no"). */
  flag_values?: string[];
  /** A repeating group's questions (one level). */
  fields?: BuiltField[];
  max_items?: number;
  export_column?: string;
};

export type FormContent = { title: string; description: string; fields: BuiltField[] };
export type FormVersion = FormContent & {
  version: number;
  published_at: string;
  published_by: number;
};

export type BuiltForm = Omit<SimForm, "fields" | "title" | "description"> & {
  archived: boolean;
  fillers: { everyone: boolean; group_ids: number[] };
  draft: FormContent & { updated_at: string };
  versions: FormVersion[];
};

export type SimUpload = {
  id: string;
  company_id: number;
  content_type: string;
  size: number;
  data: string;
  created_by: number;
  created_at: string;
};

export type FormsBuilderState = { seq: number; forms: BuiltForm[]; uploads: SimUpload[] };

/** The HTTP layer takes bodies of up to 1 MB: base64 of 700 KiB fits with room for the JSON around it. */
export const UPLOAD_MAX_BYTES = 700 * 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"];
export const MAX_FIELDS = 100;
export const MAX_GROUP_ITEMS = 50;

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export function formsData(ctx: Ctx): FormsBuilderState {
  if (!ctx.state.formsBuilder)
    ctx.state.formsBuilder = {
      seq: 400,
      uploads: [],
      forms: FORMS.map((f) => {
        const content = { title: f.title, description: f.description, fields: clone(f.fields) };
        const { fields: _f, title: _t, description: _d, ...rest } = f;
        return {
          ...clone(rest),
          archived: false,
          fillers: { everyone: true, group_ids: [] },
          draft: { ...clone(content), updated_at: f.updated_at },
          versions: [
            {
              ...clone(content),
              version: 1,
              published_at: f.updated_at,
              published_by: f.created_by.username_id,
            },
          ],
        };
      }),
    };
  return ctx.state.formsBuilder;
}

export const latest = (f: BuiltForm): FormVersion | null => f.versions.at(-1) ?? null;

const ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

function fieldProblem(x: unknown, path: string, inGroup: boolean, ids: Set<string>): BuiltField {
  if (!x || typeof x !== "object" || Array.isArray(x))
    throw new HttpError(400, `${path} must be an object`);
  const f = x as Record<string, unknown>;
  if (typeof f.id !== "string" || !ID.test(f.id))
    throw new HttpError(400, `${path}.id must be a word of letters, digits, _ or -`);
  if (ids.has(f.id)) throw new HttpError(400, `${path}.id ${f.id} is used twice`);
  ids.add(f.id);
  if (typeof f.label !== "string" || !f.label.trim() || f.label.length > 300)
    throw new HttpError(400, `${path}.label is required (at most 300 characters)`);
  if (!BUILT_FIELD_TYPES.includes(f.type as BuiltFieldType))
    throw new HttpError(400, `${path}.type must be one of: ${BUILT_FIELD_TYPES.join(", ")}`);
  const type = f.type as BuiltFieldType;
  if (inGroup && type === "group") throw new HttpError(400, `${path}: groups do not nest`);
  const out: BuiltField = { id: f.id, label: f.label.trim(), type, required: f.required === true };
  if (typeof f.help === "string" && f.help.trim()) out.help = f.help.trim().slice(0, 500);
  if (type === "select" || type === "multiselect") {
    const o = f.options;
    if (
      !Array.isArray(o) ||
      !o.length ||
      o.length > 100 ||
      o.some((v) => typeof v !== "string" || !v.trim() || v.length > 200) ||
      new Set(o).size !== o.length
    )
      throw new HttpError(400, `${path}.options must be 1 to 100 different texts`);
    out.options = o as string[];
  }
  for (const k of ["min", "max"] as const) {
    const v = f[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== "number" || !Number.isFinite(v))
      throw new HttpError(400, `${path}.${k} must be a number`);
    out[k] = v;
  }
  if (out.min !== undefined && out.max !== undefined && out.min > out.max)
    throw new HttpError(400, `${path}.min must not be above max`);
  if (f.visible_if !== undefined && f.visible_if !== null) {
    if (typeof f.visible_if !== "object" || JSON.stringify(f.visible_if).length > 2000)
      throw new HttpError(400, `${path}.visible_if must be a JSON Logic rule`);
    out.visible_if = f.visible_if;
  }
  if (f.flag_values !== undefined) {
    if (!Array.isArray(f.flag_values) || f.flag_values.some((v) => typeof v !== "string"))
      throw new HttpError(400, `${path}.flag_values must be a list of texts`);
    if (f.flag_values.length) out.flag_values = f.flag_values as string[];
  }
  if (typeof f.export_column === "string") out.export_column = f.export_column;
  if (type === "group") {
    if (!Array.isArray(f.fields) || !f.fields.length)
      throw new HttpError(400, `${path}.fields: a repeating group needs at least one question`);
    out.fields = f.fields.map((c, i) => fieldProblem(c, `${path}.fields[${i}]`, true, ids));
    if (f.max_items !== undefined) {
      if (
        typeof f.max_items !== "number" ||
        !Number.isInteger(f.max_items) ||
        f.max_items < 1 ||
        f.max_items > MAX_GROUP_ITEMS
      )
        throw new HttpError(400, `${path}.max_items must be 1 to ${MAX_GROUP_ITEMS}`);
      out.max_items = f.max_items;
    }
  }
  return out;
}

/** A draft's content as sent, checked (400 naming the first problem). */
export function contentOf(body: Record<string, unknown>, fallbackTitle?: string): FormContent {
  const title = typeof body.title === "string" ? body.title.trim() : (fallbackTitle ?? "");
  if (!title || title.length > 200)
    throw new HttpError(400, "title is required (at most 200 characters)");
  const description =
    typeof body.description === "string" ? body.description.trim().slice(0, 2000) : "";
  const raw = body.fields ?? [];
  if (!Array.isArray(raw) || raw.length > MAX_FIELDS)
    throw new HttpError(400, `fields must be a list of at most ${MAX_FIELDS} questions`);
  const ids = new Set<string>();
  return {
    title,
    description,
    fields: raw.map((f, i) => fieldProblem(f, `fields[${i}]`, false, ids)),
  };
}

type Answers = Record<string, unknown>;

function visible(field: BuiltField, data: Answers): boolean {
  if (!field.visible_if) return true;
  try {
    return Boolean(jsonLogic.apply(field.visible_if as jsonLogic.RulesLogic, data));
  } catch {
    return false;
  }
}

const empty = (v: unknown) =>
  v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

function valueProblem(
  field: BuiltField,
  v: unknown,
  name: string,
  uploads: Set<string>,
): string | null {
  switch (field.type) {
    case "text":
    case "textarea":
    case "vehicle":
      if (typeof v !== "string" || v.length > ANSWER_TEXT_MAX)
        return `${name} must be text of at most ${ANSWER_TEXT_MAX} characters`;
      return null;
    case "number":
      if (typeof v !== "number" || !Number.isFinite(v)) return `${name} must be a number`;
      if (field.min !== undefined && v < field.min) return `${name} must be at least ${field.min}`;
      if (field.max !== undefined && v > field.max) return `${name} must be at most ${field.max}`;
      return null;
    case "date":
      return typeof v === "string" &&
        /^\d{4}-\d{2}-\d{2}$/.test(v) &&
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`))
        ? null
        : `${name} must be a date (YYYY-MM-DD)`;
    case "time":
      return typeof v === "string" && /^([01]\d|2[0-3]):[0-5]\d$/.test(v)
        ? null
        : `${name} must be a time (HH:MM)`;
    case "select":
      return typeof v === "string" && field.options?.includes(v)
        ? null
        : `${name} must be one of: ${field.options?.join(", ")}`;
    case "multiselect":
      return Array.isArray(v) &&
        v.every((x) => typeof x === "string" && field.options?.includes(x)) &&
        new Set(v).size === v.length
        ? null
        : `${name} must be a list of: ${field.options?.join(", ")}`;
    case "checkbox":
      return typeof v === "boolean" ? null : `${name} must be true or false`;
    case "photo":
      return typeof v === "string" && uploads.has(v) ? null : `${name} must be an upload id`;
    case "signature": {
      // Drawn (an upload) or, where drawing is not possible, a name typed instead.
      if (typeof v === "string") return uploads.has(v) ? null : `${name} must be an upload id`;
      const t = (v as { typed_name?: unknown })?.typed_name;
      return typeof t === "string" && t.trim() && t.length <= 200
        ? null
        : `${name} must be an upload id or {typed_name}`;
    }
    case "location": {
      const o = v as { lat?: unknown; lng?: unknown };
      return o &&
        typeof o === "object" &&
        typeof o.lat === "number" &&
        typeof o.lng === "number" &&
        Math.abs(o.lat) <= 90 &&
        Math.abs(o.lng) <= 180
        ? null
        : `${name} must be {lat, lng}`;
    }
    case "heading":
      return `${name} is a heading, not a question`;
    case "group":
      return null;
  }
}

function levelProblem(
  fields: BuiltField[],
  answers: Answers,
  context: Answers,
  prefix: string,
  uploads: Set<string>,
): string | null {
  for (const key of Object.keys(answers))
    if (!fields.some((x) => x.id === key && x.type !== "heading"))
      return `${prefix}${key} is not a field of this form`;
  for (const field of fields) {
    if (field.type === "heading") continue;
    const name = `${prefix}${field.id}`;
    const v = answers[field.id];
    const shown = visible(field, context);
    if (empty(v)) {
      if (field.required && shown) return `${name} is required`;
      continue;
    }
    if (!shown) return `${name} answers a question that is not shown`;
    if (field.type === "group") {
      if (!Array.isArray(v) || v.length > (field.max_items ?? MAX_GROUP_ITEMS))
        return `${name} must be a list of at most ${field.max_items ?? MAX_GROUP_ITEMS} items`;
      for (const [i, item] of v.entries()) {
        if (!item || typeof item !== "object" || Array.isArray(item))
          return `${name}[${i}] must be an object`;
        const p = levelProblem(
          field.fields ?? [],
          item as Answers,
          { ...context, ...(item as Answers) },
          `${name}[${i}].`,
          uploads,
        );
        if (p) return p;
      }
      continue;
    }
    const p = valueProblem(field, v, name, uploads);
    if (p) return p;
  }
  return null;
}

/** Why the answers do not fit the version's questions, or null when they do. */
export function builtAnswersProblem(
  fields: BuiltField[],
  answers: Answers,
  uploads: Set<string>,
): string | null {
  return levelProblem(fields, answers, answers, "answers.", uploads);
}
