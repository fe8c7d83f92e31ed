/**
 * The outbox worker (issue 37): sends what outbox.server.ts recorded. A row is claimed before it
 * goes out ("sending", with the claim time) so two processes never send it together, and marked
 * "sent" only after the SMTP server answered. A failure is tried again with growing waits; an
 * SMTP refusal for good (5xx) fails at once. A claim older than JOB_STALE_MS lost its process
 * (killed mid-send) and is taken again: that one message may arrive twice, with the same
 * Message-ID. Runs right after a fact is committed (kickOutbox, in the process that committed it);
 * otherwise each server process sleeps until the next row falls due (a retry, a claim going stale),
 * at most IDLE_MS, rather than asking PostgreSQL every few seconds whether anything is owed.
 */
import type PgBoss from "pg-boss";
import { prisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { logError, logInfo } from "~/services/log.server";
import { sendMail } from "~/services/mail.server";
import { singleton } from "~/services/singleton.server";
import { notifyUser } from "../notifications.server";
import { messageIdOf, type OwedMail, type OwedNotice } from "./outbox.server";

/** Seconds before the next attempt, by attempts made; the last one repeats. */
const BACKOFF_S = [15, 60, 300, 900, 3600];
/** About two days of hourly attempts after the first few. */
export const OUTBOX_MAX_ATTEMPTS = 50;
/**
 * Longest sleep of a worker: bounds the wait for what it could not see coming (a row another
 * process wrote and died before sending, a claim taken after its last look).
 */
const IDLE_MS = 30_000;
/** Sleep after a failed look (PostgreSQL away): try again soon, as before the outage. */
const RETRY_MS = 5000;
/** Shortest sleep: a row due "now" that another pass holds must not make the worker spin. */
const MIN_SLEEP_MS = 200;
const BATCH = 50;

export const backoffMs = (attempts: number) =>
  BACKOFF_S[Math.min(Math.max(attempts - 1, 0), BACKOFF_S.length - 1)]! * 1000;

const permanent = (e: unknown) => {
  const code = (e as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

type Row = { id: string; channel: string; payload: unknown; attempts: number };

async function deliver(row: Row) {
  if (row.channel === "mail") {
    const m = row.payload as OwedMail;
    await sendMail({ ...m, messageId: messageIdOf(row.id) });
  } else {
    const n = row.payload as OwedNotice;
    // notifyUser is idempotent per (user, eventId): a repeat adds no second notification.
    await notifyUser({ ...n, eventId: n.eventId ?? `outbox:${row.id}` });
  }
}

/**
 * One pass: claims and sends what is due at `now` (tests pass a later one); returns how many were
 * sent. Whether a claim is stale is judged on the real clock: a later `now` must not take a claim
 * another pass holds right now (it would send the same mail twice).
 */
export async function sendOwed(now = Date.now()): Promise<number> {
  const due = {
    OR: [
      { state: "pending", nextAt: { lte: new Date(now) } },
      { state: "sending", claimedAt: { lt: new Date(Date.now() - getEnv().JOB_STALE_MS) } },
    ],
  };
  const rows = await prisma.outboxMessage.findMany({
    where: due,
    orderBy: { nextAt: "asc" },
    take: BATCH,
    select: { id: true },
  });
  let sent = 0;
  for (const { id } of rows) {
    const claimedAt = new Date();
    // The claim returns what it claimed: no second read per message.
    const [row] = await prisma.outboxMessage.updateManyAndReturn({
      where: { id, ...due },
      data: { state: "sending", claimedAt, attempts: { increment: 1 } },
      select: { id: true, channel: true, payload: true, attempts: true },
    });
    if (!row) continue;
    try {
      await deliver(row);
      await prisma.outboxMessage.updateMany({
        where: { id, state: "sending" },
        data: { state: "sent", sentAt: new Date(), lastError: null },
      });
      sent++;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const giveUp = permanent(e) || row.attempts >= OUTBOX_MAX_ATTEMPTS;
      await prisma.outboxMessage.updateMany({
        where: { id, state: "sending", claimedAt },
        data: giveUp
          ? { state: "failed", lastError: message.slice(0, 500) }
          : {
              state: "pending",
              nextAt: new Date(Date.now() + backoffMs(row.attempts)),
              lastError: message.slice(0, 500),
            },
      });
      logError("outbox", e);
    }
  }
  if (sent) logInfo("outbox", `${sent} message(s) sent`);
  return rows.length === BATCH ? sent + (await sendOwed(Date.now())) : sent;
}

const g = singleton("outbox", () => ({
  running: null as Promise<void> | null,
  again: false,
  /** The worker's next wake (only in a process whose worker runs). */
  timer: null as NodeJS.Timeout | null,
  wakeAt: null as number | null,
  worker: false,
}));

/**
 * Sends what is due in the background (after a fact is committed, and when the worker wakes). One
 * pass at a time per process; a kick during a pass runs one more. The promise is for tests.
 */
export function kickOutbox(): Promise<void> {
  if (g.running) {
    g.again = true;
    return g.running;
  }
  g.running = (async () => {
    do {
      g.again = false;
      await sendOwed().catch((e) => logError("outbox", e));
    } while (g.again);
    if (g.worker) await planWake();
  })().finally(() => (g.running = null));
  return g.running;
}

/** When the next row falls due: the earliest retry, or the oldest claim going stale. */
async function nextDue(): Promise<number | null> {
  const [retry, claim] = await Promise.all([
    prisma.outboxMessage.findFirst({
      where: { state: "pending" },
      orderBy: { nextAt: "asc" },
      select: { nextAt: true },
    }),
    prisma.outboxMessage.findFirst({
      where: { state: "sending" },
      orderBy: { claimedAt: "asc" },
      select: { claimedAt: true },
    }),
  ]);
  const times = [
    retry?.nextAt.getTime(),
    claim?.claimedAt && claim.claimedAt.getTime() + getEnv().JOB_STALE_MS + 1,
  ].filter((t): t is number => t != null);
  return times.length ? Math.min(...times) : null;
}

async function planWake() {
  const due = await nextDue().catch((e: unknown) => (logError("outbox", e), Date.now() + RETRY_MS));
  if (!g.worker) return;
  const sleep = Math.min(Math.max((due ?? Infinity) - Date.now(), MIN_SLEEP_MS), IDLE_MS);
  if (g.timer) clearTimeout(g.timer);
  g.wakeAt = Date.now() + sleep;
  g.timer = setTimeout(() => void kickOutbox(), sleep);
  g.timer.unref();
}

/** When this process's worker wakes next (null: no worker runs here). For tests. */
export const outboxWakeAt = () => (g.worker ? g.wakeAt : null);

/** Forgets finished rows (sent, failed, cancelled) after 30 days; the daily cleanup calls it. */
export async function pruneOutbox(now = Date.now()): Promise<number> {
  const { count } = await prisma.outboxMessage.deleteMany({
    where: {
      state: { in: ["sent", "failed", "cancelled"] },
      createdAt: { lt: new Date(now - 30 * 86_400_000) },
    },
  });
  return count;
}

/** The worker's part: a pass at start (what a dead process left), then a sleep until something is due. */
export function startOutboxWorker(boss?: PgBoss): () => void {
  g.worker = true;
  void kickOutbox();
  const stop = () => {
    g.worker = false;
    if (g.timer) clearTimeout(g.timer);
    g.timer = g.wakeAt = null;
  };
  boss?.once("stopped", stop);
  return stop;
}
