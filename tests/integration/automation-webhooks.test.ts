/**
 * Automation webhooks tried again with backoff (issue 26): a real HTTP receiver on 127.0.0.1,
 * reached because this file allows loopback and http through the outbound guard's test switches
 * (as tests/integration/automations.test.ts does). The retry job is driven by its clock: it is
 * called with a "now" past the next try instead of waiting.
 */
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifyWebhook } from "~/modules/notifications/webhook.server";
import {
  defaultPorts,
  processEvents,
  type ActionPorts,
} from "~/modules/operations/automations/runner.server";
import {
  pendingDeliveries,
  retryDueDeliveries,
} from "~/modules/operations/automations/webhook-delivery.server";
import { retryText } from "~/modules/operations/automations/format";
import { loader as listLoader } from "~/routes/dashboard.automations";
import { prisma } from "~/services/db.server";
import { stopSender } from "~/services/job-queue.server";
import { truncate, useTestDatabase } from "../support/db";
import { call, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";
import {
  allowLoopback,
  createWebhookAutomation,
  WEBHOOK_SECRET as SECRET,
} from "../support/automations";

const MIN = 60_000;

let url = "";
let cookie = "";
let adminId = 0;
let server: http.Server;
let hookUrl = "";
/** The receiver's answers, one per request; then 204. A function may hold the answer back. */
let script: (number | (() => Promise<number>))[] = [];
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  url = await useTestDatabase();
  await useSimulator();
  cookie = await sessionCookie("admin", "admin123");
  adminId = (await prisma.session.findFirstOrThrow({ where: { companyId: 1 } })).userId;
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      const next = script.shift() ?? 204;
      void Promise.resolve(typeof next === "number" ? next : next()).then((s) =>
        res.writeHead(s).end(),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  allowLoopback(true);
});
afterAll(async () => {
  allowLoopback(false);
  await new Promise<void>((r) => server.close(() => r()));
  await stopSender();
});
beforeEach(async () => {
  await truncate(url, ["Automation", "AutomationRun", "AutomationDelivery"]);
  received.length = 0;
  script = [];
});

const create = (over: Record<string, unknown> = {}) =>
  createWebhookAutomation(adminId, hookUrl, over);
const ev = (id: string, t = Date.now() - MIN) => ({
  id,
  kind: "overspeed",
  imei: "354800100000001",
  time: t,
  speed: 99,
});
const ports: ActionPorts = defaultPorts(async () => null);
const runOf = (eventId: string) => prisma.automationRun.findFirstOrThrow({ where: { eventId } });
const deliveryOf = (runId: string) =>
  prisma.automationDelivery.findFirstOrThrow({ where: { runId } });
const signed = (r: (typeof received)[number]) =>
  verifyWebhook(
    SECRET,
    {
      signature: String(r.headers["x-tracksmith-signature"]),
      timestamp: String(r.headers["x-tracksmith-timestamp"]),
    },
    r.body,
  );

async function history(automationId: string) {
  const res = await call(listLoader, get(`/dashboard/automations?history=${automationId}`, cookie));
  return (
    (await res.json()) as {
      history: {
        runs: {
          id: string;
          outcome: string;
          reason: string;
          retry: { nextTry: number; of: number; nextAt: string | null; lastError: string } | null;
        }[];
      };
    }
  ).history.runs;
}

describe("automation webhooks are tried again", () => {
  it("a receiver failing twice then answering gets one successful delivery after 3 tries, same body and delivery id", async () => {
    const auto = await create();
    script = [503, 429];
    const t0 = Date.now();
    const first = await processEvents(1, [ev("e-1")], ports);
    expect(first).toMatchObject({ fired: 0, failed: 0, retrying: 1 });
    const run = await runOf("e-1");
    expect(run.outcome).toBe("retrying");
    let d = await deliveryOf(run.id);
    expect(d).toMatchObject({ id: run.id, state: "retrying", tries: 1, lastStatus: 503 });
    expect(d.nextAt!.getTime()).toBeGreaterThanOrEqual(t0 + MIN);
    expect(d.nextAt!.getTime()).toBeLessThanOrEqual(t0 + 2 * MIN);

    // The history says it honestly.
    const [row] = await history(auto.id);
    expect(row).toMatchObject({
      outcome: "retrying",
      retry: {
        nextTry: 2,
        of: 4,
        nextAt: d.nextAt!.toISOString(),
        lastError: "webhook answered 503",
      },
    });
    // Another company's view of the same run ids has no retry state.
    expect((await pendingDeliveries(2, [run.id])).size).toBe(0);
    expect((await pendingDeliveries(1, [run.id])).size).toBe(1);
    expect(retryText(row!.retry!, "UTC")).toMatch(
      /^Retrying \(try 2 of 4, next at \d\d:\d\d\): webhook answered 503$/,
    );

    // Not due yet: nothing sent.
    expect(await retryDueDeliveries(t0)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);

    // Try 2 (429) is due after a minute; try 3 five minutes after that.
    expect(await retryDueDeliveries(d.nextAt!.getTime())).toMatchObject({ retrying: 1 });
    d = await deliveryOf(run.id);
    expect(d).toMatchObject({ state: "retrying", tries: 2, lastStatus: 429 });
    expect((await history(auto.id))[0]!.retry).toMatchObject({ nextTry: 3, of: 4 });
    expect(await retryDueDeliveries(d.nextAt!.getTime() - 1)).toMatchObject({ retrying: 0 });
    expect(await retryDueDeliveries(d.nextAt!.getTime())).toMatchObject({ delivered: 1 });

    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect(received.map((r) => r.headers["x-tracksmith-delivery"])).toEqual([
      run.id,
      run.id,
      run.id,
    ]);
    expect(received.every((r) => r.headers["idempotency-key"] === run.id)).toBe(true);
    expect(received.every(signed)).toBe(true);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ id: "e-1", kind: "overspeed" });

    const done = await runOf("e-1");
    expect(done.outcome).toBe("fired");
    expect(done.reason).toMatch(/webhook delivered on try 3 of 4$/);
    expect((await history(auto.id))[0]).toMatchObject({ outcome: "fired", retry: null });

    // Nothing is sent again: not by the retry job later, not by the minute job re-reading the event.
    await retryDueDeliveries(Date.now() + 3 * 3_600_000);
    await processEvents(1, [ev("e-1")], ports);
    expect(received).toHaveLength(3);
  });

  it("a 400 is not retried: the run fails at once with the answer", async () => {
    await create();
    script = [400];
    expect(await processEvents(1, [ev("e-400")], ports)).toMatchObject({ failed: 1 });
    const run = await runOf("e-400");
    expect(run.outcome).toBe("failed");
    expect(run.reason).toBe(
      "webhook: webhook answered 400 (refused by the receiver; not retried) — 1 try",
    );
    expect(await deliveryOf(run.id)).toMatchObject({ state: "failed", tries: 1, nextAt: null });
    await retryDueDeliveries(Date.now() + 3_600_000);
    expect(received).toHaveLength(1);
  });

  it("gives up after 4 tries with the last error and the number of tries", async () => {
    const auto = await create();
    script = [500, 502, 503, 504];
    await processEvents(1, [ev("e-down")], ports);
    const run = await runOf("e-down");
    let now = Date.now();
    for (let i = 0; i < 3; i++) {
      now = (await deliveryOf(run.id)).nextAt!.getTime();
      await retryDueDeliveries(now);
    }
    expect(received).toHaveLength(4);
    const failed = await runOf("e-down");
    expect(failed.outcome).toBe("failed");
    expect(failed.reason).toBe("webhook: webhook answered 504 — 4 tries");
    expect(await deliveryOf(run.id)).toMatchObject({ state: "failed", tries: 4 });
    // The waits were 1, 5 and 30 minutes (each rounded up to the minute).
    expect(now - run.createdAt.getTime()).toBeGreaterThanOrEqual(36 * MIN);
    expect(now - run.createdAt.getTime()).toBeLessThanOrEqual(39 * MIN);
    await retryDueDeliveries(now + 3_600_000);
    expect(received).toHaveLength(4);
    expect((await history(auto.id))[0]).toMatchObject({ outcome: "failed", retry: null });
  });

  it("checks the address again before each try: a retry the guard now refuses is not sent", async () => {
    await create();
    script = [503];
    await processEvents(1, [ev("e-guard")], ports);
    const run = await runOf("e-guard");
    allowLoopback(false);
    try {
      await retryDueDeliveries((await deliveryOf(run.id)).nextAt!.getTime());
    } finally {
      allowLoopback(true);
    }
    expect(received).toHaveLength(1);
    const failed = await runOf("e-guard");
    expect(failed.outcome).toBe("failed");
    expect(failed.reason).toMatch(/^webhook: .*(https|loopback).*not retried.* — 2 tries$/);
  });

  it("two workers at once send a due retry once", async () => {
    await create();
    let release = () => {};
    const held = new Promise<number>((r) => (release = () => r(204)));
    script = [503, () => held];
    await processEvents(1, [ev("e-race")], ports);
    const run = await runOf("e-race");
    const due = (await deliveryOf(run.id)).nextAt!.getTime();
    const a = retryDueDeliveries(due);
    const b = retryDueDeliveries(due);
    // While one try is in flight, a third pass finds nothing to claim.
    await expect.poll(() => received.length).toBe(2);
    expect(await retryDueDeliveries(due + 30_000)).toEqual({
      delivered: 0,
      retrying: 0,
      failed: 0,
    });
    release();
    const sums = await Promise.all([a, b]);
    expect(sums.map((s) => s.delivered).sort()).toEqual([0, 1]);
    expect(received).toHaveLength(2);
    expect((await runOf("e-race")).outcome).toBe("fired");
  });

  it("the minute job run twice at once on the same events sends once", async () => {
    await create();
    await Promise.all([
      processEvents(1, [ev("e-twice")], ports),
      processEvents(1, [ev("e-twice")], ports),
    ]);
    expect(received).toHaveLength(1);
    expect((await runOf("e-twice")).outcome).toBe("fired");
  });

  it("a try whose process died mid-send is taken over after the lease (the retries are in PostgreSQL)", async () => {
    await create();
    script = [503];
    await processEvents(1, [ev("e-crash")], ports);
    const run = await runOf("e-crash");
    // A process claimed try 2 and stopped before recording an answer.
    const claimedAt = new Date(Date.now() - 5 * MIN);
    await prisma.automationDelivery.update({
      where: { id: run.id },
      data: { state: "sending", tries: 2, claimedAt },
    });
    expect((await history(run.automationId))[0]!.retry).toMatchObject({
      nextTry: 2,
      nextAt: null,
    });
    // A fresh claim is left alone (its worker may still be sending) ...
    await prisma.automationDelivery.update({
      where: { id: run.id },
      data: { claimedAt: new Date() },
    });
    expect(await retryDueDeliveries()).toMatchObject({ delivered: 0 });
    // ... an old one is taken over: try 3 goes out with the same delivery id.
    await prisma.automationDelivery.update({ where: { id: run.id }, data: { claimedAt } });
    expect(await retryDueDeliveries()).toMatchObject({ delivered: 1 });
    expect(await deliveryOf(run.id)).toMatchObject({ state: "delivered", tries: 3 });
    expect(received.map((r) => r.headers["x-tracksmith-delivery"])).toEqual([run.id, run.id]);
    expect((await runOf("e-crash")).reason).toMatch(/delivered on try 3 of 4/);
  });

  it("stops retrying when the automation is turned off or its webhook changed", async () => {
    const auto = await create();
    script = [503];
    await processEvents(1, [ev("e-off")], ports);
    await prisma.automation.update({ where: { id: auto.id }, data: { enabled: false } });
    await retryDueDeliveries(Date.now() + 2 * MIN);
    expect(received).toHaveLength(1);
    const failed = await runOf("e-off");
    expect(failed.outcome).toBe("failed");
    expect(failed.reason).toBe("webhook: not sent: the automation was turned off — 1 try");

    script = [503];
    await prisma.automation.update({ where: { id: auto.id }, data: { enabled: true } });
    await processEvents(1, [ev("e-moved")], ports);
    await prisma.automation.update({
      where: { id: auto.id },
      data: { actions: [{ kind: "webhook", url: `${hookUrl}/v2` }] },
    });
    await retryDueDeliveries(Date.now() + 2 * MIN);
    expect(received).toHaveLength(2);
    expect((await runOf("e-moved")).reason).toBe(
      "webhook: not sent: the webhook was changed or removed — 1 try",
    );
  });
});
