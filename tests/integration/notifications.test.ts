import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import webpush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as bellLoader, action as bellAction } from "~/routes/api.notifications";
import { loader as keyLoader } from "~/routes/api.push-key";
import { action as subsAction, loader as subsLoader } from "~/routes/api.push-subscriptions";
import { action as pageAction, loader as pageLoader } from "~/routes/dashboard.notifications";
import { prisma } from "~/services/db.server";
import { open } from "~/services/secret-box.server";
import { sendOwed } from "~/modules/notifications/index.server";
import { resetEnvCache } from "~/services/env.server";
import { resetMailTransport } from "~/services/mail.server";
import { stopSender } from "~/services/job-queue.server";
import {
  feed,
  markAllRead,
  markRead,
  notifyUser,
  onFeedChange,
  unreadCount,
} from "~/modules/notifications/notifications.server";
import { deliverWebhook, verifyWebhook } from "~/modules/notifications/webhook.server";
import { syncCompany } from "../../app/modules/notifications/event-sync.server";
import { cleanupNotifications } from "../../app/modules/notifications/notification-cleanup.server";
import { truncate, useTestDatabase } from "../support/db";
import { APP, call, formPost, get, toastOf } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let url = "";
const ADMIN = { userId: 0, companyId: 1 };
const as = sessionCookie;

beforeAll(async () => {
  url = await useTestDatabase();
  await useSimulator();
  const keys = webpush.generateVAPIDKeys();
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  resetEnvCache();
  await as("admin", "admin123");
  const s = await prisma.session.findFirstOrThrow({ where: { companyId: 1 } });
  ADMIN.userId = s.userId;
});
afterAll(() => stopSender());
beforeEach(async () => {
  await truncate(url, [
    "Notification",
    "AlertRule",
    "AlertDispatch",
    "EventCursor",
    "PushMessage",
    "PushSubscription",
    "WebhookDelivery",
    "OutboxMessage",
  ]);
  await prisma
    .$executeRawUnsafe(`delete from pgboss.job where name in ('webhook', 'alert-email')`)
    .catch(() => undefined);
});

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  for (const end = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > end) throw new Error("timed out");
};

const jsonPost = (path: string, body: unknown, cookie: string, method = "POST") =>
  new Request(APP + path, {
    method,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", origin: APP, cookie },
  });

describe("the feed and the unread count", () => {
  it("counts unread, marks one and all read, and only the owner's", async () => {
    for (let i = 0; i < 3; i++)
      await notifyUser({
        ...ADMIN,
        kind: "info",
        title: `Report ${i} ready`,
        body: "b",
        push: false,
      });
    await notifyUser({
      userId: 999,
      companyId: 2,
      kind: "info",
      title: "someone else's",
      body: "b",
      push: false,
    });
    expect(await unreadCount(ADMIN.userId)).toBe(3);
    const { items } = await feed(ADMIN.userId);
    expect(items.map((i) => i.title)).toEqual([
      "Report 2 ready",
      "Report 1 ready",
      "Report 0 ready",
    ]);
    expect(await markRead(ADMIN.userId, items[0]!.id)).toBe(true);
    expect(await unreadCount(ADMIN.userId)).toBe(2);
    const foreign = await prisma.notification.findFirstOrThrow({ where: { userId: 999 } });
    expect(await markRead(ADMIN.userId, foreign.id)).toBe(false);
    expect(await unreadCount(999)).toBe(1);
    expect(await markAllRead(ADMIN.userId)).toBe(2);
    expect(await unreadCount(ADMIN.userId)).toBe(0);
    expect((await feed(ADMIN.userId, { unreadOnly: true })).items).toHaveLength(0);
  });

  it("is idempotent per event id and pages by time", async () => {
    expect(
      await notifyUser({
        ...ADMIN,
        kind: "overspeed",
        title: "t",
        body: "b",
        eventId: "ev-1",
        push: false,
      }),
    ).not.toBeNull();
    expect(
      await notifyUser({
        ...ADMIN,
        kind: "overspeed",
        title: "t",
        body: "b",
        eventId: "ev-1",
        push: false,
      }),
    ).toBeNull();
    for (let i = 0; i < 35; i++)
      await notifyUser({ ...ADMIN, kind: "info", title: `n${i}`, body: "b", push: false });
    const first = await feed(ADMIN.userId);
    expect(first.items).toHaveLength(30);
    expect(first.more).toBe(true);
    const second = await feed(ADMIN.userId, { before: new Date(first.items.at(-1)!.createdAt) });
    expect(second.items.length).toBe(6);
    expect(second.more).toBe(false);
  });

  it("queues a push for notifyUser unless told not to", async () => {
    const item = await notifyUser({
      ...ADMIN,
      kind: "info",
      title: "Your report is ready",
      body: "Fleet summary",
      link: "/dashboard/reports",
    });
    const msg = await prisma.pushMessage.findUniqueOrThrow({ where: { key: `n:${item!.id}` } });
    expect(msg.userIds).toEqual([ADMIN.userId]);
    expect(msg.payload).toMatchObject({
      title: "Your report is ready",
      link: "/dashboard/reports",
      kind: "info",
    });
  });

  it("tells a listening stream about new notifications and count changes", async () => {
    const updates: { unread: number; titles: string[] }[] = [];
    const off = await onFeedChange(ADMIN.userId, (u) =>
      updates.push({ unread: u.unread, titles: u.items.map((i) => i.title) }),
    );
    try {
      const wait = async (n: number) => {
        const end = Date.now() + 5000;
        while (updates.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      };
      await notifyUser({ ...ADMIN, kind: "info", title: "live one", body: "b", push: false });
      await notifyUser({
        userId: 999,
        companyId: 2,
        kind: "info",
        title: "not mine",
        body: "b",
        push: false,
      });
      await wait(1);
      await markAllRead(ADMIN.userId);
      await wait(2);
      await new Promise((r) => setTimeout(r, 200));
      expect(updates).toEqual([
        { unread: 1, titles: ["live one"] },
        { unread: 0, titles: [] },
      ]);
    } finally {
      off();
    }
  });
});

describe("the bell and subscription endpoints", () => {
  it("401 without a session", async () => {
    expect((await call(bellLoader, get("/api/notifications"))).status).toBe(401);
    expect((await call(keyLoader, get("/api/push-key"))).status).toBe(401);
  });

  it("serves the VAPID public key and the bell's data; refuses a foreign notification", async () => {
    const cookie = await as("admin", "admin123");
    expect(await (await call(keyLoader, get("/api/push-key", cookie))).json()).toEqual({
      publicKey: process.env.VAPID_PUBLIC_KEY,
    });
    await notifyUser({ ...ADMIN, kind: "info", title: "hello", body: "b", push: false });
    const other = await notifyUser({
      userId: 999,
      companyId: 2,
      kind: "info",
      title: "x",
      body: "b",
      push: false,
    });
    const bell = await (await call(bellLoader, get("/api/notifications", cookie))).json();
    expect(bell).toMatchObject({ unread: 1, items: [{ title: "hello" }] });
    expect(
      (
        await call(
          bellAction,
          formPost("/api/notifications", { intent: "read", id: other!.id }, { cookie }),
        )
      ).status,
    ).toBe(404);
    const read = await call(
      bellAction,
      formPost("/api/notifications", { intent: "read-all" }, { cookie }),
    );
    expect(await read.json()).toEqual({ unread: 0 });
  });

  it("stores a browser's subscription for the user, lists and removes only their own", async () => {
    const cookie = await as("admin", "admin123");
    const keys = {
      p256dh:
        "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    };
    const res = await call(
      subsAction,
      jsonPost(
        "/api/push-subscriptions",
        { endpoint: "https://push.example/a", expirationTime: null, keys },
        cookie,
      ),
    );
    expect(res.status).toBe(201);
    // Re-subscribing the same browser keeps one row.
    await call(
      subsAction,
      jsonPost("/api/push-subscriptions", { endpoint: "https://push.example/a", keys }, cookie),
    );
    expect(await prisma.pushSubscription.count()).toBe(1);
    expect(
      (
        await call(
          subsAction,
          jsonPost("/api/push-subscriptions", { endpoint: "not a url", keys }, cookie),
        )
      ).status,
    ).toBe(400);
    await prisma.pushSubscription.create({
      data: {
        userId: 999,
        companyId: 2,
        endpoint: "https://push.example/other",
        p256dh: keys.p256dh,
        auth: keys.auth,
      },
    });
    const list = await (await call(subsLoader, get("/api/push-subscriptions", cookie))).json();
    expect(list.subscriptions).toHaveLength(1);
    expect(
      (
        await call(
          subsAction,
          jsonPost(
            "/api/push-subscriptions",
            { endpoint: "https://push.example/other" },
            cookie,
            "DELETE",
          ),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          subsAction,
          jsonPost(
            "/api/push-subscriptions",
            { endpoint: "https://push.example/a" },
            cookie,
            "DELETE",
          ),
        )
      ).status,
    ).toBe(200);
    expect(await prisma.pushSubscription.count()).toBe(1);
  });
});

describe("the alert rules page", () => {
  it("validates, keeps what was typed, and never echoes the secret", async () => {
    const cookie = await as("admin", "admin123");
    const res = await call(
      pageAction,
      formPost(
        "/dashboard/notifications",
        {
          intent: "rule-save",
          name: "Night",
          channels: "webhook",
          webhookUrl: "ftp://x",
          webhookSecret: "short",
          quietStart: "22:00",
        },
        { cookie },
      ),
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.errors).sort()).toEqual([
      "kinds",
      "quietEnd",
      "webhookSecret",
      "webhookUrl",
    ]);
    expect(body.values).toMatchObject({
      name: "Night",
      channels: ["webhook"],
      webhookUrl: "ftp://x",
      quietStart: "22:00",
    });
    expect(body.values.webhookSecret).toBeUndefined();
  });

  it("creates, edits (keeping the secret), sends a test, and deletes only after confirming", async () => {
    const cookie = await as("admin", "admin123");
    const fields = {
      intent: "rule-save",
      name: "Cold chain",
      kinds: "temperature_out_of_range",
      channels: "inapp",
      timeZone: "Australia/Brisbane",
      enabled: "on",
      webhookUrl: "https://hooks.example/x",
      webhookSecret: "0123456789abcdef",
    };
    const created = await call(
      pageAction,
      formPost("/dashboard/notifications", fields, { cookie }),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/dashboard/notifications#rules");
    expect(await toastOf(created)).toMatchObject({
      type: "success",
      description: "Alert rule saved.",
    });
    const rule = await prisma.alertRule.findFirstOrThrow();
    expect(rule).toMatchObject({
      userId: ADMIN.userId,
      companyId: 1,
      kinds: ["temperature_out_of_range"],
      channels: ["inapp"],
      timeZone: "Australia/Brisbane",
      enabled: true,
    });
    const edited = await call(
      pageAction,
      formPost(
        "/dashboard/notifications",
        {
          ...fields,
          ruleId: rule.id,
          name: "Cold chain 2",
          channels: "webhook",
          webhookSecret: "",
        },
        { cookie },
      ),
    );
    expect(edited.status).toBe(302);
    const saved = await prisma.alertRule.findFirstOrThrow();
    expect(saved).toMatchObject({ name: "Cold chain 2", enabled: true });
    // Kept, and kept encrypted (issue 15 item 11): the column is not the secret.
    expect(saved.webhookSecret).not.toContain("0123456789abcdef");
    expect(open(saved.webhookSecret!, "webhook-secret")).toBe("0123456789abcdef");

    const page = await (
      await call(pageLoader, get(`/dashboard/notifications?edit=${rule.id}`, cookie))
    ).json();
    expect(page.editing).toMatchObject({ id: rule.id, hasSecret: true });
    expect(JSON.stringify(page)).not.toContain("0123456789abcdef");

    await prisma.alertRule.update({ where: { id: rule.id }, data: { channels: ["inapp"] } });
    const test = await call(
      pageAction,
      formPost("/dashboard/notifications", { intent: "rule-test", id: rule.id }, { cookie }),
    );
    expect(await test.json()).toEqual({
      intent: "rule-test",
      ruleId: rule.id,
      message: "Test sent: in the app.",
    });
    expect(await unreadCount(ADMIN.userId)).toBe(1);

    const ask = await call(
      pageAction,
      formPost("/dashboard/notifications", { intent: "rule-delete", id: rule.id }, { cookie }),
    );
    expect(await ask.json()).toEqual({ intent: "rule-delete", confirmFor: rule.id });
    expect(await prisma.alertRule.count()).toBe(1);
    const deleted = await call(
      pageAction,
      formPost(
        "/dashboard/notifications",
        { intent: "rule-delete", id: rule.id, confirm: "yes" },
        { cookie },
      ),
    );
    expect(await toastOf(deleted)).toMatchObject({ description: "Alert rule deleted." });
    expect(await prisma.alertRule.count()).toBe(0);

    // A forged intent, or a missing id, is not understood (400, the spec's words).
    const forged: Record<string, string>[] = [
      { intent: "rule-nuke", id: rule.id },
      { intent: "rule-delete" },
    ];
    for (const fields of forged) {
      const res = await call(pageAction, formPost("/dashboard/notifications", fields, { cookie }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        intent: "error",
        message: "That request was not understood.",
      });
    }
  });

  it("answers 404 for another company's rule", async () => {
    const cookie = await as("admin", "admin123");
    const theirs = await prisma.alertRule.create({
      data: {
        userId: 999,
        companyId: 2,
        name: "theirs",
        kinds: ["overspeed"],
        channels: ["inapp"],
      },
    });
    expect(
      (await call(pageLoader, get(`/dashboard/notifications?edit=${theirs.id}`, cookie))).status,
    ).toBe(404);
    for (const intent of ["rule-test", "rule-delete"]) {
      expect(
        (
          await call(
            pageAction,
            formPost(
              "/dashboard/notifications",
              { intent, id: theirs.id, confirm: "yes" },
              { cookie },
            ),
          )
        ).status,
        intent,
      ).toBe(404);
    }
    expect(
      (
        await call(
          pageAction,
          formPost(
            "/dashboard/notifications",
            {
              intent: "rule-save",
              ruleId: theirs.id,
              name: "mine now",
              kinds: "overspeed",
              channels: "inapp",
            },
            { cookie },
          ),
        )
      ).status,
    ).toBe(404);
    expect(await prisma.alertRule.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      name: "theirs",
    });
  });
});

describe("event sync (simulator events to notifications)", () => {
  const rule = (over: Record<string, unknown> = {}) =>
    prisma.alertRule.create({
      data: {
        userId: ADMIN.userId,
        companyId: 1,
        name: "all",
        kinds: [
          "geofence_enter",
          "geofence_exit",
          "overspeed",
          "offline",
          "online",
          "low_battery",
          "temperature_out_of_range",
          "harsh_driving",
          "maintenance_due",
        ],
        channels: ["inapp"],
        ...over,
      },
    });

  it("turns the company's events into notifications once, even when a page is read again", async () => {
    await rule();
    const first = await syncCompany(1);
    expect(first.status).toBe("ok");
    expect(first.events).toBeGreaterThan(0);
    const count = await prisma.notification.count({ where: { userId: ADMIN.userId } });
    expect(count).toBe(first.events);
    const n = await prisma.notification.findFirstOrThrow({ where: { userId: ADMIN.userId } });
    expect(n.eventId).toMatch(/^ev-1-/);
    expect(n.link).toMatch(/^\/dashboard\/vehicle-dashboard\/3548/);
    // A re-read (a crash before the cursor moved): nothing new.
    await prisma.eventCursor.deleteMany();
    const again = await syncCompany(1);
    expect(again.events).toBeGreaterThanOrEqual(first.events);
    expect(again.dispatched).toBe(again.events - first.events);
    expect(await prisma.notification.count({ where: { userId: ADMIN.userId } })).toBe(again.events);
  });

  it("only the rule's kinds and vehicles; quiet hours hold back push but not the feed", async () => {
    const probe = await syncCompany(1); // no rule, no subscription: nobody to tell
    expect(probe.dispatched).toBe(0);
    await prisma.eventCursor.deleteMany();
    const kinds = [
      "overspeed",
      "harsh_driving",
      "offline",
      "online",
      "low_battery",
      "maintenance_due",
      "geofence_enter",
      "geofence_exit",
    ];
    await rule({
      kinds,
      channels: ["inapp", "push"],
      quietStart: "00:00",
      quietEnd: "23:59",
      timeZone: "UTC",
    });
    await syncCompany(1);
    const got = await prisma.notification.findMany({ where: { userId: ADMIN.userId } });
    expect(got.every((n) => kinds.includes(n.kind))).toBe(true);
    const nowMinutes = new Date().getUTCHours() * 60 + new Date().getUTCMinutes();
    if (nowMinutes < 23 * 60 + 59) expect(await prisma.pushMessage.count()).toBe(0);

    await truncate(url, ["Notification", "AlertRule", "AlertDispatch", "EventCursor"]);
    const some = got[0]?.imei ?? "354800100000001";
    await rule({ imeis: [some], channels: ["inapp", "push"] });
    await syncCompany(1);
    const mine = await prisma.notification.findMany({ where: { userId: ADMIN.userId } });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((n) => n.imei === some)).toBe(true);
    expect(await prisma.pushMessage.count()).toBe(mine.length);
  });

  it("thresholds: overspeed only above the rule's speed; offline after N hours once per silence", async () => {
    await rule({ kinds: ["overspeed"], speedLimitKmh: 100 });
    // Three hours of events (a first sync reads five minutes): several overspeeds, some slower.
    const since = new Date(Date.now() - 3 * 3_600_000);
    await prisma.eventCursor.create({
      data: { companyId: 1, next: since.toISOString(), okAt: since },
    });
    await syncCompany(1);
    const fast = await prisma.notification.findMany({ where: { userId: ADMIN.userId } });
    expect(fast.length).toBeGreaterThan(0);
    for (const n of fast) expect(Number(/at (\d+) km\/h/.exec(n.body)?.[1])).toBeGreaterThan(100);

    await truncate(url, ["Notification", "AlertRule", "AlertDispatch", "EventCursor"]);
    await rule({ kinds: ["offline"], offlineHours: 3 });
    const now = new Date();
    const imei = "354800199999001";
    await prisma.device.upsert({
      where: { imei },
      create: {
        imei,
        companyId: 1,
        deviceTypeId: 1,
        nickname: "Silent Trailer",
        lastContactAt: new Date(now.getTime() - 3.5 * 3_600_000),
      },
      update: { lastContactAt: new Date(now.getTime() - 3.5 * 3_600_000) },
    });
    await prisma.device.upsert({
      where: { imei: "354800199999002" },
      create: {
        imei: "354800199999002",
        companyId: 1,
        deviceTypeId: 1,
        nickname: "Lost for months",
        lastContactAt: new Date(now.getTime() - 90 * 86_400_000),
      },
      update: {},
    });
    await syncCompany(1, now);
    await syncCompany(1, new Date(now.getTime() + 60_000));
    const told = await prisma.notification.findMany({ where: { userId: ADMIN.userId } });
    // Only the silence that crossed 3 h lately, once; the upstream's own "went offline" events
    // (silent half an hour) are not this rule's.
    expect(told.map((n) => [n.imei, n.body])).toEqual([
      [imei, "Silent Trailer has not reported for 3 hours."],
    ]);
  });

  it("a user with only a push subscription gets every alert by push (the default rule)", async () => {
    await prisma.pushSubscription.create({
      data: {
        userId: ADMIN.userId,
        companyId: 1,
        endpoint: "https://push.example/only",
        p256dh: "x",
        auth: "y",
      },
    });
    const r = await syncCompany(1);
    expect(r.dispatched).toBe(r.events);
    const msgs = await prisma.pushMessage.findMany();
    expect(msgs.length).toBe(r.events);
    expect(msgs[0]!.key).toMatch(/^ev:ev-1-/);
    expect(msgs.every((m) => m.userIds.includes(ADMIN.userId))).toBe(true);
  });

  it("owes alert emails for an email rule to the outbox, written by the mail service", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "alert-mail-"));
    process.env.DATA_DIR = dir;
    delete process.env.SMTP_URL;
    resetEnvCache();
    resetMailTransport();
    try {
      await rule({ channels: ["email"], email: "ops@example.com" });
      const out = await syncCompany(1);
      const owed = await prisma.outboxMessage.findMany({
        where: { key: { startsWith: "alert:" } },
      });
      expect(owed.length).toBe(out.events);
      const first = owed[0]!.payload as { to: string; subject: string };
      expect(first.to).toBe("ops@example.com");
      await sendOwed();
      await until(
        async () =>
          (await fs.readdir(path.join(dir, "mail")).catch(() => [])).length >= owed.length,
      );
      const files = await fs.readdir(path.join(dir, "mail"));
      expect(files).toHaveLength(owed.length);
      const emls = await Promise.all(
        files.map((f) => fs.readFile(path.join(dir, "mail", f), "utf8")),
      );
      expect(emls.every((eml) => eml.includes("To: ops@example.com"))).toBe(true);
      expect(emls.some((eml) => eml.includes(`Subject: ${first.subject}`))).toBe(true);
    } finally {
      delete process.env.DATA_DIR;
      resetEnvCache();
      resetMailTransport();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("marks a company stale when none of its users has a live session", async () => {
    await prisma.alertRule.create({
      data: { userId: 4242, companyId: 77, name: "x", kinds: ["overspeed"], channels: ["inapp"] },
    });
    const r = await syncCompany(77);
    expect(r.status).toBe("stale");
    const cursor = await prisma.eventCursor.findUniqueOrThrow({ where: { companyId: 77 } });
    expect(cursor.staleSince).not.toBeNull();
    expect(cursor.error).toMatch(/No signed-in user/);
  });

  it("queues signed webhooks for a webhook rule, delivered with the rule's secret", async () => {
    const received: { body: string; headers: http.IncomingHttpHeaders }[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on(
        "end",
        () => (received.push({ body, headers: req.headers }), res.writeHead(200).end()),
      );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    // The receiver is on 127.0.0.1 over http: this test opts out of the outbound guard's checks.
    process.env.OUTBOUND_ALLOW_HTTP = "1";
    process.env.OUTBOUND_ALLOW_PRIVATE = "1";
    resetEnvCache();
    try {
      const hook = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
      const r = await rule({
        channels: ["webhook"],
        webhookUrl: hook,
        webhookSecret: "a-very-secret-value",
      });
      const out = await syncCompany(1);
      const jobs = await prisma.$queryRaw<
        { data: { ruleId: string; event: { id: string; kind: string } } }[]
      >`select data from pgboss.job where name = 'webhook'`;
      expect(jobs.length).toBe(out.events);
      expect(await prisma.notification.count()).toBe(0);
      expect(await deliverWebhook(jobs[0]!.data as never)).toBe("sent");
      const got = received[0]!;
      expect(JSON.parse(got.body)).toMatchObject({ id: jobs[0]!.data.event.id, companyid: 1 });
      expect(
        verifyWebhook(
          "a-very-secret-value",
          {
            signature: String(got.headers["x-tracksmith-signature"]),
            timestamp: String(got.headers["x-tracksmith-timestamp"]),
          },
          got.body,
        ),
      ).toBe(true);
      // A deleted rule's queued deliveries are dropped, not sent.
      await prisma.alertRule.delete({ where: { id: r.id } });
      expect(await deliverWebhook((jobs[1]?.data as never) ?? jobs[0]!.data)).toBe("dropped");
    } finally {
      delete process.env.OUTBOUND_ALLOW_HTTP;
      delete process.env.OUTBOUND_ALLOW_PRIVATE;
      resetEnvCache();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe("clean-up", () => {
  it("prunes old dispatch records, push and webhook bookkeeping and old read notifications, nothing recent or unread", async () => {
    const old = new Date(Date.now() - 100 * 86_400_000);
    await prisma.alertDispatch.createMany({
      data: [
        { eventId: "old", userId: 1, companyId: 1, createdAt: old },
        { eventId: "new", userId: 1, companyId: 1 },
      ],
    });
    await prisma.webhookDelivery.createMany({
      data: [
        { id: "old", ruleId: "r", eventId: "old", createdAt: old, deliveredAt: old },
        { id: "new", ruleId: "r", eventId: "new", deliveredAt: new Date() },
      ],
    });
    await prisma.pushMessage.createMany({
      data: [
        { key: "old", userIds: [1], payload: {}, ttl: 60, urgency: "normal", createdAt: old },
        { key: "new", userIds: [1], payload: {}, ttl: 60, urgency: "normal" },
      ],
    });
    await prisma.pushDelivery.createMany({
      data: [
        { subscriptionId: "s", messageKey: "old", status: "sent" },
        { subscriptionId: "s", messageKey: "new", status: "sent" },
      ],
    });
    await prisma.notification.createMany({
      data: [
        {
          userId: 1,
          companyId: 1,
          kind: "info",
          title: "old read",
          body: "",
          createdAt: old,
          readAt: old,
        },
        { userId: 1, companyId: 1, kind: "info", title: "old unread", body: "", createdAt: old },
        { userId: 1, companyId: 1, kind: "info", title: "new read", body: "", readAt: new Date() },
      ],
    });
    expect(await cleanupNotifications()).toEqual({
      dispatch: 1,
      deliveries: 1,
      messages: 1,
      notifications: 1,
      webhooks: 1,
    });
    expect(
      (await prisma.notification.findMany({ orderBy: { title: "asc" } })).map((n) => n.title),
    ).toEqual(["new read", "old unread"]);
    expect(await prisma.alertDispatch.count()).toBe(1);
    expect(await prisma.pushDelivery.count()).toBe(1);
  });
});
