import { z } from "zod";

/**
 * What a visitor of a fill-in link may see of a form: the allow-list. zod objects drop every key
 * they do not name, so whatever the upstream adds to a form (creator, company, mailboxes, staff
 * notes, export columns) never reaches the snapshot a link keeps, nor the public page built from it.
 */

export const PUBLIC_FIELD_TYPES = [
  "text",
  "textarea",
  "number",
  "date",
  "select",
  "checkbox",
] as const;
export type PublicFieldType = (typeof PUBLIC_FIELD_TYPES)[number];

/** Field ids become input names: plain words only, so no id can reach into Conform's `a.b[0]` paths or its `__intent__`. */
export const FIELD_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const MAX_PUBLIC_FIELDS = 50;

/** A question as a link shows it: options only on a choice, limits only on a number. */
type SnapshotField = {
  id: string;
  label: string;
  type: PublicFieldType;
  required: boolean;
  options?: string[];
  min?: number;
  max?: number;
};

export const publicFieldSchema = z
  .object({
    id: z.string().regex(FIELD_ID_PATTERN, "has an id that cannot name an input"),
    label: z.string().trim().min(1, "has no label").max(300),
    type: z.enum(PUBLIC_FIELD_TYPES, {
      errorMap: () => ({ message: "is of a kind a link cannot show" }),
    }),
    required: z.boolean(),
    options: z.array(z.string().min(1).max(200)).max(100).optional(),
    // Read only to refuse it: a link's page checks no conditions (forms builder).
    visible_if: z.unknown().optional(),
    // A number's limits are kept and checked (issue 38.6: an odometer of −5 was accepted).
    min: z.number().finite().nullish(),
    max: z.number().finite().nullish(),
  })
  .refine((f) => f.type !== "select" || (f.options?.length ?? 0) > 0, {
    message: "is a choice without options",
  })
  .refine((f) => f.visible_if == null, { message: "has a condition a link cannot check" })
  .refine((f) => f.type === "number" || (f.min == null && f.max == null), {
    message: "has a limit on a question that is not a number",
  })
  // Options mean something only for a choice, limits only for a number; the snapshot keeps no more.
  .transform((f): SnapshotField => {
    const base = { id: f.id, label: f.label, type: f.type, required: f.required };
    if (f.type === "select") return { ...base, options: f.options };
    if (f.type === "number")
      return {
        ...base,
        ...(f.min != null ? { min: f.min } : {}),
        ...(f.max != null ? { max: f.max } : {}),
      };
    return base;
  });

export const publicFormSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z
      .string()
      .max(2000)
      .nullish()
      .transform((d) => d ?? ""),
    fields: z.array(publicFieldSchema).min(1, "has no questions").max(MAX_PUBLIC_FIELDS),
    /** The published version the link shows (forms builder); its answers are sent as that version. */
    version: z.number().int().positive().nullish(),
  })
  .refine((f) => new Set(f.fields.map((x) => x.id)).size === f.fields.length, {
    message: "has two questions with the same id",
  });

export type PublicField = z.output<typeof publicFieldSchema>;
export type PublicForm = z.output<typeof publicFormSchema>;

/** The public snapshot of a form, or why it cannot be filled in through a link. */
export function toPublicForm(
  form: unknown,
): { ok: true; form: PublicForm } | { ok: false; reason: string } {
  const parsed = publicFormSchema.safeParse(form);
  if (parsed.success) return { ok: true, form: parsed.data };
  const issue = parsed.error.issues[0]!;
  const fields = (form as { fields?: { label?: unknown }[] } | null)?.fields;
  const index =
    issue.path[0] === "fields" && typeof issue.path[1] === "number" ? issue.path[1] : null;
  const label =
    index !== null && typeof fields?.[index]?.label === "string" ? fields[index]!.label : null;
  const reason = label
    ? `The question "${label}" ${issue.message}.`
    : issue.path.length
      ? `Its ${String(issue.path[0])} is not usable (${issue.message}).`
      : `The form ${issue.message}.`;
  return { ok: false, reason };
}
