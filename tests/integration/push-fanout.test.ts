import PgBoss from "pg-boss";
import webpush from "web-push";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { resetEnvCache } from "~/services/env.server";
import { publishWorkerBoss, stopSender } from "~/services/job-queue.server";
import { queuePush, sendPush } from "~/modules/notifications/push.server";
import {
  defaultConfig,
  fanOut,
  registerPushJobs,
  sendBatch,
  type Enqueue,
  type FanoutConfig,
} from "../../app/modules/notifications/push-fanout.server";
import { truncate, useTestDatabase } from "../support/db";
import { startPushStub, type PushStub } from "../support/push-stub";

let url = "";
let stub: PushStub;
const bosses: PgBoss[] = [];

beforeAll(async () => {
  url = await useTestDatabase();
  const keys = webpush.generateVAPIDKeys();
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  // The stub push service is on 127.0.0.1 over http: opt out of the outbound guard's checks here.
  process.env.OUTBOUND_ALLOW_HTTP = "1";
  process.env.OUTBOUND_ALLOW_PRIVATE = "1";
  resetEnvCache();
  stub = await startPushStub({ slowMs: 300, keepPayloads: 20 });
});
async function stopWorkers() {
  for (const b of bosses.splice(0))
    await b.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => undefined);
  publishWorkerBoss(undefined);
}
afterEach(stopWorkers);
afterAll(async () => {
  await stopWorkers();
  await stopSender();
  await stub.close();
});
beforeEach(async () => {
  await truncate(url, ["PushSubscription", "PushDelivery", "PushMessage"]);
  stub.reset();
});

/** `n` subscriptions of user `userId` at the stub; `kinds` cycles through stub behaviours. */
async function subscribe(n: number, kinds: string[] = ["ok"], userId = 1) {
  const rows = Array.from({ length: n }, (_, i) => {
    const kind = kinds[i % kinds.length]!;
    return {
      userId,
      companyId: 1,
      endpoint: `${stub.url}/${kind}/${userId}-${i}`,
      p256dh: stub.keys.p256dh,
      auth: stub.keys.auth,
    };
  });
  for (let i = 0; i < rows.length; i += 5000)
    await prisma.pushSubscription.createMany({ data: rows.slice(i, i + 5000) });
  return rows.map((r) => new URL(r.endpoint).pathname);
}

async function message(key: string, userIds = [1]) {
  await prisma.pushMessage.create({
    data: {
      key,
      userIds,
      payload: { title: "Overspeed: Truck 1", body: "91 km/h", kind: "overspeed" },
      ttl: 3600,
      urgency: "high",
    },
  });
}

/** An in-memory queue for driving fanOut/sendBatch by hand. */
function memoryQueue() {
  const jobs: { key: string; ids: string[]; delayMs: number }[] = [];
  const enqueue: Enqueue = async (list) => void jobs.push(...list);
  return { jobs, enqueue };
}

const fast: FanoutConfig = { ...defaultConfig, timeoutMs: 1000, backoffMs: () => 200 };

async function startWorker(config: FanoutConfig): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: "pgboss",
    max: 4,
    maintenanceIntervalSeconds: 1,
    monitorStateIntervalSeconds: 1,
  });
  boss.on("error", () => undefined);
  await boss.start();
  await registerPushJobs(boss, config);
  bosses.push(boss);
  return boss;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const pending = () =>
  prisma.pushDelivery.count({ where: { status: { in: ["sending", "retry"] } } });

describe("fan-out by hand", () => {
  it("sends each subscription once, deletes 404/410 ones, retries 429 (after Retry-After) and 5xx", async () => {
    const paths = await subscribe(40, ["ok", "gone", "notfound", "busy", "flaky", "ok", "bad"]);
    await message("m1");
    const q = memoryQueue();
    expect(await fanOut("m1", q.enqueue)).toBe(40);
    expect(q.jobs).toHaveLength(1);
    const first = await sendBatch("m1", q.jobs[0]!.ids, q.enqueue, fast);
    expect(first).toMatchObject({ sent: 11, gone: 12, retry: 12, failed: 5, skipped: 0 });
    // 404/410 subscriptions are deleted; the others stay.
    expect(await prisma.pushSubscription.count()).toBe(28);
    // Retries come back as delayed jobs: the 429s no sooner than their Retry-After of 1 s.
    const retryJobs = q.jobs.slice(1);
    expect(retryJobs.flatMap((j) => j.ids)).toHaveLength(12);
    expect(Math.max(...retryJobs.map((j) => j.delayMs))).toBeGreaterThanOrEqual(1000);
    // Running the batch again before the retries are due sends nothing new.
    expect((await sendBatch("m1", q.jobs[0]!.ids, q.enqueue, fast)).sent).toBe(0);
    await new Promise((r) => setTimeout(r, 1100));
    for (const j of retryJobs) await sendBatch("m1", j.ids, q.enqueue, fast);
    for (const p of paths) {
      const kind = p.split("/")[1];
      expect(stub.delivered.get(p) ?? 0, p).toBe(["ok", "busy", "flaky"].includes(kind!) ? 1 : 0);
    }
    expect(await pending()).toBe(0);
  });

  it("a slow push service does not hold up the rest of the batch", async () => {
    const paths = await subscribe(20, ["slow", "ok", "ok", "ok"]);
    await message("m2");
    const q = memoryQueue();
    await fanOut("m2", q.enqueue);
    const started = Date.now();
    const r = await sendBatch("m2", q.jobs[0]!.ids, q.enqueue, { ...fast, concurrency: 64 });
    expect(r.sent).toBe(20);
    expect(Date.now() - started).toBeLessThan(stub.slowMs * 3);
    expect(paths.every((p) => stub.delivered.get(p) === 1)).toBe(true);
  });

  it("gives up after the last attempt and marks the delivery failed", async () => {
    await subscribe(1, ["flaky"]);
    await message("m3");
    const q = memoryQueue();
    await fanOut("m3", q.enqueue);
    const alwaysDown: FanoutConfig = {
      ...fast,
      backoffMs: () => 0,
      send: async () => ({ outcome: "retry", status: 503, retryAfterMs: null, error: "503" }),
    };
    for (let i = 0; i < 10 && q.jobs.length; i++) {
      const job = q.jobs.shift()!;
      await prisma.pushDelivery.updateMany({
        data: { nextAttemptAt: new Date(0) },
        where: { status: "retry" },
      });
      await sendBatch("m3", job.ids, q.enqueue, alwaysDown);
    }
    const d = await prisma.pushDelivery.findFirstOrThrow();
    expect(d).toMatchObject({ status: "failed", attempts: 6 });
  });
});

describe("fan-out through pg-boss", () => {
  it("two workers at once: 500 subscriptions, every one notified exactly once", async () => {
    const paths = await subscribe(500, [
      "ok",
      "ok",
      "ok",
      "ok",
      "busy",
      "gone",
      "slow",
      "ok",
      "flaky",
      "ok",
    ]);
    // A push that times out may have reached the service: give slow answers room.
    const a = await startWorker({ ...fast, timeoutMs: 10_000 });
    await startWorker({ ...fast, timeoutMs: 10_000 });
    publishWorkerBoss(a);
    const started = Date.now();
    await queuePush("ev:two-workers", [1], {
      title: "Overspeed: Truck 1",
      body: "91 km/h",
      kind: "overspeed",
    });
    await until(
      async () =>
        (await prisma.pushDelivery.count({ where: { status: { in: ["sent", "gone"] } } })) ===
          500 && (await pending()) === 0,
      30_000,
      "all deliveries",
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`[bench] 500 subscriptions, two workers: ${seconds.toFixed(1)} s`);
    for (const p of paths)
      expect(stub.delivered.get(p) ?? 0, p).toBe(p.startsWith("/gone/") ? 0 : 1);
    // The same key queued again sends nothing.
    await queuePush("ev:two-workers", [1], { title: "again", body: "again", kind: "overspeed" });
    await new Promise((r) => setTimeout(r, 1500));
    expect([...stub.delivered.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);

  it("a worker dying mid fan-out loses nothing: another takes over its batches", async () => {
    const paths = await subscribe(300);
    let crashed = false;
    let sentBeforeCrash = 0;
    // The first worker "dies" after 100 pushes: its sends hang forever and it writes nothing more.
    const dying: FanoutConfig = {
      ...fast,
      concurrency: 8,
      jobExpireSeconds: 2,
      leaseMs: 1000,
      send: async (sub, payload, opts) => {
        if (crashed || sentBeforeCrash >= 100) {
          crashed = true;
          return new Promise(() => undefined);
        }
        sentBeforeCrash++;
        return sendPush(sub, payload, opts);
      },
    };
    const a = await startWorker(dying);
    publishWorkerBoss(a);
    await queuePush("ev:crash", [1], {
      title: "Geofence left: Van 3",
      body: "left",
      kind: "geofence_exit",
    });
    await until(async () => crashed, 20_000, "the first worker to crash");
    await a.offWork("push-send");
    await a.offWork("push-fanout");
    const deliveredAtCrash = [...stub.delivered.values()].reduce((s, n) => s + n, 0);
    expect(deliveredAtCrash).toBeLessThan(300);
    // A restarted process: its own worker, normal sending; the dead worker's jobs expire and retry.
    await startWorker({ ...fast, leaseMs: 1000, jobExpireSeconds: 2 });
    await until(
      async () => (await prisma.pushDelivery.count({ where: { status: "sent" } })) === 300,
      45_000,
      "every delivery after the restart",
    );
    for (const p of paths) expect(stub.delivered.get(p) ?? 0, p).toBe(1);
  }, 90_000);
});
