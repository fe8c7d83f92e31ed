/**
 * Issue 16 item 5: background reports and scheduled-report runs after a crash, on a cluster of two
 * real server processes on one PostgreSQL, a real SMTP server and the simulator. Workers beat; a
 * silent one is taken for dead after JOB_STALE_MS (short here) and its work is taken again, failed
 * visibly, or cancelled; each recipient of a run is one delivery record, so a run taken again sends
 * only to those who do not have it; "Send now" carries the page's idempotency key.
 *
 * Issue 37: mail owed by a fact (a ticket's approval link) goes through the outbox: a process
 * killed between the fact and the mail, or an SMTP server that is away, delays the mail but never
 * loses it, and a repeat carries the same Message-ID.
 */
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { loader as reportLoader, action as reportAction } from "~/routes/dashboard.reports.$kind";
import { prisma } from "~/services/db.server";
import { resetEnvCache } from "~/services/env.server";
import { resetMailTransport } from "~/services/mail.server";
import { createSchedule, parseScheduleForm } from "~/modules/reports/report-schedules.server";
import { processRuns } from "../../app/modules/reports/report-scheduler.server";
import { sendOwed } from "~/modules/notifications/index.server";
import { runTicketApprovals } from "~/modules/tickets/jobs.server";
import { listTicketTypes } from "~/modules/tickets/upstream.server";
import { upstream } from "~/services/api.server";
import { upstreamAuth } from "../support/upstream";
import { runReportJobs } from "../../app/modules/reports/report-run.server";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { until as poll } from "../support/cluster";
import { useTestDatabase } from "../support/db";
import { raiseTicket } from "../support/tickets";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { refusal, useSmtpServer } from "../support/smtp";
import { useSimulator } from "../support/upstream";

const TIMING = { JOB_HEARTBEAT_MS: "200", JOB_STALE_MS: "1000" };
const RECIPIENTS = Array.from(
  { length: 20 },
  (_, i) => `r${String(i + 1).padStart(2, "0")}@example.com`,
);

let mails: ParsedMail[] = [];
/** The nth MAIL FROM is never answered (0: none): the sender hangs mid-send there. */
let holdAt = 0;
let mailFroms = 0;
let onHold: () => void = () => undefined;
/** The SMTP server's answer to MAIL FROM while it is "away" (a temporary refusal). */
let away = false;
/** The nth message is kept but never answered (0: none): the sender waits for the reply. */
let holdDataAt = 0;
let datas = 0;
/** The first message whose subject matches is kept, unanswered and unseen (the sender waits). */
let holdSubject: RegExp | null = null;

async function startSmtp(): Promise<string> {
  const server = await useSmtpServer({
    mailFrom: () => {
      if (away) return refusal();
      if (++mailFroms === holdAt) return (onHold(), "hang");
    },
    message: (m) => {
      // Held by what it is, not by its place in the queue: other mail may be on the way too.
      if (holdSubject?.test(m.subject ?? "")) {
        holdSubject = null;
        onHold();
        return "hide";
      }
      if (++datas === holdDataAt) return "hang";
    },
  });
  mails = server.mails;
  return server.url;
}

/** The shared poll (tests/support/cluster.ts), with this file's patience. */
const until = (check: () => unknown, ms = 30_000) => poll("the test's condition", check, ms, 50);

function perRecipient(): Record<string, number> {
  const n: Record<string, number> = {};
  for (const m of mails) {
    const to = (m.to as { text: string }).text;
    n[to] = (n[to] ?? 0) + 1;
  }
  return n;
}

let cookie = "";
let owner: { userId: number; companyId: number };
let a: AppProcess;
let b: AppProcess;
let appEnv: Record<string, string> = {};

beforeAll(async () => {
  await useTestDatabase();
  const sim = await useSimulator();
  const smtp = await startSmtp();
  const secret = "report-crash-test-secret-0123456789abcdef";
  // One key for this process and both apps: the session's upstream token is sealed with it.
  const key = "report-crash-test-encryption-key-0123456789";
  Object.assign(process.env, TIMING, {
    SMTP_URL: smtp,
    SESSION_SECRET: secret,
    ENCRYPTION_KEY: key,
  });
  resetEnvCache();
  resetMailTransport();
  const env = {
    ...TIMING,
    SMTP_URL: smtp,
    UPSTREAM_API_URL: sim.url,
    DATABASE_URL: process.env.DATABASE_URL!,
    DATA_DIR: `.data/report-crash-${process.pid}`,
    SESSION_SECRET: secret,
    ENCRYPTION_KEY: key,
    NODE_ENV: "development",
  };
  appEnv = env;
  [a, b] = await Promise.all([
    startAppProcess(env, { timeoutMs: 150_000, cleanup: afterAll }),
    startAppProcess(env, { timeoutMs: 150_000, cleanup: afterAll }),
  ]);
  // Signed in through the app: the session (and its upstream token) is what background jobs use.
  const login = await call(
    loginAction,
    formPost("/login", { username: "admin", password: "admin123" }),
  );
  cookie = cookieFrom(login);
  const s = await prisma.session.findFirstOrThrow({ orderBy: { lastSeenAt: "desc" } });
  owner = { userId: s.userId, companyId: s.companyId };
}, 240_000);

afterAll(() => resetMailTransport());

/** A disabled daily schedule to the 20 recipients: only "Send now" runs it. */
async function schedule(): Promise<string> {
  const f = new FormData();
  const fields = {
    reportKind: "trip-summary",
    frequency: "daily",
    timeOfDay: "07:00",
    timeZone: "Australia/Brisbane",
    period: "yesterday",
    format: "csv",
    recipients: RECIPIENTS.join(", "),
    subject: "Daily trips",
    message: "",
  };
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  const parsed = parseScheduleForm(f);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return (await createSchedule(owner, parsed.value)).id;
}

async function sendNowOn(app: AppProcess, id: string, requestKey: string) {
  const res = await fetch(`${app.url}/dashboard/scheduled-reports/${id}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie },
    body: new URLSearchParams({ intent: "send-now", requestKey }),
  });
  expect(res.status).toBe(302);
}

async function pageKey(app: AppProcess, id: string): Promise<string> {
  const html = await (
    await fetch(`${app.url}/dashboard/scheduled-reports/${id}`, { headers: { cookie } })
  ).text();
  return /name="requestKey" value="([^"]+)"/.exec(html)?.[1] ?? "";
}

describe("scheduled reports on two processes", () => {
  it("Send now clicked twice on one page, the posts reaching both processes at once: one run, each recipient once", async () => {
    mails.length = 0;
    const id = await schedule();
    const key = await pageKey(a, id);
    await Promise.all([sendNowOn(a, id, key), sendNowOn(b, id, key)]);
    await until(
      async () =>
        (await prisma.reportRun.count({
          where: { scheduleId: id, status: { in: ["queued", "running", "retrying"] } },
        })) === 0,
    );
    await until(() => mails.length >= 20);
    expect(await prisma.reportRun.count({ where: { scheduleId: id } })).toBe(1);
    expect(perRecipient()).toEqual(Object.fromEntries(RECIPIENTS.map((r) => [r, 1])));
    expect(key).toMatch(/^[\w-]{16,}$/);
  });

  it("a process killed mid-send: after recovery each of 20 recipients has exactly one message", async () => {
    await b.kill("SIGTERM");
    mails.length = 0;
    mailFroms = 0;
    holdAt = 6;
    const held = new Promise<void>((r) => (onHold = r));
    const id = await schedule();
    await sendNowOn(a, id, await pageKey(a, id));
    // Five delivered, the sixth hangs in SMTP: the process dies there.
    await held;
    expect(mails).toHaveLength(5);
    await a.kill("SIGKILL");
    const run = await prisma.reportRun.findFirstOrThrow({ where: { scheduleId: id } });
    expect(run.status).toBe("running");
    // As if found long after (the old code took a run again after 15 minutes, resending to all).
    await prisma.reportRun.update({
      where: { id: run.id },
      data: { startedAt: new Date(Date.now() - 20 * 60_000) },
    });
    // Recovery: the next scheduler tick (here in this process) once the heartbeat is stale.
    await until(async () => ((await processRuns()).sent ?? 0) > 0);
    await until(() => mails.length >= 20);
    await new Promise((r) => setTimeout(r, 300));
    expect(perRecipient()).toEqual(Object.fromEntries(RECIPIENTS.map((r) => [r, 1])));
    expect(await prisma.reportRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  });
});

describe("background reports whose worker died", () => {
  async function startJob(): Promise<string> {
    const started = await call(
      reportAction,
      formPost(
        "/dashboard/reports/trip-summary",
        { intent: "run-job", from: "2026-03-02", to: "2026-03-02" },
        { cookie },
      ),
      { params: { kind: "trip-summary" } },
    );
    return /job=(\w+)/.exec(started.headers.get("location")!)![1]!;
  }
  /** A worker claimed it and then its process died, 34 minutes ago (`attempts`: claims so far). */
  const orphan = (id: string, attempts?: number) =>
    prisma.reportJob.update({
      where: { id },
      data: {
        status: "running",
        startedAt: new Date(Date.now() - 34 * 60_000),
        ...(attempts ? { attempts } : {}),
      },
    });
  const statusOf = async (id: string) =>
    (
      await (
        await call(reportLoader, get(`/dashboard/reports/trip-summary?job=${id}`, cookie), {
          params: { kind: "trip-summary" },
        })
      ).json()
    ).job as { status: string; error: string | null; message: string };
  const cancel = (id: string) =>
    call(
      reportAction,
      formPost("/dashboard/reports/trip-summary", { intent: "cancel", job: id }, { cookie }),
      { params: { kind: "trip-summary" } },
    );

  it("cancel ends an orphaned running job at once", async () => {
    const id = await startJob();
    await orphan(id);
    await cancel(id);
    expect(await statusOf(id)).toMatchObject({ status: "cancelled", message: "Cancelled" });
  });

  it("cancel asks a job with a live worker to stop; if that worker dies too, the job ends cancelled", async () => {
    const id = await startJob();
    await prisma.reportJob.update({
      where: { id },
      data: { status: "running", startedAt: new Date() },
    });
    await cancel(id);
    expect(await statusOf(id)).toMatchObject({ status: "running", message: "Cancelling…" });
    await orphan(id);
    await runReportJobs();
    expect((await statusOf(id)).status).toBe("cancelled");
  });

  it("a job killed mid-way is built again; one that used every attempt fails with a message the user sees", async () => {
    const again = await startJob();
    await orphan(again);
    expect(await runReportJobs()).toBe(1);
    expect((await statusOf(again)).status).toBe("done");

    const spent = await startJob();
    await orphan(spent, 3);
    await runReportJobs();
    const job = await statusOf(spent);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/ended unexpectedly/);
    const note = await prisma.notification.findFirst({ where: { eventId: `report-job:${spent}` } });
    expect(note?.kind).toBe("report_failed");
  });
});

describe("mail owed by a fact (the outbox)", () => {
  let typeId = 0;
  let c: AppProcess;

  beforeAll(async () => {
    const { token } = await upstreamAuth("admin", "admin123");
    typeId = (await listTicketTypes(upstream(token))).find((t) => t.name === "Vehicle repair")!.id;
    c = await startAppProcess(appEnv, { timeoutMs: 150_000, cleanup: afterAll });
  }, 200_000);

  async function raiseOn(app: AppProcess, title: string): Promise<number> {
    const res = await fetch(`${app.url}/tickets/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie },
      body: new URLSearchParams({
        intent: "raise",
        type_id: String(typeId),
        title,
        priority: "normal",
        fact_cost: "300",
      }),
    });
    expect(res.status).toBe(302);
    return Number(/ticket=(\d+)/.exec(res.headers.get("location")!)![1]);
  }
  /** Raised in this process (through the route's action), as a request would. */
  const raiseIn = (title: string) => raiseTicket(cookie, typeId, title);
  const about = (ticket: number) =>
    mails.filter((m) => m.subject?.startsWith(`Approve ticket #${ticket}:`));

  it("a process killed between the approval link and its mail: the mail still goes, once, with the outbox's Message-ID", async () => {
    mails.length = 0;
    holdAt = 0;
    const held = new Promise<void>((r) => (onHold = r));
    holdSubject = /^Approve ticket #\d+: Killed before the mail/;
    const ticket = await raiseOn(c, "Killed before the mail");
    // The link is written and its mail is on the wire; the process dies before SMTP answers.
    await held;
    await c.kill("SIGKILL");
    expect(about(ticket)).toHaveLength(0);
    const link = await prisma.ticketApprovalLink.findFirstOrThrow({ where: { ticketId: ticket } });
    // What the old code had for recovery: the escalation clock, which took the link as "told".
    await runTicketApprovals();
    // The outbox: the dead process's claim goes stale (JOB_STALE_MS) and the row is sent again.
    // Other mail may be owed too (earlier cases): pass after pass until this one is sent.
    await until(async () => {
      await sendOwed();
      return about(ticket).length > 0;
    });
    await new Promise((r) => setTimeout(r, 300));
    const got = about(ticket);
    expect(got).toHaveLength(1);
    expect(got[0]!.text).toContain(`/tickets/approve/${link.id}`);
    const row = await prisma.outboxMessage.findUniqueOrThrow({
      where: { key: `ticket-approval:${link.id}` },
    });
    expect(row).toMatchObject({ state: "sent", attempts: 2 });
    expect(got[0]!.messageId).toBe(`<outbox.${row.id}@tracksmith.local>`);
    // A kill -9, a stale claim and a second send: more than the default on a loaded machine.
  }, 90_000);

  it("an SMTP server that is away: the mail waits in the outbox and goes once it is back", async () => {
    mails.length = 0;
    holdAt = 0;
    away = true;
    // Raised in this process: the link and its owed mail commit, the first try is refused (451).
    const ticket = await raiseIn("SMTP away");
    const link = await prisma.ticketApprovalLink.findFirstOrThrow({ where: { ticketId: ticket } });
    const key = `ticket-approval:${link.id}`;
    await until(
      async () =>
        ((await prisma.outboxMessage.findUnique({ where: { key } }))?.attempts ?? 0) >= 1 &&
        (await prisma.outboxMessage.findUnique({ where: { key } }))?.state === "pending",
    );
    const waiting = await prisma.outboxMessage.findUniqueOrThrow({ where: { key } });
    expect(waiting.lastError).toMatch(/Try again later/);
    expect(waiting.nextAt.getTime()).toBeGreaterThan(Date.now());
    expect(about(ticket)).toHaveLength(0);
    // Back: the worker's next pass after the backoff sends it.
    away = false;
    expect(await sendOwed(waiting.nextAt.getTime() + 1)).toBeGreaterThanOrEqual(1);
    await until(() => about(ticket).length > 0);
    expect(about(ticket)).toHaveLength(1);
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: { key } })).toMatchObject({
      state: "sent",
      attempts: 2,
    });
  });

  it("an SMTP answer that never comes: sent again after the claim goes stale, with the same Message-ID", async () => {
    mails.length = 0;
    datas = 0;
    holdDataAt = 1;
    const ticket = await raiseIn("Answer lost");
    await until(() => about(ticket).length === 1);
    // The first copy was taken but not answered; its claim goes stale and the row is sent again.
    await until(async () => (await sendOwed()) > 0, 10_000);
    await until(() => about(ticket).length === 2);
    const [first, second] = about(ticket);
    expect(second!.messageId).toBe(first!.messageId);
    expect(first!.messageId).toMatch(/^<outbox\.[0-9a-f]{24}@tracksmith\.local>$/);
    holdDataAt = 0;
  });
});
