import { z } from "zod";
import type { PublicField, PublicForm } from "./public-form";

/**
 * The answers a fill-in link accepts, built from the link's snapshot of the form. The same schema
 * runs in the browser (Conform's onValidate) and on the server (parseWithZod), so the messages are
 * the same with and without JavaScript. Conform hands empty inputs over as undefined, numbers as
 * numbers, a ticked checkbox as true and a yes/no question as "yes" or "no".
 */

export const TEXT_MAX = 500;
export const TEXTAREA_MAX = 5000;

export type Answer = string | number | boolean;
export type Answers = Record<string, Answer>;

const REQUIRED = "Please answer this question.";
export const YES_OR_NO = "Please answer yes or no.";

function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

function fieldSchema(field: PublicField): z.ZodTypeAny {
  switch (field.type) {
    case "text":
    case "textarea": {
      const max = field.type === "text" ? TEXT_MAX : TEXTAREA_MAX;
      const s = z
        .string({ required_error: REQUIRED })
        .trim()
        .max(max, `Please keep this to ${max} characters.`);
      // Only spaces is no answer: required text must keep a character after trimming.
      return field.required ? s.min(1, REQUIRED) : s.optional();
    }
    case "number": {
      const { min, max } = field;
      const n = z
        .number({
          required_error: REQUIRED,
          invalid_type_error: "Please enter a number, e.g. 12 or 12.5.",
        })
        // Infinity ("1e309") ends here too.
        .gte(-1e12, "That number is too large.")
        .lte(1e12, "That number is too large.")
        .gte(min ?? -Infinity, `Please enter a number of at least ${min}.`)
        .lte(max ?? Infinity, `Please enter a number of at most ${max}.`);
      return field.required ? n : n.optional();
    }
    case "date": {
      const d = z
        .string({ required_error: REQUIRED })
        .refine(isCalendarDate, "Please enter a date as YYYY-MM-DD.");
      return field.required ? d : d.optional();
    }
    case "select": {
      const options = field.options ?? [];
      const s = z
        .string({ required_error: "Please choose one." })
        .refine((v) => options.includes(v), "Please choose one of the options.");
      return field.required ? s : s.optional();
    }
    case "checkbox":
      // A required yes/no question is answered Yes or No (a required tick box would let nobody
      // report failed lights); an optional one is a tick box, and an unticked box is not posted.
      return field.required
        ? z
            .enum(["yes", "no"], { errorMap: () => ({ message: YES_OR_NO }) })
            .transform((v) => v === "yes")
        : z
            .boolean({ invalid_type_error: "Please tick the box or leave it empty." })
            .optional()
            .transform((v) => v ?? false);
  }
}

/** The zod schema of one form's answers (unknown inputs are dropped). */
export function answersSchema(form: PublicForm) {
  return z.object(Object.fromEntries(form.fields.map((f) => [f.id, fieldSchema(f)])));
}

/** Parsed answers without the questions left empty. */
export function cleanAnswers(values: Record<string, unknown>): Answers {
  const out: Answers = {};
  for (const [k, v] of Object.entries(values))
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[k] = v;
  return out;
}

/** An answer as a person reads it. */
export function formatAnswer(field: Pick<PublicField, "type">, value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (field.type === "checkbox") return value === true ? "Yes" : "No";
  return String(value);
}
