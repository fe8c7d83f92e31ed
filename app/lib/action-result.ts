import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import type { UnknownIntent } from "~/services/intent.server";
import type { NotSaved } from "~/services/route-promises.server";

type KeysOfAny<T> = T extends unknown ? keyof T : never;

/**
 * A union whose every member also has the other members' keys, as absent: `act?.confirmFor` reads
 * without first narrowing to the answer that has it, and `act?.intent === "x"` still narrows.
 */
type Readable<T, All = T> = T extends unknown
  ? T & Partial<Record<Exclude<KeysOfAny<All>, keyof T>, undefined>>
  : never;

/**
 * What a page's action can answer, as the page reads it: what the action returns, plus what the
 * route wrapper answers on its behalf (a control character refused, the tracking service down:
 * NotSaved) and what switchIntent answers for an intent no handler knows.
 */
export type ActionResult<Action extends (...args: never[]) => unknown> = Readable<
  SerializeFrom<Action> | NotSaved | UnknownIntent
>;

/** useActionData with the answers every action can give besides its own, typed (no cast needed). */
export function useActionResult<Action extends (...args: never[]) => unknown>() {
  return useActionData<Action>() as ActionResult<Action> | undefined;
}

/**
 * Conform's last result for a page whose action answers with `submission.reply()`: the wrapper's
 * NotSaved (which is not one) becomes an error of the whole form, shown where the form shows its
 * own, instead of being read by Conform as field errors.
 */
export function lastSubmission(
  result: { ok?: boolean; message?: string } | undefined,
): SubmissionResult<string[]> | undefined {
  if (result?.ok === false) return { status: "error", error: { "": [result.message ?? ""] } };
  // What is left is the action's own answer, a Conform reply (serialised as Conform made it).
  return result as SubmissionResult<string[]> | undefined;
}

type CarriesReply =
  | { intent?: string; result?: SubmissionResult<string[]>; ok?: boolean; message?: string }
  | undefined;

/**
 * Conform's last result for a page whose action answers `{ result: submission.reply() }`: that
 * reply, or the wrapper's NotSaved as the form's own error. Any other answer (a price, a success
 * without a reply) is no result for Conform.
 */
export function replyIn(act: CarriesReply): SubmissionResult<string[]> | undefined {
  if (act?.result) return act.result;
  return act?.ok === false ? lastSubmission(act) : undefined;
}

/**
 * replyIn for the one form of a page that posted `intent`: another form's answer is not this
 * form's, so it is left out.
 */
export function resultFor(
  act: CarriesReply,
  intent: string,
): SubmissionResult<string[]> | undefined {
  return act?.intent === intent ? replyIn(act) : undefined;
}

/**
 * What was typed in a field of a refused form, else `saved`. Conform's reply leaves an emptied
 * field out of its initialValue, so once there is a reply a missing field reads "" (what the user
 * left), not the saved value the user cleared.
 */
export function typedValue(
  result: SubmissionResult<string[]> | undefined,
  name: string,
  saved: string,
): string {
  const typed = result?.initialValue;
  if (!typed) return saved;
  const v = typed[name];
  return typeof v === "string" ? v : Array.isArray(v) ? String(v[0] ?? "") : "";
}
