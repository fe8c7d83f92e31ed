import crypto from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dueBetween, localParts } from "~/modules/reports/schedule";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { readUnsubscribeToken, unsubscribe } from "~/modules/reports/report-email.server";
import {
  createSchedule,
  parseScheduleForm,
  requireSchedule,
  sendNow,
} from "~/modules/reports/report-schedules.server";
import * as up from "~/services/upstream/index.server";
import {
  enqueueDue,
  MAX_ATTEMPTS,
  processRuns,
  reportTick,
} from "../../app/modules/reports/report-scheduler.server";
import { parseCsv } from "../support/csv";
import { truncate, useTestDatabase } from "../support/db";
import { useSmtpServer } from "../support/smtp";
import { useSimulator } from "../support/upstream";
import { call, cookieFrom, formPost } from "../support/remix";
import { action as loginAction } from "~/routes/login";
import { action as scheduleAction } from "~/routes/dashboard.scheduled-reports.$id";
import { loader as scheduleListLoader } from "~/routes/dashboard.scheduled-reports._index";
import { loader as scheduleCsvLoader } from "~/routes/dashboard.scheduled-reports[.]csv";
import { get } from "../support/remix";

let dbUrl: string;
let smtp: Awaited<ReturnType<typeof useSmtpServer>>;
let owner: { userId: number; companyId: number };
let ownerToken = "";
let sim: Awaited<ReturnType<typeof useSimulator>>;

beforeAll(async () => {
  dbUrl = await useTestDatabase();
  sim = await useSimulator();
  smtp = await useSmtpServer();
  const r = await up.login(upstream(null), { username: "admin", password: "admin123" });
  if (!r.ok) throw new Error("sign-in failed");
  owner = { userId: r.user.username_id, companyId: r.user.companyid };
  ownerToken = r.token;
  // The owner's live session: background jobs read the upstream with its token.
  await prisma.session.create({
    data: {
      id: crypto.randomBytes(16).toString("hex"),
      userId: owner.userId,
      companyId: owner.companyId,
      data: { token: r.token, tokenExp: Math.floor(Date.now() / 1000) + 172_800 },
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
});

beforeEach(async () => {
  await truncate(dbUrl, ["ReportRun", "ReportSchedule", "ReportUnsubscribe", "Notification"]);
  smtp.mails.length = 0;
});

function form(fields: Record<string, string | string[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields))
    for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
}

const valid = {
  reportKind: "trip-summary",
  frequency: "daily",
  timeOfDay: "07:00",
  timeZone: "Australia/Brisbane",
  period: "yesterday",
  format: "csv",
  recipients: "ops@example.com, boss@example.com",
  subject: "Daily trips",
  message: "Good morning",
  enabled: "on",
};

/** A schedule whose next run is due a minute ago. */
async function dueSchedule(fields: Record<string, string | string[]> = {}) {
  const parsed = parseScheduleForm(form({ ...valid, ...fields }));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const s = await createSchedule(owner, parsed.value);
  const dueAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
  await prisma.reportSchedule.update({ where: { id: s.id }, data: { nextRunAt: dueAt } });
  return { id: s.id, dueAt };
}

const waitFor = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
};

describe("scheduled report delivery over SMTP", () => {
  it("a report due now arrives once per recipient with the right CSV attachment, links and plain text", async () => {
    const { id, dueAt } = await dueSchedule();
    const first = await reportTick();
    expect(first).toEqual({ created: 1, outcomes: { sent: 1 } });
    await waitFor(() => smtp.mails.length >= 2);
    expect(smtp.mails.map((m) => (m.to as { text: string }).text).sort()).toEqual([
      "boss@example.com",
      "ops@example.com",
    ]);
    const mail = smtp.mails[0]!;
    expect(mail.subject).toBe("Daily trips");
    expect(mail.text).toContain("Good morning");
    expect(mail.text).toContain("Trip summary");
    expect(mail.html).toContain("Open the report in Tracksmith");
    expect(mail.text).toMatch(
      /Open it in Tracksmith: http:\/\/localhost:\d+\/dashboard\/reports\/trip-summary\?from=\d{4}-\d{2}-\d{2}&to=/,
    );
    const unsub = /Unsubscribe: (\S+)/.exec(mail.text!)![1]!;
    expect(readUnsubscribeToken(unsub.split("/unsubscribe/")[1]!)).toEqual({
      scheduleId: id,
      email: (mail.to as { text: string }).text,
    });
    expect((mail.headers.get("list") as { unsubscribe?: { url?: string } }).unsubscribe?.url).toBe(
      unsub,
    );

    // The attachment: yesterday (Brisbane) of company 1, parsed.
    expect(mail.attachments).toHaveLength(1);
    const att = mail.attachments[0]!;
    const yesterday = localParts(dueAt.getTime() - 86_400_000, "Australia/Brisbane");
    expect(att.filename).toMatch(/^trip-summary-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(att.contentType).toBe("text/csv");
    const rows = parseCsv(
      att.content
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .trimEnd(),
    );
    expect(rows[0]).toEqual([
      "Vehicle",
      "Driver",
      "Start",
      "End",
      "From",
      "To",
      "Distance (km)",
      "Duration",
      "Max speed (km/h)",
      "Avg speed (km/h)",
    ]);
    const body = rows.slice(1, -1);
    expect(body.length).toBeGreaterThan(5);
    const day = `${yesterday.y}-${String(yesterday.m).padStart(2, "0")}-${String(yesterday.d).padStart(2, "0")}`;
    for (const r of body) expect(r[2]!.slice(0, 10)).toBe(day);
    const total = rows.at(-1)!;
    expect(total[0]).toBe("Total");
    expect(Number(total[6])).toBeCloseTo(
      body.reduce((s, r) => s + Number(r[6]), 0),
      0,
    );
    expect(mail.text).toContain(`Rows: ${body.length}`);

    const run = await prisma.reportRun.findFirstOrThrow({ where: { scheduleId: id } });
    expect(run).toMatchObject({
      status: "sent",
      attempts: 1,
      error: null,
      recipients: ["ops@example.com", "boss@example.com"],
    });
    expect(run.sizeBytes).toBe(att.size);
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    // The schedule moved on to tomorrow's 07:00; another tick sends nothing.
    const s = await prisma.reportSchedule.findUniqueOrThrow({ where: { id } });
    expect(s.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await reportTick()).toEqual({ created: 0, outcomes: {} });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails).toHaveLength(2);
  });

  it("the mailed CSV quotes vehicle names a spreadsheet would run as formulas", async () => {
    const api = upstream(ownerToken);
    const devices = await up.iotDevices(api);
    const triggers = ["=", "+", "-", "@"];
    const hostile = (i: number) => `${triggers[i % 4]}HYPERLINK("http://evil.example/${i}","x")`;
    const renamed = new Map(devices.map((d, i) => [hostile(i), d]));
    try {
      for (const [name, d] of renamed) await up.changeNickname(api, d.imei, name);
      await dueSchedule({ recipients: "sheet@example.com" });
      expect((await reportTick()).outcomes).toEqual({ sent: 1 });
      await waitFor(() => smtp.mails.length >= 1);
      const csv = smtp.mails[0]!.attachments[0]!.content.toString("utf8").replace(/^\uFEFF/, "");
      const body = parseCsv(csv.trimEnd()).slice(1, -1);
      expect(body.length).toBeGreaterThan(5);
      for (const r of body) {
        expect(r[0]!.startsWith("'"), r[0]).toBe(true);
        expect(renamed.has(r[0]!.slice(1)), r[0]).toBe(true);
        // Numbers stay numbers.
        expect(r[6]).toMatch(/^\d+\.\d$/);
      }
    } finally {
      for (const d of devices) await up.changeNickname(api, d.imei, d.nickname);
    }
  });

  it("a schedule saved in imperial units mails miles and mph: the figures in the mail and the attachment", async () => {
    const { id } = await dueSchedule({ recipients: "us@example.com", measurement: "imperial" });
    expect((await prisma.reportSchedule.findUniqueOrThrow({ where: { id } })).measurement).toBe(
      "imperial",
    );
    expect((await reportTick()).outcomes).toEqual({ sent: 1 });
    await waitFor(() => smtp.mails.length >= 1);
    const mail = smtp.mails[0]!;
    expect(mail.text).toMatch(/Distance: [\d,.]+ mi/);
    expect(mail.text).not.toMatch(/ km\b/);
    const rows = parseCsv(
      mail.attachments[0]!.content.toString("utf8")
        .replace(/^\uFEFF/, "")
        .trimEnd(),
    );
    expect(rows[0]).toContain("Distance (mi)");
    expect(rows[0]).toContain("Max speed (mph)");
    // The headline's miles are the attachment's total, converted once from the stored kilometres.
    const total = Number(rows.at(-1)![6]);
    const headline = Number(/Distance: ([\d,.]+) mi/.exec(mail.text!)![1]!.replace(/,/g, ""));
    expect(Math.abs(headline - total)).toBeLessThanOrEqual(0.1);
  });

  it("two workers ticking at once send it once", async () => {
    const { id } = await dueSchedule({ recipients: "one@example.com", format: "xlsx" });
    const results = await Promise.all([reportTick(), reportTick(), reportTick()]);
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(1);
    expect(results.reduce((n, r) => n + (r.outcomes.sent ?? 0), 0)).toBe(1);
    await waitFor(() => smtp.mails.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.attachments[0]!.filename).toMatch(/\.xlsx$/);
    expect(await prisma.reportRun.count({ where: { scheduleId: id } })).toBe(1);
  });

  it("a restart between due time and send still sends: a queued run, and a run whose process died mid-send", async () => {
    const { id } = await dueSchedule({ recipients: "late@example.com", format: "pdf" });
    // The process that noticed the due time stopped before sending.
    expect(await enqueueDue()).toBe(1);
    expect(smtp.mails).toHaveLength(0);
    // A new process starts: its first tick sends.
    expect((await reportTick()).outcomes).toEqual({ sent: 1 });
    await waitFor(() => smtp.mails.length >= 1);
    expect(smtp.mails[0]!.attachments[0]!.contentType).toBe("application/pdf");

    // A run claimed by a process that died (still "running", silent long after) is taken again;
    // the recipient marked sent is not sent it twice, one whose mail was never sent gets it.
    const died = async () => {
      const old = new Date(Date.now() - 20 * 60_000);
      await prisma.reportRun.updateMany({
        where: { scheduleId: id },
        data: { status: "running", startedAt: old, heartbeatAt: old },
      });
    };
    await died();
    smtp.mails.length = 0;
    expect((await processRuns()).sent).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails).toHaveLength(0);
    await died();
    await prisma.reportDelivery.deleteMany({ where: { run: { scheduleId: id } } });
    expect((await processRuns()).sent).toBe(1);
    await waitFor(() => smtp.mails.length >= 1);
    expect(smtp.mails).toHaveLength(1);
  });

  it("Send now queues a manual run that the next tick sends, also for a disabled schedule", async () => {
    const { id } = await dueSchedule({ recipients: "now@example.com", enabled: "" });
    await prisma.reportSchedule.update({ where: { id }, data: { nextRunAt: null } });
    await sendNow(owner.companyId, id);
    expect((await reportTick()).outcomes).toEqual({ sent: 1 });
    await waitFor(() => smtp.mails.length >= 1);
    expect((await prisma.reportRun.findFirstOrThrow({ where: { scheduleId: id } })).manual).toBe(
      true,
    );
  });

  it("an unsubscribed recipient receives no more; the others still do", async () => {
    const { id } = await dueSchedule({ recipients: "stay@example.com, leave@example.com" });
    expect(await unsubscribe(id, "leave@example.com")).toBe("Daily trips");
    await reportTick();
    await waitFor(() => smtp.mails.length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.map((m) => (m.to as { text: string }).text)).toEqual(["stay@example.com"]);
    expect(
      (await prisma.reportRun.findFirstOrThrow({ where: { scheduleId: id } })).recipients,
    ).toEqual(["stay@example.com"]);
  });

  it("a failing run retries with backoff, then is marked failed and the owner is notified in-app", async () => {
    const { id } = await dueSchedule({ recipients: "x@example.com" });
    // The owner's session is gone: the report cannot read the upstream.
    const sessions = await prisma.session.findMany({ where: { userId: owner.userId } });
    await prisma.session.deleteMany({ where: { userId: owner.userId } });
    try {
      let t = Date.now();
      const at = () => new Date(t);
      expect((await reportTick(at)).outcomes).toEqual({ retrying: 1 });
      const r1 = await prisma.reportRun.findFirstOrThrow({ where: { scheduleId: id } });
      expect(r1.error).toMatch(/no signed-in session/);
      expect(r1.nextAttemptAt.getTime()).toBe(t + 60_000);
      // Not before the backoff.
      expect(await processRuns(at)).toEqual({});
      t += 61_000;
      expect(await processRuns(at)).toEqual({ retrying: 1 });
      expect(
        (
          await prisma.reportRun.findFirstOrThrow({ where: { scheduleId: id } })
        ).nextAttemptAt.getTime(),
      ).toBe(t + 5 * 60_000);
      t += 5 * 60_000 + 1000;
      expect(await processRuns(at)).toEqual({ failed: 1 });
      const failed = await prisma.reportRun.findFirstOrThrow({ where: { scheduleId: id } });
      expect(failed).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
      const notes = await prisma.notification.findMany({ where: { userId: owner.userId } });
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        kind: "report_failed",
        title: "Scheduled report failed: Daily trips",
        link: `/dashboard/scheduled-reports/${id}`,
      });
      expect(smtp.mails).toHaveLength(0);
    } finally {
      await prisma.session.createMany({
        data: sessions.map((s) => ({ ...s, data: s.data as object })),
      });
    }
  });
});

describe("schedules", () => {
  it("a speed limit typed in mph by an imperial reader is kept in km/h; out of range says mph", async () => {
    const speeding = { ...valid, reportKind: "speeding", speedUnit: "imperial" };
    const parsed = parseScheduleForm(form({ ...speeding, speedLimit: "56" }));
    expect(parsed.ok && parsed.value.params).toMatchObject({ speedLimit: 90 });
    const slow = parseScheduleForm(form({ ...speeding, speedLimit: "5" }));
    expect(slow.ok || slow.errors.speedLimit).toBe("Enter a whole speed from 13 to 155 mph");
    const metric = parseScheduleForm(form({ ...speeding, speedUnit: "metric", speedLimit: "56" }));
    expect(metric.ok && metric.value.params).toMatchObject({ speedLimit: 56 });
  });

  it("an invalid recipient list is refused with a clear message and nothing is saved", async () => {
    const parsed = parseScheduleForm(
      form({ ...valid, recipients: "ops@example.com, not-an-address" }),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: { recipients: 'Not a valid email address: "not-an-address". Nothing was saved.' },
    });
    const many = parseScheduleForm(
      form({
        ...valid,
        recipients: Array.from({ length: 51 }, (_, i) => `u${i}@example.com`).join("\n"),
      }),
    );
    expect(many.ok || many.errors.recipients).toBe(
      "At most 50 recipients; you entered 51. Nothing was saved.",
    );
    expect(await prisma.reportSchedule.count()).toBe(0);
  });

  it("a report the user may not open cannot be scheduled: a message at the report field, the rest kept", async () => {
    // demo manages reports; without drivers_manage the driver report is not theirs to schedule.
    const demo = sim.world.users.find((u) => u.username === "demo")!;
    const was = demo.permissions.drivers_manage;
    demo.permissions.drivers_manage = false;
    try {
      const signIn = async (username: string, password: string) =>
        cookieFrom(await call(loginAction, formPost("/login", { username, password })));
      const demoCookie = await signIn("demo", "demo123");
      const fields = {
        ...valid,
        intent: "save",
        reportKind: "driver-safety",
        subject: "Who drives badly",
      };
      const save = (id: string, cookie: string, f = fields) =>
        call(scheduleAction, formPost(`/dashboard/scheduled-reports/${id}`, f, { cookie }), {
          params: { id },
        });
      const refused = await save("new", demoCookie);
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as {
        errors: Record<string, string>;
        values: Record<string, unknown>;
      };
      expect(body.errors).toEqual({
        reportKind: "You do not have permission to schedule this report",
      });
      expect(body.values).toMatchObject({
        reportKind: "driver-safety",
        subject: "Who drives badly",
        recipients: valid.recipients,
        timeZone: valid.timeZone,
      });
      expect(await prisma.reportSchedule.count()).toBe(0);

      // Nor by changing an existing schedule's report.
      const { id } = await dueSchedule();
      expect((await save(id, demoCookie)).status).toBe(400);
      expect((await requireSchedule(owner.companyId, id)).reportKind).toBe("trip-summary");
      // Another report still saves; and the admin (drivers_manage) may schedule the driver report.
      expect((await save(id, demoCookie, { ...fields, reportKind: "speeding" })).status).toBe(302);
      const admin = await save("new", await signIn("admin", "admin123"));
      expect(admin.status).toBe(302);
      expect(await prisma.reportSchedule.count({ where: { reportKind: "driver-safety" } })).toBe(1);
    } finally {
      demo.permissions.drivers_manage = was;
    }
  });

  it("the list searches by subject or recipient and filters by state; the CSV holds the same schedules with their recipients", async () => {
    await dueSchedule({ subject: "Morning trips", recipients: "ops@example.com" });
    const off = await dueSchedule({ subject: "Weekly speeding", recipients: "safety@example.com" });
    await prisma.reportSchedule.update({ where: { id: off.id }, data: { enabled: false } });
    const cookie = cookieFrom(
      await call(loginAction, formPost("/login", { username: "admin", password: "admin123" })),
    );
    type List = { schedules: { subject: string }[]; total: number };
    const list = async (qs: string) =>
      (await (
        await call(scheduleListLoader, get(`/dashboard/scheduled-reports?${qs}`, cookie))
      ).json()) as List;
    expect((await list("")).schedules.map((s) => s.subject).sort()).toEqual([
      "Morning trips",
      "Weekly speeding",
    ]);
    expect((await list("q=safety%40")).schedules.map((s) => s.subject)).toEqual([
      "Weekly speeding",
    ]);
    expect((await list("state=enabled")).schedules.map((s) => s.subject)).toEqual([
      "Morning trips",
    ]);
    const none = await list("state=failing");
    expect(none.schedules).toEqual([]);
    expect(none.total).toBe(2);
    const res = await call(
      scheduleCsvLoader,
      get("/dashboard/scheduled-reports.csv?state=disabled", cookie),
    );
    expect(res.headers.get("content-disposition")).toMatch(
      /scheduled-reports-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, "").trimEnd());
    expect(rows[0]![0]).toBe("Subject");
    expect(rows.slice(1).map((r) => [r[0], r[6], r[8]])).toEqual([
      ["Weekly speeding", "No", "safety@example.com"],
    ]);
  });

  it("another company's schedule is a 404", async () => {
    const { id } = await dueSchedule();
    const thrown = await requireSchedule(owner.companyId + 1, id).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(404);
    expect((await requireSchedule(owner.companyId, id)).id).toBe(id);
  });

  it("DST: ticking every 10 minutes across Sydney's transitions creates exactly one run per day", async () => {
    for (const [start, days] of [
      ["2026-10-02T12:00:00Z", 4],
      ["2026-04-03T12:00:00Z", 4],
    ] as const) {
      await truncate(dbUrl, ["ReportRun", "ReportSchedule"]);
      const parsed = parseScheduleForm(
        form({ ...valid, timeZone: "Australia/Sydney", timeOfDay: "02:30" }),
      );
      if (!parsed.ok) throw new Error("invalid");
      const from = Date.parse(start);
      const s = await createSchedule(owner, parsed.value, from);
      for (let t = from; t <= from + days * 86_400_000; t += 10 * 60_000)
        await enqueueDue(new Date(t));
      const runs = await prisma.reportRun.findMany({
        where: { scheduleId: s.id },
        orderBy: { dueAt: "asc" },
      });
      const expected = dueBetween(
        {
          frequency: "daily",
          weekdays: [],
          monthDay: null,
          timeOfDay: "02:30",
          timeZone: "Australia/Sydney",
        },
        from,
        from + days * 86_400_000,
      );
      expect(runs.map((r) => r.dueAt.getTime())).toEqual(expected);
      expect(runs).toHaveLength(days);
      const localDays = runs.map((r) => localParts(r.dueAt.getTime(), "Australia/Sydney").d);
      expect(new Set(localDays).size).toBe(days);
    }
  });
});
