import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { syncCompany } from "~/modules/notifications/event-sync.server";
import { verifyWebhook } from "~/modules/notifications/webhook.server";
import { NO_ACTION_MESSAGE } from "~/modules/operations/automations/automation-form";
import { dryRun } from "~/modules/operations/automations/dry-run.server";
import {
  automationOf,
  defaultPorts,
  processEvents,
} from "~/modules/operations/automations/runner.server";
import { action as listAction, loader as listLoader } from "~/routes/dashboard.automations";
import { action as newAction } from "~/routes/dashboard.createAutomations._index";
import { prisma } from "~/services/db.server";
import { stopSender } from "~/services/job-queue.server";
import { open } from "~/services/secret-box.server";
import { truncate, useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";
import { allowLoopback, createWebhookAutomation } from "../support/automations";

let url = "";
let cookie = "";
let adminId = 0;

beforeAll(async () => {
  url = await useTestDatabase();
  await useSimulator();
  cookie = await sessionCookie("admin", "admin123");
  adminId = (await prisma.session.findFirstOrThrow({ where: { companyId: 1 } })).userId;
});
afterAll(() => stopSender());
beforeEach(async () => {
  await truncate(url, [
    "Automation",
    "AutomationRun",
    "AutomationDelivery",
    "AlertRule",
    "AlertDispatch",
    "EventCursor",
    "Notification",
  ]);
});

const post = (path: string, fields: Record<string, string>) => formPost(path, fields, { cookie });

describe("notification rules run on the automation engine", () => {
  it("a notification rule is listed as an automation, still fires, and turning it off stops it", async () => {
    const rule = await prisma.alertRule.create({
      data: {
        userId: adminId,
        companyId: 1,
        name: "Speeding",
        kinds: ["overspeed"],
        imeis: [],
        groupIds: [],
        channels: ["inapp"],
      },
    });
    const list = (await (await call(listLoader, get("/dashboard/automations", cookie))).json()) as {
      rows: { id: string; source: string; trigger: string; enabled: boolean }[];
    };
    const row = list.rows.find((r) => r.id === `alert:${rule.id}`);
    expect(row).toMatchObject({ source: "notification", enabled: true });
    expect(row!.trigger).toMatch(/overspeed/);

    // Fifteen minutes of the simulator's events: every kind comes up within ten (server/sim/events.ts),
    // where the first sync's own look-back (five minutes) may hold no overspeed.
    const lookBack = () =>
      prisma.eventCursor.create({
        data: { companyId: 1, next: new Date(Date.now() - 15 * 60_000).toISOString() },
      });
    await lookBack();
    const first = await syncCompany(1);
    expect(first.status).toBe("ok");
    const fired = await prisma.notification.findMany({ where: { userId: adminId } });
    expect(fired.length).toBeGreaterThan(0);
    expect(fired.every((n) => n.kind === "overspeed")).toBe(true);

    // Off through the automations page: the next events reach nobody.
    const off = await call(
      listAction,
      post("/dashboard/automations", { intent: "disable", id: `alert:${rule.id}` }),
    );
    expect(off.status).toBe(302);
    expect((await prisma.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).enabled).toBe(
      false,
    );
    await prisma.eventCursor.deleteMany();
    await prisma.alertDispatch.deleteMany();
    await prisma.notification.deleteMany();
    await lookBack();
    await syncCompany(1);
    // A disabled rule is still a rule: the user has no default rule, so nothing arrives.
    expect(await prisma.notification.count({ where: { userId: adminId } })).toBe(0);
  });
});

describe("the builder refuses what cannot work", () => {
  const base = {
    intent: "save",
    name: "Night speeding",
    enabled: "on",
    triggerType: "overspeed",
    aboveKmh: "90",
    cooldownMinutes: "15",
    maxPerHour: "20",
  };
  it("a rule with no action", async () => {
    const res = await call(newAction, post("/dashboard/createAutomations", base));
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      result: { error: Record<string, string[]> };
      draft: { name: string };
    };
    expect(body.result.error.actions).toEqual([NO_ACTION_MESSAGE]);
    expect(body.draft.name).toBe("Night speeding");
    expect(await prisma.automation.count()).toBe(0);
  });
  it("a webhook that is not https, or resolves to a private or loopback address (SSRF)", async () => {
    for (const [hook, message] of [
      ["http://example.com/hook", /https:\/\//],
      ["https://127.0.0.1/hook", /loopback/],
      ["https://10.1.2.3/hook", /private network/],
      ["https://169.254.169.254/latest", /link-local/],
      ["https://localhost/hook", /loopback/],
    ] as const) {
      const res = await call(
        newAction,
        post("/dashboard/createAutomations", {
          ...base,
          "actions[0].kind": "webhook",
          "actions[0].url": hook,
        }),
      );
      expect(res.status, hook).toBe(400);
      const body = (await res.json()) as { result: { error: Record<string, string[]> } };
      expect(body.result.error["actions[0].url"]?.[0], hook).toMatch(message);
    }
    expect(await prisma.automation.count()).toBe(0);
  });
  it("a schedule that never fires", async () => {
    const res = await call(
      newAction,
      post("/dashboard/createAutomations", {
        ...base,
        triggerType: "schedule",
        rrule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
        "actions[0].kind": "email_report",
        "actions[0].email": "ops@example.com",
      }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.rrule?.[0]).toMatch(/never fires/);
  });
  it("saves a valid automation, with a time window across midnight", async () => {
    const res = await call(
      newAction,
      post("/dashboard/createAutomations", {
        ...base,
        "conditions[0].kind": "time",
        "conditions[0].start": "22:00",
        "conditions[0].end": "06:00",
        "actions[0].kind": "notify",
        "actions[0].channels": "inapp",
      }),
    );
    expect(res.status).toBe(302);
    const saved = await prisma.automation.findFirstOrThrow();
    expect(res.headers.get("location")).toBe(`/dashboard/createAutomations/${saved.id}`);
    expect(automationOf(saved)).toMatchObject({
      trigger: { type: "overspeed", aboveKmh: 90 },
      conditions: [{ kind: "time", start: "22:00", end: "06:00", days: [] }],
    });
    expect(saved.createdBy).toBe(adminId);
  });
});

describe("an imperial reader builds in mph", () => {
  it("a 50 mph threshold is stored as 80 km/h, listed as 50 mph, and out of range says mph", async () => {
    await prisma.automation.deleteMany();
    const fields = {
      intent: "save",
      name: "Imperial speeding",
      enabled: "on",
      triggerType: "overspeed",
      speedUnit: "imperial",
      cooldownMinutes: "15",
      maxPerHour: "20",
      "actions[0].kind": "notify",
      "actions[0].channels": "inapp",
    };
    const slow = await call(
      newAction,
      post("/dashboard/createAutomations", { ...fields, aboveKmh: "5" }),
    );
    expect(slow.status).toBe(400);
    const refused = (await slow.json()) as { result: { error: Record<string, string[]> } };
    expect(refused.result.error.aboveKmh).toEqual(["Between 6 and 186 mph"]);
    const res = await call(
      newAction,
      post("/dashboard/createAutomations", { ...fields, aboveKmh: "50" }),
    );
    expect(res.status).toBe(302);
    const saved = await prisma.automation.findFirstOrThrow({
      where: { name: "Imperial speeding" },
    });
    expect(automationOf(saved).trigger).toEqual({ type: "overspeed", aboveKmh: 80 });
    const list = async (q: string) =>
      (
        (await (await call(listLoader, get(`/dashboard/automations${q}`, cookie))).json()) as {
          rows: { name: string; trigger: string }[];
        }
      ).rows.find((r) => r.name === "Imperial speeding")!.trigger;
    expect(await list("?measurement=imperial")).toBe("Overspeed above 50 mph");
    expect(await list("")).toBe("Overspeed above 80 km/h");
  });
});

describe("running automations", () => {
  let server: http.Server;
  let hookUrl = "";
  let status = 204;
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    hookUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  const create = (over: Record<string, unknown> = {}) =>
    createWebhookAutomation(adminId, hookUrl, { cooldownMinutes: 10, ...over });
  const ev = (id: string, t: number, imei = "354800100000001") => ({
    id,
    kind: "overspeed",
    imei,
    time: t,
    speed: 99,
  });
  const ports = defaultPorts(async () => null);

  it("is refused by the address guard by default, and signed and received when the test allows loopback", async () => {
    const auto = await create();
    const t0 = Date.now() - 60_000;
    // The guard as in production: the loopback receiver is refused, the run says why.
    const refused = await processEvents(1, [ev("e-1", t0)], ports);
    expect(refused).toMatchObject({ fired: 0, failed: 1 });
    const failedRun = await prisma.automationRun.findFirstOrThrow({ where: { eventId: "e-1" } });
    expect(failedRun.outcome).toBe("failed");
    expect(failedRun.reason).toMatch(/webhook: .*(https|loopback)/);
    expect(received).toHaveLength(0);

    // This test only: the receiver is on 127.0.0.1 over http.
    allowLoopback(true);
    try {
      const sent = await processEvents(1, [ev("e-2", t0 + 11 * 60_000)], ports);
      expect(sent).toMatchObject({ fired: 1, failed: 0 });
      expect(received).toHaveLength(1);
      const got = received[0]!;
      const secret = open(
        (await prisma.automation.findUniqueOrThrow({ where: { id: auto.id } })).webhookSecret!,
        "webhook-secret",
      );
      expect(
        verifyWebhook(
          secret,
          {
            signature: String(got.headers["x-tracksmith-signature"]),
            timestamp: String(got.headers["x-tracksmith-timestamp"]),
          },
          got.body,
        ),
      ).toBe(true);
      expect(
        verifyWebhook(
          "another-secret-0000",
          {
            signature: String(got.headers["x-tracksmith-signature"]),
            timestamp: String(got.headers["x-tracksmith-timestamp"]),
          },
          got.body,
        ),
      ).toBe(false);
      expect(JSON.parse(got.body)).toMatchObject({ id: "e-2", kind: "overspeed", companyid: 1 });

      // The same events again: claimed before, nothing sent twice.
      await processEvents(1, [ev("e-2", t0 + 11 * 60_000)], ports);
      expect(received).toHaveLength(1);

      // De-duplicated within 10 minutes for the same vehicle; another vehicle fires.
      await processEvents(
        1,
        [ev("e-3", t0 + 15 * 60_000), ev("e-4", t0 + 15 * 60_000, "354800100000002")],
        ports,
      );
      const runs = await prisma.automationRun.findMany({
        where: { automationId: auto.id },
        orderBy: { eventId: "asc" },
      });
      expect(runs.map((r) => [r.eventId, r.outcome])).toEqual([
        ["e-1", "failed"],
        ["e-2", "fired"],
        ["e-3", "skipped"],
        ["e-4", "fired"],
      ]);
      expect(runs[2]!.reason).toMatch(/De-duplicated/);

      // The receiver failing: the run waits for another try (automation-webhooks.test.ts).
      status = 500;
      await processEvents(1, [ev("e-5", t0 + 40 * 60_000)], ports);
      const failed = await prisma.automationRun.findFirstOrThrow({ where: { eventId: "e-5" } });
      expect(failed).toMatchObject({ outcome: "retrying" });
      expect(
        (await prisma.automation.findUniqueOrThrow({ where: { id: auto.id } })).lastFiredAt,
      ).not.toBeNull();

      // The run history page shows them.
      const page = (await (
        await call(listLoader, get(`/dashboard/automations?history=${auto.id}`, cookie))
      ).json()) as {
        history: { runs: { outcome: string; retry: { lastError: string } | null }[] };
      };
      expect(page.history.runs.map((r) => r.outcome).sort()).toEqual(
        ["failed", "retrying", "fired", "fired", "skipped"].sort(),
      );
      expect(page.history.runs.find((r) => r.retry)?.retry?.lastError).toBe("webhook answered 500");
    } finally {
      allowLoopback(false);
      status = 204;
    }
  });

  it("the dry run reads 7 days of the simulator's events and says what would have fired", async () => {
    const auto = await create({
      actions: [{ kind: "notify", channels: ["inapp"], email: null }],
      conditions: [{ kind: "time", start: "08:00", end: "17:00", days: [1, 2, 3, 4, 5] }],
      maxPerHour: 5,
    });
    const { token } = await upstreamAuth("admin", "admin123");
    const r = await dryRun(1, token, automationOf(auto));
    expect(r.events).toBeGreaterThan(1000);
    expect(r.fired).toBeGreaterThan(0);
    expect(r.skipped).toBeGreaterThan(0);
    expect(r.reasons.map((x) => x.reason).join("\n")).toMatch(/Outside 08:00–17:00/);
    // Nothing was sent or recorded.
    expect(await prisma.automationRun.count()).toBe(0);
    expect(await prisma.notification.count()).toBe(0);
  });
});
