import { parse } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

/**
 * parseWithZod for a posted form on the server. Conform's reserved inputs (`__intent__`,
 * `__state__`) carry JSON for its own list and reset buttons, which no form here uses; a forged one
 * that is not JSON would make Conform throw (a 500), so the server drops them before parsing.
 */
export function parseForm<Schema extends ZodTypeAny>(formData: FormData, schema: Schema) {
  formData.delete("__intent__");
  formData.delete("__state__");
  return parseWithZod(formData, { schema });
}

/**
 * parseForm for a form checked by a function of its own rather than a schema: `check` gives the
 * value, or one message for the whole form (Conform's form error), so the action can still answer
 * with submission.reply() and keep what was typed.
 */
export function parseFormBy<Value extends object>(
  formData: FormData,
  check: (form: FormData) => Value | string,
) {
  formData.delete("__intent__");
  formData.delete("__state__");
  return parse<Value, string[]>(formData, {
    resolve: () => {
      const value = check(formData);
      return typeof value === "string" ? { error: { "": [value] } } : { value };
    },
  });
}

/**
 * Conform's errors as one message per field, for forms that show a message beside each field:
 * an item's error ("imeis[2]", "stops[0].name") belongs to its field, and an error of the whole
 * form (Conform's "") is filed under "form".
 */
export function firstErrors(
  submission:
    { status?: string; error?: Record<string, string[] | null> | null } | null | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, messages] of Object.entries(submission?.error ?? {})) {
    const field = /^[^[.]*/.exec(name)?.[0] || "form";
    if (messages?.[0]) out[field] ??= messages[0];
  }
  return out;
}

/**
 * The reply to a form the schema let through but the server then refused (an upstream 409):
 * beside the field it is about, or as the whole form's error when it names none ("form").
 */
export function refusalReply<Reply>(
  submission: {
    reply: (o: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => Reply;
  },
  field: string,
  message: string,
): Reply {
  return submission.reply(
    field === "form" ? { formErrors: [message] } : { fieldErrors: { [field]: [message] } },
  );
}
