import { json, type TypedResponse } from "@remix-run/node";

/** Word for word from the product spec: the answer to a form whose intent no handler knows. */
export const UNKNOWN_INTENT_MESSAGE = "That request was not understood.";

export type UnknownIntent = { intent: "error"; message: string };

/** The answer to a form that names no known intent, or whose hidden fields are malformed. */
export const notUnderstood = () =>
  json<UnknownIntent>({ intent: "error", message: UNKNOWN_INTENT_MESSAGE }, { status: 400 });

/**
 * One way for an action to serve several forms: each form posts `intent`, and each intent has one
 * handler of its own. An unknown or missing intent (only a forged or stale form sends one) is a 400
 * with the spec's message rather than a guess at what was meant.
 */
export async function switchIntent<Handlers extends Record<string, (form: FormData) => unknown>>(
  form: FormData,
  handlers: Handlers,
): Promise<Awaited<ReturnType<Handlers[keyof Handlers]>> | TypedResponse<UnknownIntent>> {
  const intent = String(form.get("intent") ?? "");
  // Own keys only: "constructor" or "__proto__" must not reach Object.prototype.
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return notUnderstood();
  return (await handler(form)) as Awaited<ReturnType<Handlers[keyof Handlers]>>;
}
