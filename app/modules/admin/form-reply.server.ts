/** Builds the action replies of the admin forms: messages per field with the typed values kept. */
import { json } from "@remix-run/node";
import type { FormReply } from "./components/fields";

export function valuesOf(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  // A field posted more than once (ticked boxes) keeps every value, comma-separated.
  for (const [k, v] of form)
    if (typeof v === "string" && k !== "intent") out[k] = k in out ? `${out[k]},${v}` : v;
  return out;
}

export function refused(form: FormData, errors: Record<string, string>, status = 400) {
  return json<FormReply>({ errors, values: valuesOf(form) }, { status });
}
