/**
 * Push fan-out. One `push-fanout` job per message lists the subscriptions of its users and queues
 * `push-send` jobs of BATCH subscriptions each, so every worker process shares the sending.
 *
 * Exactly once per (subscription, message) among live workers: a `PushDelivery` row is inserted
 * (ON CONFLICT DO NOTHING) before sending, and only the worker whose insert succeeded sends.
 * Nothing is lost when a process dies mid-way: the jobs are in PostgreSQL and run again; claims
 * left in `sending` longer than the lease are taken over (the one push that was in flight at the
 * crash may then go twice, and the Topic header lets the push service replace it).
 * 404/410 deletes the subscription; 429/5xx/timeouts retry with backoff (Retry-After honoured)
 * through a delayed `push-send` job; one bad subscription never holds up its batch.
 */
import type PgBoss from "pg-boss";
import { prisma } from "~/services/db.server";
import { ensureQueue, publishWorkerBoss } from "~/services/job-queue.server";
import { logError, logInfo } from "~/services/log.server";
import {
  PUSH_FANOUT_QUEUE,
  payloadFor,
  sendPush,
  topicFor,
  type SendOptions,
  type SendResult,
  type Subscription,
} from "./push.server";
import type { PushUrgency } from "./alert-events";
import { settleEach } from "../job-kit";

export const PUSH_SEND_QUEUE = "push-send";
export const BATCH = 250;
export const MAX_ATTEMPTS = 6;

export type FanoutConfig = {
  /** Pushes in flight at once per batch. */
  concurrency: number;
  /** A claim older than this is considered abandoned by a dead worker. */
  leaseMs: number;
  timeoutMs: number;
  /** Delay before retry n (1-based), before jitter. */
  backoffMs: (attempt: number) => number;
  send: (sub: Subscription, payload: string, opts: SendOptions) => Promise<SendResult>;
  /** Longer than a batch can take (BATCH pushes, timeoutMs, `concurrency` at once); a dead
   *  worker's batch job is taken up again after this. */
  jobExpireSeconds: number;
};

export const defaultConfig: FanoutConfig = {
  concurrency: 64,
  leaseMs: 90_000,
  timeoutMs: 10_000,
  backoffMs: (n) => Math.min(30 * 60_000, 5_000 * 2 ** (n - 1)),
  send: sendPush,
  jobExpireSeconds: 120,
};

export type Enqueue = (jobs: { key: string; ids: string[]; delayMs: number }[]) => Promise<void>;

/** Lists the message's subscriptions and hands them out in batches. */
export async function fanOut(key: string, enqueue: Enqueue): Promise<number> {
  const message = await prisma.pushMessage.findUnique({
    where: { key },
    select: { userIds: true },
  });
  if (!message) return 0;
  const subs = await prisma.pushSubscription.findMany({
    where: { userId: { in: message.userIds } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const jobs: { key: string; ids: string[]; delayMs: number }[] = [];
  for (let i = 0; i < subs.length; i += BATCH)
    jobs.push({ key, ids: subs.slice(i, i + BATCH).map((s) => s.id), delayMs: 0 });
  await enqueue(jobs);
  await prisma.pushMessage.update({ where: { key }, data: { fannedOutAt: new Date() } });
  return subs.length;
}

type Claimed = { subscriptionId: string; attempts: number };

/** Claims the deliveries this worker may send now: new ones, due retries and abandoned claims. */
async function claim(key: string, ids: string[], leaseMs: number): Promise<Claimed[]> {
  const fresh = await prisma.$queryRaw<Claimed[]>`
    insert into "PushDelivery" ("subscriptionId", "messageKey", status, attempts, "claimedAt")
    select id, ${key}, 'sending', 1, now() from unnest(${ids}::text[]) as id
    on conflict do nothing
    returning "subscriptionId", attempts`;
  const taken = await prisma.$queryRaw<Claimed[]>`
    update "PushDelivery" set status = 'sending', attempts = attempts + 1, "claimedAt" = now()
    where "messageKey" = ${key} and "subscriptionId" = any(${ids}::text[])
      and ((status = 'retry' and "nextAttemptAt" <= now())
        or (status = 'sending' and "claimedAt" < now() - make_interval(secs => ${leaseMs / 1000})))
    returning "subscriptionId", attempts`;
  return [...fresh, ...taken];
}

async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(workers);
}

export type BatchResult = {
  sent: number;
  gone: number;
  retry: number;
  failed: number;
  skipped: number;
};

/** Sends one batch of a message; retries come back as delayed jobs through `enqueue`. */
export async function sendBatch(
  key: string,
  ids: string[],
  enqueue: Enqueue,
  config: FanoutConfig = defaultConfig,
): Promise<BatchResult> {
  const result: BatchResult = { sent: 0, gone: 0, retry: 0, failed: 0, skipped: 0 };
  const message = await prisma.pushMessage.findUnique({ where: { key } });
  if (!message) return result;
  const claimed = await claim(key, ids, config.leaseMs);
  result.skipped = ids.length - claimed.length;
  if (!claimed.length) return result;
  const subs = await prisma.pushSubscription.findMany({
    where: { id: { in: claimed.map((c) => c.subscriptionId) } },
    select: { id: true, endpoint: true, p256dh: true, auth: true, measurement: true },
  });
  const byId = new Map(subs.map((s) => [s.id, s]));
  // One text per unit system: each browser reads speeds, distances and temperatures in its own.
  const texts = new Map<string, string>();
  const payloadOf = (m: string) => {
    if (!texts.has(m)) texts.set(m, payloadFor(message.payload, m));
    return texts.get(m)!;
  };
  const options: SendOptions = {
    ttl: message.ttl,
    urgency: message.urgency as PushUrgency,
    topic: topicFor(key),
    timeoutMs: config.timeoutMs,
  };

  const sent: string[] = [];
  const gone: string[] = [];
  const failed: { id: string; error: string }[] = [];
  const retries: { id: string; error: string; delayMs: number }[] = [];

  await pool(claimed, config.concurrency, async (c) => {
    const sub = byId.get(c.subscriptionId);
    if (!sub) {
      gone.push(c.subscriptionId); // removed since the fan-out listed it
      return;
    }
    let r: SendResult;
    try {
      r = await config.send(sub, payloadOf(sub.measurement), options);
    } catch (e) {
      r = { outcome: "retry", status: 0, retryAfterMs: null, error: (e as Error).message };
    }
    if (r.outcome === "sent") {
      // Recorded at once, not with the batch: a crash later in the batch must not resend it.
      await prisma.$executeRaw`update "PushDelivery" set status = 'sent', "sentAt" = now(), error = null where "messageKey" = ${key} and "subscriptionId" = ${sub.id}`;
      sent.push(sub.id);
    } else if (r.outcome === "gone") gone.push(sub.id);
    else if (r.outcome === "failed" || c.attempts >= MAX_ATTEMPTS)
      failed.push({ id: sub.id, error: r.error });
    else {
      const backoff = config.backoffMs(c.attempts) * (0.75 + Math.random() * 0.5);
      retries.push({ id: sub.id, error: r.error, delayMs: Math.max(r.retryAfterMs ?? 0, backoff) });
    }
  });

  if (sent.length)
    await prisma.$executeRaw`update "PushSubscription" set "lastUsedAt" = now() where id = any(${sent}::text[])`;
  if (gone.length) {
    await prisma.$executeRaw`update "PushDelivery" set status = 'gone' where "messageKey" = ${key} and "subscriptionId" = any(${gone}::text[])`;
    await prisma.pushSubscription.deleteMany({ where: { id: { in: gone } } });
    logInfo("push", `removed ${gone.length} expired subscription(s)`);
  }
  for (const f of failed) {
    await prisma.pushDelivery.update({
      where: { subscriptionId_messageKey: { subscriptionId: f.id, messageKey: key } },
      data: { status: "failed", error: f.error.slice(0, 300) },
    });
  }
  if (retries.length) {
    // One delayed job per distinct delay (rounded to the second) rather than one per subscription.
    const groups = new Map<number, string[]>();
    for (const r of retries) {
      const s = Math.ceil(r.delayMs / 1000);
      groups.set(s, [...(groups.get(s) ?? []), r.id]);
      await prisma.pushDelivery.update({
        where: { subscriptionId_messageKey: { subscriptionId: r.id, messageKey: key } },
        data: {
          status: "retry",
          nextAttemptAt: new Date(Date.now() + s * 1000),
          error: r.error.slice(0, 300),
        },
      });
    }
    await enqueue([...groups].map(([s, list]) => ({ key, ids: list, delayMs: s * 1000 })));
  }
  Object.assign(result, {
    sent: sent.length,
    gone: gone.length,
    retry: retries.length,
    failed: failed.length,
  });
  return result;
}

/** Messages whose fan-out never ran (a crash between writing the message and queueing the job). */
export async function resumePendingMessages(
  enqueueFanout: (key: string) => Promise<void>,
  olderThanMs = 60_000,
) {
  const stuck = await prisma.pushMessage.findMany({
    where: {
      fannedOutAt: null,
      createdAt: {
        lt: new Date(Date.now() - olderThanMs),
        gt: new Date(Date.now() - 24 * 3600_000),
      },
    },
    select: { key: true },
    take: 500,
  });
  for (const m of stuck) await enqueueFanout(m.key);
  return stuck.length;
}

/** Queues batch jobs on pg-boss. */
export function bossEnqueue(
  boss: PgBoss,
  config: Pick<FanoutConfig, "jobExpireSeconds"> = defaultConfig,
): Enqueue {
  return async (jobs) => {
    if (!jobs.length) return;
    await ensureQueue(boss, PUSH_SEND_QUEUE);
    await boss.insert(
      jobs.map((j) => ({
        name: PUSH_SEND_QUEUE,
        data: { key: j.key, ids: j.ids },
        startAfter: j.delayMs > 0 ? new Date(Date.now() + j.delayMs) : undefined,
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: config.jobExpireSeconds,
      })),
    );
  };
}

/** Registers the push queues on a worker; `config` lets tests swap the sender or the lease. */
export async function registerPushJobs(
  boss: PgBoss,
  config: FanoutConfig = defaultConfig,
): Promise<void> {
  publishWorkerBoss(boss);
  const enqueue = bossEnqueue(boss, config);
  await ensureQueue(boss, PUSH_FANOUT_QUEUE);
  await ensureQueue(boss, PUSH_SEND_QUEUE);
  await boss.work<{ key: string }>(
    PUSH_FANOUT_QUEUE,
    { pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      for (const job of jobs) await fanOut(job.data.key, enqueue);
    },
  );
  // Two fetchers per process, each taking two batches at a time: sending is I/O bound.
  for (let i = 0; i < 2; i++) {
    await boss.work<{ key: string; ids: string[] }>(
      PUSH_SEND_QUEUE,
      { pollingIntervalSeconds: 0.5, batchSize: 2 },
      (jobs) =>
        settleEach(boss, PUSH_SEND_QUEUE, jobs, async (job) => {
          try {
            await sendBatch(job.data.key, job.data.ids, enqueue, config);
          } catch (e) {
            logError("push", e);
            throw e;
          }
        }),
    );
  }
}
