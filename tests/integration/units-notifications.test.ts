/**
 * Issue 35, one ruler in what is sent: notification texts are written once in km, km/h and °C;
 * an e-mail is written in the unit system of the rule that sends it (its author's), a push in the
 * unit system of the browser that subscribed. Real parts: PostgreSQL, the simulator's events, the
 * local push service (real Web Push encryption) and the mail owed in the outbox.
 */
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, settingsCookieString } from "~/lib/settings";
import type { AlertEmail } from "~/modules/notifications/alert-email.server";
import { syncCompany } from "~/modules/notifications/event-sync.server";
import { fanOut, sendBatch, type Enqueue } from "~/modules/notifications/push-fanout.server";
import { queuePush } from "~/modules/notifications/push.server";
import { action as subsAction } from "~/routes/api.push-subscriptions";
import { action as pageAction } from "~/routes/dashboard.notifications";
import { prisma } from "~/services/db.server";
import { resetEnvCache } from "~/services/env.server";
import { stopSender } from "~/services/job-queue.server";
import { truncate, useTestDatabase } from "../support/db";
import { startPushStub, type PushStub } from "../support/push-stub";
import { APP, call, formPost } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let url = "";
let stub: PushStub;
let imperial = "";
let userId = 0;

beforeAll(async () => {
  url = await useTestDatabase();
  await useSimulator();
  const keys = webpush.generateVAPIDKeys();
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  // The stub push service is on 127.0.0.1 over http: opt out of the outbound guard's checks here.
  process.env.OUTBOUND_ALLOW_HTTP = "1";
  process.env.OUTBOUND_ALLOW_PRIVATE = "1";
  resetEnvCache();
  stub = await startPushStub({ keepPayloads: 20 });
  const session = await sessionCookie("admin", "admin123");
  const settings = { ...DEFAULT_SETTINGS, measurement: "imperial" as const, savedAt: Date.now() };
  imperial = `${session}; ${settingsCookieString(settings).split(";")[0]}`;
  userId = (await prisma.session.findFirstOrThrow({ where: { companyId: 1 } })).userId;
});
afterAll(async () => {
  await stopSender();
  await stub.close();
  delete process.env.OUTBOUND_ALLOW_HTTP;
  delete process.env.OUTBOUND_ALLOW_PRIVATE;
  resetEnvCache();
});

describe("speeds in what is sent (issue 35)", () => {
  it("an imperial user's rule e-mails overspeeds in mph", async () => {
    await truncate(url, ["AlertRule", "AlertDispatch", "EventCursor", "Notification"]);
    await truncate(url, ["OutboxMessage"]);
    const saved = await call(
      pageAction,
      formPost(
        "/dashboard/notifications",
        {
          intent: "rule-save",
          name: "Speeding",
          kinds: "overspeed",
          channels: "email",
          email: "ops@example.com",
          timeZone: "UTC",
          enabled: "on",
          speedUnit: "imperial",
        },
        { cookie: imperial },
      ),
    );
    expect(saved.status).toBe(302);
    // Three hours of the simulator's events: several overspeeds.
    const since = new Date(Date.now() - 3 * 3_600_000);
    await prisma.eventCursor.create({
      data: { companyId: 1, next: since.toISOString(), okAt: since },
    });
    await syncCompany(1);
    // Owed to the outbox with the alert's claim; the worker sends them as written here.
    const owed = await prisma.outboxMessage.findMany({ where: { key: { startsWith: "alert:" } } });
    expect(owed.length).toBeGreaterThan(0);
    for (const { payload } of owed) {
      const data = payload as AlertEmail;
      expect(data.text).toMatch(/drove at \d+ mph in a \d+ mph zone/);
      expect(data.text).not.toMatch(/km\/h/);
    }
  });

  it("a push reads in the unit system of the browser that subscribed", async () => {
    await truncate(url, ["PushSubscription", "PushDelivery", "PushMessage"]);
    stub.reset();
    const res = await call(
      subsAction,
      new Request(APP + "/api/push-subscriptions", {
        method: "POST",
        body: JSON.stringify({ endpoint: `${stub.url}/ok/imperial`, keys: stub.keys }),
        headers: { "content-type": "application/json", origin: APP, cookie: imperial },
      }),
    );
    expect(res.status).toBe(201);
    // The same user's other browser, metric.
    await prisma.pushSubscription.create({
      data: { userId, companyId: 1, endpoint: `${stub.url}/ok/metric`, ...stub.keys },
    });
    await queuePush("units-1", [userId], {
      title: "Overspeed: Truck 1",
      body: "Truck 1 drove at 91 km/h in a 60 km/h zone; the fridge reads 8.0 °C.",
      kind: "overspeed",
    });
    const jobs: Parameters<Enqueue>[0] = [];
    const enqueue: Enqueue = async (list) => void jobs.push(...list);
    expect(await fanOut("units-1", enqueue)).toBe(2);
    for (const j of jobs) await sendBatch(j.key, j.ids, enqueue);
    const body = (path: string) =>
      (stub.payloads.find((p) => p.path === path)?.json as { body: string } | undefined)?.body;
    expect(body("/ok/imperial")).toBe(
      "Truck 1 drove at 57 mph in a 37 mph zone; the fridge reads 46.4 °F.",
    );
    expect(body("/ok/metric")).toBe(
      "Truck 1 drove at 91 km/h in a 60 km/h zone; the fridge reads 8.0 °C.",
    );
  });
});
