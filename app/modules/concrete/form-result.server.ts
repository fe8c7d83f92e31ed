/** A refused form's answer: a message per field (or for the form) and the values as typed. */
import { json } from "@remix-run/node";
import { firstErrors } from "~/lib/parse-form";

export type FormReply = {
  errors: Record<string, string>;
  values: Record<string, string | string[]>;
};

const MULTI = new Set(["limit_set_ids", "user_ids", "channels", "pour_ids"]);

export function typedValues(form: FormData): FormReply["values"] {
  const out: FormReply["values"] = {};
  for (const k of new Set(form.keys())) {
    if (k === "intent") continue;
    out[k] = MULTI.has(k) ? form.getAll(k).map(String) : String(form.get(k) ?? "");
  }
  return out;
}

/** 400 (or 409) with the errors beside their fields and the typed values kept. */
export function refused(form: FormData, errors: Record<string, string>, status: 400 | 409 = 400) {
  return json<FormReply>({ errors, values: typedValues(form) }, { status });
}

export function invalid(
  form: FormData,
  submission: { reply: () => { status?: string; error?: Record<string, string[] | null> | null } },
) {
  return refused(form, firstErrors(submission.reply()));
}
