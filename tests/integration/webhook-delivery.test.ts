import http from "node:http";
import PgBoss from "pg-boss";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/services/db.server";
import { resetEnvCache } from "~/services/env.server";
import { publishWorkerBoss, stopSender } from "~/services/job-queue.server";
import { jobs as notificationJobs } from "~/modules/notifications/jobs.server";
import {
  deliverWebhook,
  queueWebhook,
  type WebhookEvent,
} from "~/modules/notifications/webhook.server";
import { truncate, useTestDatabase } from "../support/db";

/**
 * Webhook batch re-delivery (issue 15, item 8): the worker takes webhook jobs four at a time; one
 * failing endpoint must not fail (and so re-deliver) the other three, and a retried dispatch that
 * was delivered is not sent again (a stable Idempotency-Key per dispatch, and a record of it).
 * The receivers are on 127.0.0.1, so this file opts in to loopback and http.
 */

let url = "";
let receiver: http.Server;
let base = "";
const hits: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
const failing = new Set<string>();
const bosses: PgBoss[] = [];
const hitsAt = (path: string) => hits.filter((h) => h.path === path).length;

beforeAll(async () => {
  url = await useTestDatabase();
  process.env.OUTBOUND_ALLOW_HTTP = "1";
  process.env.OUTBOUND_ALLOW_PRIVATE = "1";
  resetEnvCache();
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      hits.push({ path: req.url ?? "/", headers: req.headers, body });
      res.writeHead(failing.has(req.url ?? "") ? 500 : 204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
});
async function stopWorkers() {
  for (const b of bosses.splice(0))
    await b.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => undefined);
  publishWorkerBoss(undefined);
}
afterEach(stopWorkers);
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HTTP;
  delete process.env.OUTBOUND_ALLOW_PRIVATE;
  resetEnvCache();
  await stopWorkers();
  await stopSender();
  await new Promise<void>((r) => (receiver.closeAllConnections(), receiver.close(() => r())));
});
beforeEach(async () => {
  hits.length = 0;
  failing.clear();
  await truncate(url, ["AlertRule"]);
  await prisma.$executeRawUnsafe(`delete from pgboss.job where name = 'webhook'`).catch(() => 0);
  await prisma.$executeRawUnsafe(`delete from "WebhookDelivery"`).catch(() => 0);
});

const event = (id: string): WebhookEvent => ({
  id,
  kind: "overspeed",
  imei: "1",
  companyid: 1,
  time: "2026-01-01T00:00:00.000Z",
  title: "t",
  body: "b",
  details: {},
});

async function hookRule(path: string) {
  return prisma.alertRule.create({
    data: {
      userId: 1001,
      companyId: 1,
      name: path,
      kinds: ["overspeed"],
      channels: ["webhook"],
      webhookUrl: `${base}${path}`,
      webhookSecret: "0123456789abcdef",
    },
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const jobStates = () =>
  prisma.$queryRaw<{ state: string; path: string }[]>`
    select state::text, data->'event'->>'title' as path from pgboss.job where name = 'webhook'`;

describe("the webhook worker", () => {
  it("one failing endpoint in a batch of four: the other three are delivered exactly once, the failed one retried", async () => {
    const paths = ["/ok-1", "/ok-2", "/fails-once", "/ok-3"];
    failing.add("/fails-once");
    for (const p of paths) {
      const rule = await hookRule(p);
      await queueWebhook(rule.id, { ...event(`ev-batch-${p}`), title: p });
    }
    // The real worker registration, on the test database; all four jobs are due at once.
    const boss = new PgBoss({ connectionString: url, schema: "pgboss", max: 4 });
    boss.on("error", () => undefined);
    bosses.push(boss);
    await boss.start();
    await notificationJobs.register!(boss);

    await until(async () => hits.length >= 4, 20_000, "the first batch");
    await until(
      async () => (await jobStates()).every((j) => j.state !== "active" && j.state !== "created"),
      10_000,
      "the first batch's outcome",
    );
    const states = Object.fromEntries((await jobStates()).map((j) => [j.path, j.state]));
    expect(states).toEqual({
      "/ok-1": "completed",
      "/ok-2": "completed",
      "/ok-3": "completed",
      "/fails-once": "retry",
    });

    // The endpoint recovers; whatever is waiting to be retried is made due now.
    failing.clear();
    await prisma.$executeRawUnsafe(
      `update pgboss.job set start_after = now() where name = 'webhook' and state = 'retry'`,
    );
    await until(
      async () => (await jobStates()).every((j) => j.state === "completed"),
      20_000,
      "the retry",
    );
    expect(Object.fromEntries(paths.map((p) => [p, hitsAt(p)]))).toEqual({
      "/ok-1": 1,
      "/ok-2": 1,
      "/ok-3": 1,
      "/fails-once": 2,
    });
  });

  it("a dispatch carries one Idempotency-Key on every attempt and is not sent again once delivered", async () => {
    const rule = await hookRule("/flaky");
    failing.add("/flaky");
    const data = { ruleId: rule.id, event: event("ev-idem-1") };
    await expect(deliverWebhook(data)).rejects.toThrow(/answered 500/);
    failing.clear();
    expect(await deliverWebhook(data)).toBe("sent");
    // pg-boss retrying a job whose answer got lost, or a second worker: no second delivery.
    expect(await deliverWebhook(data)).not.toBe("sent");
    expect(hitsAt("/flaky")).toBe(2);
    const [first, second] = hits.map((h) => h.headers["idempotency-key"]);
    expect(first).toMatch(/^[\w-]{16,}$/);
    expect(second).toBe(first);
    expect(hits[1]!.headers["x-tracksmith-delivery"]).toBe(first);
    expect(JSON.parse(hits[1]!.body)).toMatchObject({ id: "ev-idem-1" });

    // Another rule (another URL) for the same event is another dispatch, with another key.
    const other = await hookRule("/other");
    expect(await deliverWebhook({ ruleId: other.id, event: event("ev-idem-1") })).toBe("sent");
    expect(hits.at(-1)!.headers["idempotency-key"]).not.toBe(first);
  });
});
