/**
 * The questions of a form version (browser-safe, shared by the builder, the fill-in page, the
 * review and the PDF). A field's id names its answer in every version, so answers of an older
 * version still find their questions in that version. A repeating group holds one level of
 * questions; conditions are JSON Logic rules over the answers, never code.
 */
import { z } from "zod";

export const FIELD_TYPES = [
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
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: "Short text",
  textarea: "Long text",
  number: "Number",
  date: "Date",
  time: "Time",
  select: "Single choice",
  multiselect: "Multiple choice",
  checkbox: "Yes / no",
  photo: "Photo",
  signature: "Signature",
  vehicle: "Vehicle or asset",
  location: "Location",
  heading: "Section heading",
  group: "Repeating group",
};

export type JsonLogicRule = Record<string, unknown>;

export type Field = {
  id: string;
  label: string;
  type: FieldType;
  required: boolean;
  help?: string;
  options?: string[];
  min?: number;
  max?: number;
  visible_if?: JsonLogicRule | null;
  flag_values?: string[];
  fields?: Field[];
  max_items?: number;
};

export type Location = { lat: number; lng: number };
export type Scalar = string | number | boolean;
/** A signature typed as a name (no JavaScript, or no way to draw): recorded as typed. */
export type TypedSignature = { typed_name: string };
export type ItemValue = Scalar | string[] | Location | TypedSignature;
export type GroupItem = Record<string, ItemValue>;
export type AnswerValue = ItemValue | GroupItem[];
export type Answers = Record<string, AnswerValue>;

export const isTypedSignature = (v: unknown): v is TypedSignature =>
  typeof v === "object" && v !== null && typeof (v as TypedSignature).typed_name === "string";

export const FIELD_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const MAX_FIELDS = 100;
export const MAX_GROUP_ITEMS = 50;
export const TEXT_MAX = 500;
export const TEXTAREA_MAX = 5000;

/** Kinds that take an answer (a heading does not). */
export const isQuestion = (f: Pick<Field, "type">) => f.type !== "heading";
export const hasOptions = (t: FieldType) => t === "select" || t === "multiselect";
/** Kinds whose answers can flag a submission (choices and yes/no). */
export const canFlag = (t: FieldType) => hasOptions(t) || t === "checkbox";
/** The values a flag can name: a choice's options, or yes/no. */
export const flagChoices = (f: Pick<Field, "type" | "options">): string[] =>
  f.type === "checkbox" ? ["yes", "no"] : (f.options ?? []);

const baseField = z.object({
  id: z.string().regex(FIELD_ID),
  label: z.string(),
  // Kept open: a kind this product cannot render shows as text, not as an unreadable form.
  type: z.string(),
  required: z.boolean(),
  help: z.string().optional(),
  options: z.array(z.string()).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  visible_if: z.record(z.unknown()).nullable().optional(),
  flag_values: z.array(z.string()).optional(),
  max_items: z.number().int().optional(),
  export_column: z.string().optional(),
});
type RawField = z.infer<typeof baseField> & { fields?: RawField[] };
export const fieldSchema: z.ZodType<RawField> = baseField.extend({
  fields: z.lazy(() => z.array(fieldSchema)).optional(),
});

/** An upstream field as this product reads it (an unknown kind reads as short text). */
export function toField(raw: RawField): Field {
  const type = (FIELD_TYPES as readonly string[]).includes(raw.type)
    ? (raw.type as FieldType)
    : "text";
  const f: Field = { id: raw.id, label: raw.label, type, required: raw.required };
  if (raw.help) f.help = raw.help;
  if (raw.options) f.options = raw.options;
  if (raw.min !== undefined) f.min = raw.min;
  if (raw.max !== undefined) f.max = raw.max;
  if (raw.visible_if) f.visible_if = raw.visible_if;
  if (raw.flag_values?.length) f.flag_values = raw.flag_values;
  if (raw.max_items !== undefined) f.max_items = raw.max_items;
  if (type === "group") f.fields = (raw.fields ?? []).map(toField);
  return f;
}

/** Every field, group children after their group. */
export function allFields(fields: Field[]): Field[] {
  return fields.flatMap((f) => [f, ...(f.fields ?? [])]);
}
