/**
 * The outbox worker (issue 37): sends what outbox.server.ts recorded. A row is claimed before it
 * goes out ("sending", with the claim time) so two processes never send it together, and marked
 * "sent" only after the SMTP server answered. A failure is tried again with growing waits; an
 * SMTP refusal for good (5xx) fails at once. A claim older than JOB_STALE_MS lost its process
 * (killed mid-send) and is taken again: that one message may arrive twice, with the same
 * Message-ID. Runs right after a fact is committed (kickOutbox) and every few seconds in each
 * server process.
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
const POLL_MS = 5000;
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
    const { count } = await prisma.outboxMessage.updateMany({
      where: { id, ...due },
      data: { state: "sending", claimedAt, attempts: { increment: 1 } },
    });
    if (count !== 1) continue;
    const row = await prisma.outboxMessage.findUniqueOrThrow({
      where: { id },
      select: { id: true, channel: true, payload: true, attempts: true },
    });
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

const g = singleton("outbox", () => ({ running: null as Promise<void> | null, again: false }));

/**
 * Sends what is due in the background (after a fact is committed, and on the worker's tick). One
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
  })().finally(() => (g.running = null));
  return g.running;
}

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

/** The worker's part: a pass at start (what a dead process left) and every few seconds. */
export function startOutboxWorker(boss: PgBoss): () => void {
  void kickOutbox();
  const timer = setInterval(() => void kickOutbox(), POLL_MS);
  timer.unref();
  boss.once("stopped", () => clearInterval(timer));
  return () => clearInterval(timer);
}
