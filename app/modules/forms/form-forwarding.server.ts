/**
 * Forwarding stored answers to the upstream (POST /forms/submissions). The first attempt starts in
 * the background as soon as the answers are stored; whatever fails is picked up by the form-forward
 * job (server/jobs/form-forward.ts) every minute, with growing pauses, until it goes through.
 *
 * At least once, never twice: an attempt first moves the row's nextAttemptAt ahead (a lease), so
 * two workers cannot send one row at the same time, and the submission's id travels as the
 * upstream's `reference`, so a send whose answer was lost is recognised when it is repeated.
 *
 * Issue 37: a link knows its form's creation time at the upstream. When the form number now names
 * another form (the upstream lost writes and gave the number again), or the form is gone, the
 * answers are refused for good and the link is revoked: they are never filed under another form.
 */
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { tokenForCompany } from "~/services/session.server";
import { logError, logInfo } from "~/services/log.server";
import { isUpstreamError } from "~/services/upstream/errors";
import { getForm, submitForm, type FormAnswer } from "./upstream.server";

/** Longer than any one attempt can take (the client's timeout), so a lease never runs out under a live attempt. */
export const FORWARD_LEASE_MS = 2 * 60_000;
export const NO_SESSION_ERROR =
  "Waiting for someone of the company to sign in: the forms service only accepts a signed-in user's token.";

/** The pause after the n-th failed attempt: 30 s, 1, 2, 4, 8 min, then every 15 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(15 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** A refusal that no retry can change (the form is gone, the answers do not fit it); auth and load problems pass. */
function isFinalRefusal(e: unknown): boolean {
  return (
    isUpstreamError(e) &&
    e.kind === "http" &&
    e.status >= 400 &&
    e.status < 500 &&
    ![401, 403, 408, 429].includes(e.status)
  );
}

/** The version a link's snapshot shows (links made before versions answer the latest). */
function versionOf(form: unknown): { version?: number } {
  const v = (form as { version?: unknown } | null)?.version;
  return typeof v === "number" && Number.isInteger(v) ? { version: v } : {};
}

const ANOTHER_FORM =
  "the form this link was made for no longer exists there (its number now names another form)";

export type ForwardOutcome = "forwarded" | "pending" | "rejected" | "skipped";

/**
 * The forms' creation times at the upstream, asked once per form by one run of the job (its
 * submissions are mostly answers to the same few forms), not once per submission.
 */
type FormCreation = Map<string, Promise<string | null | undefined>>;

function formCreatedAt(known: FormCreation, token: string, companyId: number, formId: number) {
  const key = `${companyId}:${formId}`;
  let created = known.get(key);
  if (!created) {
    created = getForm(upstream(token), formId).then((f) => f.created_at);
    // A failed read is not kept: the next submission asks again (the breaker guards the host).
    created.catch(() => known.delete(key));
    known.set(key, created);
  }
  return created;
}

/** One attempt for one submission; "skipped" when it is sent already, refused for good, or another attempt holds it. */
export async function forwardSubmission(
  id: string,
  now = Date.now(),
  known: FormCreation = new Map(),
): Promise<ForwardOutcome> {
  const { count } = await prisma.formSubmission.updateMany({
    where: { id, forwardedAt: null, rejectedAt: null, nextAttemptAt: { lte: new Date(now) } },
    data: { nextAttemptAt: new Date(now + FORWARD_LEASE_MS), attempts: { increment: 1 } },
  });
  if (count === 0) return "skipped";
  const s = await prisma.formSubmission.findUniqueOrThrow({
    where: { id },
    select: {
      id: true,
      companyId: true,
      formId: true,
      answers: true,
      createdAt: true,
      attempts: true,
      linkId: true,
      link: { select: { label: true, createdBy: true, form: true, formCreatedAt: true } },
    },
  });
  const later = (error: string) =>
    prisma.formSubmission.update({
      where: { id },
      data: {
        nextAttemptAt: new Date(now + retryDelayMs(s.attempts)),
        lastError: error.slice(0, 500),
      },
    });

  const token = await tokenForCompany(s.companyId, now, s.link.createdBy);
  if (!token) {
    await later(NO_SESSION_ERROR);
    return "pending";
  }
  try {
    if (s.link.formCreatedAt) {
      const created = await formCreatedAt(known, token, s.companyId, s.formId);
      if (created !== s.link.formCreatedAt) {
        await prisma.formLink.updateMany({
          where: { id: s.linkId, revokedAt: null },
          data: { revokedAt: new Date(now) },
        });
        throw Object.assign(new Error(ANOTHER_FORM), { another: true });
      }
    }
    const sent = await submitForm(upstream(token), {
      form_id: s.formId,
      answers: s.answers as Record<string, FormAnswer>,
      submitted_at: s.createdAt.toISOString(),
      link_label: s.link.label,
      reference: s.id,
      ...versionOf(s.link.form),
    });
    await prisma.formSubmission.update({
      where: { id },
      data: { forwardedAt: new Date(now), upstreamId: sent.id, lastError: null },
    });
    logInfo(
      "forms",
      `submission ${id} forwarded as ${sent.id}${sent.duplicate ? " (already there)" : ""}`,
    );
    return "forwarded";
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (isFinalRefusal(e) || (e as { another?: boolean }).another) {
      await prisma.formSubmission.update({
        where: { id },
        data: {
          rejectedAt: new Date(now),
          lastError: `Refused by the forms service: ${message}`.slice(0, 500),
        },
      });
      logInfo("forms", `submission ${id} refused by the upstream: ${message}`);
      return "rejected";
    }
    await later(message);
    return "pending";
  }
}

/** The first attempt, started right after the answers are stored; never rejects, nobody waits for it. */
export function forwardInBackground(id: string): Promise<ForwardOutcome | "failed"> {
  return forwardSubmission(id).catch((e: unknown) => {
    logError("forms", e);
    return "failed" as const;
  });
}

/** The job: every submission whose turn has come, oldest first. */
export async function forwardDueSubmissions(
  now = Date.now(),
  limit = 200,
): Promise<Record<ForwardOutcome, number>> {
  const due = await prisma.formSubmission.findMany({
    where: { forwardedAt: null, rejectedAt: null, nextAttemptAt: { lte: new Date(now) } },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true },
  });
  const out: Record<ForwardOutcome, number> = { forwarded: 0, pending: 0, rejected: 0, skipped: 0 };
  const known: FormCreation = new Map();
  for (const { id } of due) out[await forwardSubmission(id, now, known)]++;
  return out;
}

/** "Send again now" from the dashboard: the pause (or a refusal) is forgotten and one attempt runs at once. */
export async function retrySubmission(
  companyId: number,
  id: string,
  now = Date.now(),
): Promise<ForwardOutcome> {
  await prisma.formSubmission.updateMany({
    where: { id, companyId, forwardedAt: null },
    data: { rejectedAt: null, nextAttemptAt: new Date(now) },
  });
  return forwardSubmission(id, now);
}
