/**
 * Issue 37: the last direct mail senders. Alert e-mails (owed by an AlertDispatch claim) and
 * automation e-mails (owed by an AutomationRun claim) are written to the outbox in the claim's
 * transaction and sent by its worker; a scheduled report's mail carries a Message-ID made from its
 * ReportDelivery row. A real SMTP server on 127.0.0.1 that can be "away" (451 to MAIL FROM).
 */
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { owe, sendOwed } from "~/modules/notifications/index.server";
import { outboxWakeAt, startOutboxWorker } from "~/modules/notifications/outbox/outbox-send.server";
import { syncCompany } from "~/modules/notifications/event-sync.server";
import { defaultPorts, processEvents } from "~/modules/operations/automations/runner.server";
import { deliver } from "~/modules/reports/report-delivery.server";
import { prisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { stopSender } from "~/services/job-queue.server";
import { until as poll } from "../support/cluster";
import { truncate, useTestDatabase } from "../support/db";
import { sessionCookie } from "../support/sign-in";
import { refusal, useSmtpServer } from "../support/smtp";
import { useSimulator } from "../support/upstream";

let url = "";
let adminId = 0;
let mails: ParsedMail[] = [];
/** While true the SMTP server answers MAIL FROM with 451 (a temporary refusal). */
let away = false;

beforeAll(async () => {
  url = await useTestDatabase();
  await useSimulator();
  await sessionCookie("admin", "admin123");
  adminId = (await prisma.session.findFirstOrThrow({ where: { companyId: 1 } })).userId;
  ({ mails } = await useSmtpServer({ mailFrom: () => (away ? refusal() : undefined) }));
}, 60_000);
afterAll(() => stopSender());
beforeEach(async () => {
  await truncate(url, ["AlertRule", "AlertDispatch", "EventCursor", "Notification"]);
  await truncate(url, ["Automation", "AutomationRun", "OutboxMessage"]);
  mails.length = 0;
  away = false;
});

/** The shared poll (tests/support/cluster.ts), with this file's patience. */
const until = (check: () => unknown, ms = 20_000) => poll("the test's condition", check, ms, 100);
/** Every row tried once and waiting for its next try (the first pass ran after the commit). */
const allWaiting = async (prefix: string) => {
  const rows = await prisma.outboxMessage.findMany({ where: { key: { startsWith: prefix } } });
  return rows.length > 0 && rows.every((r) => r.state === "pending" && r.attempts >= 1);
};
/** The worker's pass once the backoff is over. */
const later = () => sendOwed(Date.now() + 24 * 3600_000);

/** Runs `fn` while every insert into `table` fails (as a process killed there would leave it). */
async function refusingInserts(table: string, fn: () => Promise<unknown>) {
  await prisma.$executeRawUnsafe(`
    create or replace function fail_write() returns trigger language plpgsql as
    $$ begin raise exception 'write refused'; end $$`);
  // pgboss.job exists once something queued a job (the old code's alert e-mails did).
  const [{ exists }] = await prisma.$queryRawUnsafe<{ exists: boolean }[]>(
    `select to_regclass('${table}') is not null as exists`,
  );
  if (exists)
    await prisma.$executeRawUnsafe(
      `create trigger fail_write before insert on ${table} for each row execute function fail_write()`,
    );
  try {
    await fn().catch(() => undefined);
  } finally {
    await prisma.$executeRawUnsafe(`drop trigger if exists fail_write on ${table}`);
  }
}

const emailRule = () =>
  prisma.alertRule.create({
    data: {
      userId: adminId,
      companyId: 1,
      name: "all by mail",
      kinds: ["geofence_enter", "geofence_exit", "overspeed", "offline", "online", "low_battery"],
      channels: ["email"],
      email: "ops@example.com",
    },
  });

describe("the outbox worker", () => {
  it("a pass run with a later clock leaves a claim another pass holds now (no second copy)", async () => {
    await owe(prisma, [
      { key: "held-now", mail: { to: "a@example.com", subject: "s", text: "t" } },
    ]);
    await prisma.outboxMessage.update({
      where: { key: "held-now" },
      data: { state: "sending", claimedAt: new Date(), attempts: 1 },
    });
    expect(await later()).toBe(0);
    expect(mails).toHaveLength(0);
    expect(
      await prisma.outboxMessage.findUniqueOrThrow({ where: { key: "held-now" } }),
    ).toMatchObject({ state: "sending", attempts: 1 });
  });
});

describe("alert e-mails", () => {
  it("an SMTP server that is away: each alert's mail waits in the outbox and arrives once, with the outbox's Message-ID", async () => {
    await emailRule();
    away = true;
    const out = await syncCompany(1);
    expect(out.dispatched).toBeGreaterThan(0);
    const claims = await prisma.alertDispatch.findMany();
    // Written with the claim: one outbox row per claimed alert, before any send.
    const rows = await prisma.outboxMessage.findMany({ where: { key: { startsWith: "alert:" } } });
    expect(rows.map((r) => r.key).sort()).toEqual(
      claims.map((c) => `alert:${c.eventId}:${c.userId}:ops@example.com`).sort(),
    );
    await until(() => allWaiting("alert:"));
    expect(mails).toHaveLength(0);

    away = false;
    await later();
    await until(() => mails.length >= rows.length);
    await syncCompany(1); // the same page read again owes nothing more
    await later();
    expect(mails).toHaveLength(rows.length);
    const ids = new Map(rows.map((r) => [`<outbox.${r.id}@tracksmith.local>`, r]));
    for (const m of mails) {
      expect(ids.has(m.messageId!)).toBe(true);
      expect(m.text).toContain("You receive this because of an alert rule");
    }
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(rows.length);
  });

  it("a failure between the claim and the mail's write leaves no claim: the next sync still sends", async () => {
    await emailRule();
    // The old code queued a pg-boss job after the claim; the new one writes the outbox row with it.
    await refusingInserts("pgboss.job", () =>
      refusingInserts(`"OutboxMessage"`, () => syncCompany(1)),
    );
    const out = await syncCompany(1);
    expect(out.dispatched).toBeGreaterThan(0);
    const claims = await prisma.alertDispatch.count();
    await later();
    await until(() => mails.length >= claims);
    expect(mails).toHaveLength(claims);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(claims);
  });

  it("a failure between the claim and the in-app notice leaves no claim: the next sync still tells", async () => {
    await prisma.alertRule.create({
      data: {
        userId: adminId,
        companyId: 1,
        name: "feed",
        kinds: ["overspeed", "online", "offline"],
        channels: ["inapp"],
      },
    });
    await refusingInserts(`"Notification"`, () => syncCompany(1));
    const out = await syncCompany(1);
    expect(out.dispatched).toBeGreaterThan(0);
    const claims = await prisma.alertDispatch.findMany();
    const told = await prisma.notification.findMany({ where: { userId: adminId } });
    expect(told.map((n) => n.eventId).sort()).toEqual(claims.map((c) => c.eventId).sort());
  });
});

describe("alert push messages", () => {
  it("a failure between the claim and the push message leaves no claim: the next sync still pushes", async () => {
    await truncate(url, ["PushMessage"]);
    await prisma.alertRule.create({
      data: {
        userId: adminId,
        companyId: 1,
        name: "push",
        kinds: ["overspeed", "online", "offline"],
        channels: ["push"],
      },
    });
    await refusingInserts(`"PushMessage"`, () => syncCompany(1));
    const out = await syncCompany(1);
    expect(out.dispatched).toBeGreaterThan(0);
    const claims = await prisma.alertDispatch.findMany();
    const pushed = await prisma.pushMessage.findMany();
    expect(pushed.map((m) => m.key).sort()).toEqual(claims.map((c) => `ev:${c.eventId}`).sort());
    expect(pushed.every((m) => m.userIds.includes(adminId))).toBe(true);
  });
});

describe("automation e-mails", () => {
  const ev = (id: string) => ({
    id,
    kind: "overspeed",
    imei: "354800100000001",
    time: Date.now() - 60_000,
    speed: 99,
  });

  it("an SMTP server that is away: the run's mails wait in the outbox and arrive once each, with the outbox's Message-ID", async () => {
    const auto = await prisma.automation.create({
      data: {
        companyId: 1,
        createdBy: adminId,
        name: "Speeding",
        trigger: { type: "overspeed", aboveKmh: 80 },
        conditions: [],
        actions: [
          { kind: "email_report", email: "fleet@example.com" },
          { kind: "notify", channels: ["email"], email: "night@example.com" },
        ],
        cooldownMinutes: 0,
        maxPerHour: 0,
      },
    });
    away = true;
    const ports = defaultPorts(async () => null);
    expect(await processEvents(1, [ev("e-away")], ports)).toMatchObject({ fired: 1 });
    const run = await prisma.automationRun.findFirstOrThrow({ where: { eventId: "e-away" } });
    expect(run.outcome).toBe("fired");
    const keys = [`auto:${auto.id}:e-away:0`, `auto:${auto.id}:e-away:1`];
    const rows = await prisma.outboxMessage.findMany({ where: { key: { in: keys } } });
    expect(rows).toHaveLength(2);
    await until(() => allWaiting("auto:"));
    expect(mails).toHaveLength(0);

    away = false;
    await later();
    await until(() => mails.length >= 2);
    await processEvents(1, [ev("e-away")], ports); // a re-run owes nothing more
    await later();
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Automation: Speeding",
      "Report: Speeding",
    ]);
    expect(mails.map((m) => m.messageId).sort()).toEqual(
      rows.map((r) => `<outbox.${r.id}@tracksmith.local>`).sort(),
    );
  });
});

describe("scheduled report mail", () => {
  it("a recipient sent again after a crash gets the same Message-ID, made from the delivery row", async () => {
    const schedule = await prisma.reportSchedule.create({
      data: {
        userId: adminId,
        companyId: 1,
        reportKind: "trips",
        params: {},
        frequency: "daily",
        weekdays: [],
        timeOfDay: "07:00",
        timeZone: "UTC",
        period: "yesterday",
        format: "csv",
        recipients: ["boss@example.com"],
        subject: "Daily trips",
      },
    });
    const run = await prisma.reportRun.create({
      data: { scheduleId: schedule.id, dueAt: new Date(), status: "running", attempts: 1 },
    });
    const lease = { lost: false, check: () => undefined };
    const mailFor = (to: string) => ({ to, subject: "Daily trips", text: "Attached." });
    await deliver(run.id, 1, ["boss@example.com"], mailFor, lease);
    // The process died after the SMTP answer, before marking the row sent.
    await prisma.reportDelivery.updateMany({
      where: { runId: run.id },
      data: { status: "sending", sentAt: null },
    });
    await deliver(run.id, 2, ["boss@example.com"], mailFor, lease);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.messageId).toBe(mails[0]!.messageId);
    expect(mails[0]!.messageId).toMatch(/^<report\.[^.]+\.[0-9a-f]{16}@tracksmith\.local>$/);
  });
});

describe("the outbox worker's sleep", () => {
  it("sleeps until the next row falls due (a claim going stale), and long when nothing is owed", async () => {
    await owe(prisma, [
      { key: "stale-soon", mail: { to: "a@example.com", subject: "stale", text: "t" } },
    ]);
    // The claim of a process that died, stale 2 s from now.
    const staleAt = Date.now() + 2000;
    await prisma.outboxMessage.update({
      where: { key: "stale-soon" },
      data: { state: "sending", claimedAt: new Date(staleAt - getEnv().JOB_STALE_MS), attempts: 1 },
    });
    const stop = startOutboxWorker();
    try {
      await until(() => mails.length === 1, 10_000);
      // Taken when it went stale, not on a tick some seconds later.
      expect(Date.now() - staleAt).toBeLessThan(2500);
      // Nothing owed now: the next look is far off (no query every few seconds).
      await until(
        async () => (await prisma.outboxMessage.count({ where: { state: "sent" } })) === 1,
      );
      await until(() => (outboxWakeAt() ?? 0) - Date.now() > 20_000, 5000);
    } finally {
      stop();
    }
    expect(outboxWakeAt()).toBeNull();
  });
});
