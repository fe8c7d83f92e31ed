/**
 * Webhook deliveries of automation runs, with retries that live in PostgreSQL (a restart keeps
 * them). The minute job makes the first try; a network error, a timeout, a 5xx, 408 or 429 is
 * tried again 1, 5 and 30 minutes later (4 tries in all) by the `automation-webhooks` job; any
 * other answer that is not a 2xx, or an address the outbound guard refuses, ends it.
 *
 * Every try is claimed first (an UPDATE … FOR UPDATE SKIP LOCKED that moves the row to "sending"),
 * so two app processes never post one delivery together, and a delivered row is never claimed
 * again. A worker that dies mid-try leaves a claim that is taken over after the lease: that try
 * may have reached the receiver, which drops the repeat by the X-Tracksmith-Delivery id.
 *
 * The run follows its deliveries: "retrying" while one is pending, then "fired" (with the try that
 * got through) or "failed" with the last error and the number of tries.
 */
import { prisma } from "~/services/db.server";
import { logError, logInfo } from "~/services/log.server";
import { open } from "~/services/secret-box.server";
import type { Action } from "~/lib/automations/model";
import { postWebhookTry, type TryResult, type WebhookTry } from "./webhook-post.server";

/** Minutes to wait after try 1, 2 and 3. */
export const RETRY_DELAYS_MIN = [1, 5, 30] as const;
export const MAX_TRIES = RETRY_DELAYS_MIN.length + 1;
/** A claim older than this belongs to a worker that died (a try takes at most 10 s). */
const LEASE_MS = 2 * 60_000;
const BATCH = 100;

export type PostTry = (t: WebhookTry) => Promise<TryResult>;

/** When try `tries + 1` is due: the delay, rounded up to the minute the job runs at. */
export function nextTryAt(tries: number, now: number): Date {
  const delay = RETRY_DELAYS_MIN[Math.min(tries, RETRY_DELAYS_MIN.length) - 1]! * 60_000;
  return new Date(Math.ceil((now + delay) / 60_000) * 60_000);
}

type Claimed = {
  id: string;
  runId: string;
  automationId: string;
  companyId: number;
  action: number;
  url: string;
  body: string;
  tries: number;
  maxTries: number;
};

const kindOf = (body: string) => {
  try {
    return String((JSON.parse(body) as { kind?: unknown }).kind ?? "automation");
  } catch {
    return "automation";
  }
};

type TryState = "delivered" | "retrying" | "failed";

/**
 * Posts a claimed try and records what happened, unless the claim was taken over meanwhile (the
 * try outlived the lease): then null, the other worker records it.
 */
async function attempt(
  d: Claimed,
  claim: Date,
  secret: string,
  post: PostTry,
  now: number,
): Promise<TryState | null> {
  const r = await post({
    url: d.url,
    secret,
    body: d.body,
    deliveryId: d.id,
    kind: kindOf(d.body),
  });
  const again = !r.ok && r.retry && d.tries < d.maxTries;
  const { count } = await prisma.automationDelivery.updateMany({
    where: { id: d.id, claimedAt: claim },
    data: r.ok
      ? { state: "delivered", deliveredAt: new Date(now), lastStatus: r.status, claimedAt: null }
      : {
          state: again ? "retrying" : "failed",
          nextAt: again ? nextTryAt(d.tries, now) : null,
          lastStatus: r.status,
          lastError: r.error.slice(0, 300),
          claimedAt: null,
        },
  });
  return count ? (r.ok ? "delivered" : again ? "retrying" : "failed") : null;
}

/**
 * Gives the run its outcome from its deliveries, once they are all done (or "retrying").
 * `from` is the outcome it must still have, so a run is settled once. Answers the run's outcome.
 */
async function settleRun(runId: string, from: "fired" | "retrying"): Promise<string | null> {
  const ds = await prisma.automationDelivery.findMany({
    where: { runId },
    orderBy: { action: "asc" },
  });
  const run = await prisma.automationRun.findUnique({ where: { id: runId } });
  if (!ds.length || !run || run.outcome !== from) return run?.outcome ?? null;
  const tries = (n: number) => `${n} ${n === 1 ? "try" : "tries"}`;
  let outcome: string;
  let reason = run.reason;
  if (ds.some((d) => d.state === "retrying" || d.state === "sending")) outcome = "retrying";
  else {
    const errors = [
      ...(ds[0]!.otherErrors ? [ds[0]!.otherErrors] : []),
      ...ds
        .filter((d) => d.state === "failed")
        .map((d) => `webhook: ${d.lastError ?? "failed"} — ${tries(d.tries)}`),
    ];
    outcome = errors.length ? "failed" : "fired";
    if (errors.length) reason = errors.join("; ");
    else {
      const late = ds.filter((d) => d.tries > 1);
      if (late.length)
        reason = `${reason} · webhook delivered on try ${Math.max(...late.map((d) => d.tries))} of ${MAX_TRIES}`;
    }
  }
  if (outcome === from && reason === run.reason) return outcome;
  await prisma.automationRun.updateMany({
    where: { id: runId, outcome: from },
    data: { outcome, reason: reason.slice(0, 500) },
  });
  return outcome;
}

export type Hook = { action: number; url: string; body: string };

/**
 * The first try of a fired run's webhooks (the run is already claimed, so this runs once), then
 * the run's outcome: "fired", "retrying" or "failed". `otherErrors` are its other actions' errors.
 */
export async function startDeliveries(
  run: { id: string; automationId: string; companyId: number },
  hooks: Hook[],
  secret: string,
  otherErrors: string | null,
  post: PostTry,
  now = Date.now(),
): Promise<"fired" | "retrying" | "failed"> {
  const rows: Claimed[] = hooks.map((h) => ({
    id: hooks.length === 1 ? run.id : `${run.id}.${h.action}`,
    runId: run.id,
    automationId: run.automationId,
    companyId: run.companyId,
    action: h.action,
    url: h.url,
    body: h.body,
    tries: 1,
    maxTries: MAX_TRIES,
  }));
  const claim = new Date(now);
  await prisma.automationDelivery.createMany({
    data: rows.map((r) => ({ ...r, state: "sending", claimedAt: claim, otherErrors })),
    skipDuplicates: true,
  });
  for (const r of rows) await attempt(r, claim, secret, post, now);
  return ((await settleRun(run.id, "fired")) ?? "failed") as "fired" | "retrying" | "failed";
}

/** Why a pending delivery may no longer be sent, or null. */
function stopReason(
  auto: { enabled: boolean; actions: unknown; webhookSecret: string | null } | null,
  d: Claimed,
): string | null {
  if (!auto) return "the automation was deleted";
  if (!auto.enabled) return "the automation was turned off";
  const a = (auto.actions as Action[])[d.action];
  if (a?.kind !== "webhook" || a.url !== d.url) return "the webhook was changed or removed";
  if (!auto.webhookSecret) return "the automation has no signing secret";
  return null;
}

export type RetrySummary = { delivered: number; retrying: number; failed: number };

/**
 * The `automation-webhooks` job: claims every delivery due by `now` (or whose worker died) and
 * tries it again.
 */
export async function retryDueDeliveries(
  now = Date.now(),
  post: PostTry = postWebhookTry,
): Promise<RetrySummary> {
  const summary: RetrySummary = { delivered: 0, retrying: 0, failed: 0 };
  const at = new Date(now);
  const claimed = await prisma.$queryRaw<Claimed[]>`
    update "AutomationDelivery" set state = 'sending', "claimedAt" = ${at}, tries = tries + 1
    where id in (
      select id from "AutomationDelivery"
      where (state = 'retrying' and "nextAt" <= ${at})
         or (state = 'sending' and "claimedAt" < ${new Date(now - LEASE_MS)})
      order by "nextAt" nulls first
      limit ${BATCH}
      for update skip locked)
    returning id, "runId", "automationId", "companyId", action, url, body, tries, "maxTries"`;
  // The batch's automations in one read (a delivery names its company's automation only).
  const autos = new Map(
    (
      await prisma.automation.findMany({
        where: { id: { in: [...new Set(claimed.map((d) => d.automationId))] } },
        select: { id: true, companyId: true, enabled: true, actions: true, webhookSecret: true },
      })
    ).map((a) => [a.id, a]),
  );
  for (const d of claimed) {
    try {
      const found = autos.get(d.automationId);
      const auto = found && found.companyId === d.companyId ? found : null;
      let state: TryState | null = "failed";
      const stop =
        d.tries > d.maxTries
          ? "no answer was recorded (the app stopped during the last try)"
          : stopReason(auto, d);
      if (stop) {
        await prisma.automationDelivery.update({
          where: { id: d.id },
          data: {
            state: "failed",
            tries: Math.min(d.tries - 1, d.maxTries),
            lastError: `not sent: ${stop}`,
            claimedAt: null,
            nextAt: null,
          },
        });
      } else state = await attempt(d, at, open(auto!.webhookSecret!, "webhook-secret"), post, now);
      await settleRun(d.runId, "retrying");
      if (state) summary[state]++;
    } catch (e) {
      // Left claimed: taken over after the lease.
      logError("automation-webhooks", `${d.id}: ${(e as Error).message}`);
    }
  }
  if (claimed.length)
    logInfo(
      "automation-webhooks",
      `retried ${claimed.length}: delivered=${summary.delivered} retrying=${summary.retrying} failed=${summary.failed}`,
    );
  return summary;
}

/** For the run history: the pending state of these runs' deliveries. */
export async function pendingDeliveries(companyId: number, runIds: string[]) {
  const rows = await prisma.automationDelivery.findMany({
    where: { companyId, runId: { in: runIds }, state: { in: ["retrying", "sending"] } },
    orderBy: { action: "asc" },
  });
  const byRun = new Map<
    string,
    { nextTry: number; of: number; nextAt: string | null; lastError: string | null }
  >();
  for (const r of rows)
    if (!byRun.has(r.runId))
      byRun.set(r.runId, {
        nextTry: r.state === "sending" ? r.tries : r.tries + 1,
        of: r.maxTries,
        nextAt: r.state === "sending" ? null : (r.nextAt?.toISOString() ?? null),
        lastError: r.lastError,
      });
  return byRun;
}

/** Deliveries kept as long as their runs (30 days). */
export function dropOldDeliveries(now = Date.now()) {
  return prisma.automationDelivery.deleteMany({
    where: {
      createdAt: { lt: new Date(now - 30 * 86_400_000) },
      state: { in: ["delivered", "failed"] },
    },
  });
}
