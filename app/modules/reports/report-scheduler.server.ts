/**
 * Scheduled reports on the PostgreSQL job queue. A pg-boss cron tick every minute (and a nudge
 * after "Send now"):
 *  1. turns each due schedule into one ReportRun row per (schedule, dueAt) — the unique key means
 *     two workers never create two runs for one due time — and moves the schedule's nextRunAt on;
 *  2. claims runs that are queued or due for a retry (FOR UPDATE SKIP LOCKED: two workers never
 *     take the same run) and sends them. A running run beats every JOB_HEARTBEAT_MS; one silent
 *     for JOB_STALE_MS lost its process: it is taken again (MAX_ATTEMPTS claims in all), then
 *     failed with a message in the run history and an in-app notification to the owner.
 * Each recipient's mail is a delivery record (report-delivery.server.ts), so a run taken again
 * sends only to those who have not received it. Runs live in PostgreSQL, so a restart between
 * due time and send still sends.
 */
import { Prisma } from "~/generated/prisma/client";
import { findReport, headlineTexts, type BaseParams } from "./catalogue";
import { parseMeasurement } from "~/lib/units";
import { nextDue, periodFor, type SchedulePeriod } from "./schedule";
import { prisma } from "~/services/db.server";
import { liveToken } from "~/services/session.server";
import { logError, logInfo } from "~/services/log.server";
import {
  DB_NOW,
  LeaseLost,
  MAX_ATTEMPTS,
  staleSql,
  withHeartbeat,
  type Lease,
} from "./job-lease.server";
import { composeReportEmail, unsubscribedOf } from "./report-email.server";
import { CONTENT_TYPE, deliver, EXT, renderToBuffer } from "./report-delivery.server";
import type { ReportFormat } from "./report-render.server";
import { buildReport, describeRange } from "./reports.server";
import { summaryOf } from "./report-results.server";
import { ruleOf } from "./report-schedules.server";
import { reportFileName } from "./file-name";
import { isoDay } from "~/lib/zoned-time";

export { MAX_ATTEMPTS };
export const REPORT_SCHEDULER_QUEUE = "report-scheduler";
/** The waits between failed attempts grow (backoff). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000];
export const ORPHAN_RUN_FAILED =
  `The server sending this report ended unexpectedly (a restart or crash), ${MAX_ATTEMPTS} times; ` +
  "it was not sent to the recipients who had not received it yet.";

export class NoTokenError extends Error {}

/** The upstream token of the owner's most recent live session (background jobs have no request). */
export async function ownerToken(userId: number, now = Date.now()): Promise<string> {
  const rows = await prisma.session.findMany({
    where: { userId, expiresAt: { gt: new Date(now) } },
    orderBy: { lastSeenAt: "desc" },
    take: 20,
    select: { data: true },
  });
  for (const r of rows) {
    const token = liveToken(r.data, now);
    if (token) return token;
  }
  throw new NoTokenError(
    "The schedule's owner has no signed-in session, so the report's data cannot be read. The owner needs to sign in again.",
  );
}

/** Step 1: one run per due schedule; returns how many runs were created. */
export async function enqueueDue(now = new Date()): Promise<number> {
  const due = await prisma.reportSchedule.findMany({
    where: { enabled: true, nextRunAt: { lte: now } },
    select: {
      id: true,
      nextRunAt: true,
      recipients: true,
      frequency: true,
      weekdays: true,
      monthDay: true,
      timeOfDay: true,
      timeZone: true,
    },
  });
  let created = 0;
  for (const s of due) {
    const dueAt = s.nextRunAt!;
    // A server that was down for days sends the latest missed run once, not a burst of old ones.
    const { count } = await prisma.reportRun.createMany({
      data: [
        {
          scheduleId: s.id,
          dueAt,
          status: "queued",
          recipients: s.recipients,
          nextAttemptAt: dueAt,
        },
      ],
      skipDuplicates: true,
    });
    created += count;
    const next = nextDue(ruleOf(s), Math.max(dueAt.getTime(), now.getTime()));
    await prisma.reportSchedule.updateMany({
      where: { id: s.id, nextRunAt: dueAt },
      data: { nextRunAt: next === null ? null : new Date(next) },
    });
  }
  return created;
}

/** Claims one run that is ready, or whose worker died; null when none is. */
async function claim(now: Date): Promise<{ id: string; attempts: number } | null> {
  const rows = await prisma.$queryRaw<{ id: string; attempts: number }[]>(Prisma.sql`
    UPDATE "ReportRun"
    SET status = 'running', attempts = attempts + 1, "startedAt" = ${now}, "heartbeatAt" = ${DB_NOW}
    WHERE id = (
      SELECT id FROM "ReportRun"
      WHERE (status IN ('queued', 'retrying') AND "nextAttemptAt" <= ${now})
         OR (status = 'running' AND attempts < ${MAX_ATTEMPTS} AND ${staleSql()})
      ORDER BY "nextAttemptAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, attempts`);
  return rows[0] ?? null;
}

/** Runs whose worker died on their last attempt: failed, and the owner told in-app. */
export async function failOrphanedRuns(): Promise<number> {
  const failed = await prisma.$queryRaw<{ id: string; scheduleId: string }[]>(Prisma.sql`
    UPDATE "ReportRun" SET status = 'failed', error = ${ORPHAN_RUN_FAILED}, "finishedAt" = ${DB_NOW}
    WHERE status = 'running' AND attempts >= ${MAX_ATTEMPTS} AND ${staleSql()}
    RETURNING id, "scheduleId"`);
  for (const r of failed) {
    const s = await prisma.reportSchedule.findUnique({ where: { id: r.scheduleId } });
    if (s) await notifyFailed(r.id, s, ORPHAN_RUN_FAILED);
  }
  return failed.length;
}

async function notifyFailed(
  runId: string,
  s: { id: string; userId: number; companyId: number; subject: string },
  body: string,
) {
  // The owner hears about it in-app, once per run.
  await prisma.notification.createMany({
    data: [
      {
        userId: s.userId,
        companyId: s.companyId,
        kind: "report_failed",
        eventId: `report-run:${runId}`,
        title: `Scheduled report failed: ${s.subject}`.slice(0, 200),
        body: body.slice(0, 2000),
        link: `/dashboard/scheduled-reports/${s.id}`,
      },
    ],
    skipDuplicates: true,
  });
}

/** Builds, renders and emails one claimed run, beating meanwhile; records the outcome. */
export async function executeRun(runId: string, now = new Date()): Promise<string> {
  const { attempts: mine } = await prisma.reportRun.findUniqueOrThrow({
    where: { id: runId },
    select: { attempts: true },
  });
  const beat = async () =>
    (await prisma.$executeRaw(Prisma.sql`
      UPDATE "ReportRun" SET "heartbeatAt" = ${DB_NOW}
      WHERE id = ${runId} AND status = 'running' AND attempts = ${mine}`)) > 0;
  return withHeartbeat(beat, (lease) => attemptRun(runId, mine, now, lease));
}

async function attemptRun(runId: string, mine: number, now: Date, lease: Lease): Promise<string> {
  const run = await prisma.reportRun.findUniqueOrThrow({
    where: { id: runId },
    include: { schedule: true },
  });
  const s = run.schedule;
  const started = Date.now();
  // Every write is this attempt's: a worker taken for dead can no longer change the run.
  const update = (data: Prisma.ReportRunUpdateManyMutationInput) =>
    prisma.reportRun.updateMany({ where: { id: runId, attempts: mine, status: "running" }, data });
  try {
    if (!run.manual && !s.enabled) {
      await update({
        status: "skipped",
        error: "The schedule was disabled before the run started.",
        finishedAt: new Date(),
      });
      return "skipped";
    }
    const unsubscribed = await unsubscribedOf(s.id);
    const recipients = s.recipients.filter((r) => !unsubscribed.has(r.toLowerCase()));
    if (!recipients.length) {
      await update({
        status: "skipped",
        recipients: [],
        error: "Every recipient has unsubscribed.",
        finishedAt: new Date(),
      });
      return "skipped";
    }
    const def = findReport(s.reportKind);
    if (!def) throw new Error(`Unknown report "${s.reportKind}"`);
    const params = def.params.parse(s.params ?? {}) as BaseParams;
    const token = await ownerToken(s.userId, now.getTime());
    const range = periodFor(s.period as SchedulePeriod, run.dueAt.getTime(), s.timeZone);
    const built = await buildReport({ token, companyId: s.companyId }, def, params, {
      range,
      timeZone: s.timeZone,
      now: now.getTime(),
    });
    const period = describeRange(def, built);
    const format = s.format as ReportFormat;
    const measurement = parseMeasurement(s.measurement);
    const headline = headlineTexts(summaryOf(def, built).headline, measurement);
    const file = await renderToBuffer(format, {
      title: def.title,
      subtitle: period,
      columns: def.columns,
      rows: built.rows,
      totals: built.totals,
      timeZone: built.timeZone,
      measurement,
      summary: headline,
    });
    const filename = reportFileName(def.kind, built.range.from, built.timeZone, EXT[format]);
    const qs = new URLSearchParams({
      from: isoDay(built.range.from + 12 * 3_600_000),
      to: isoDay(built.range.to - 12 * 3_600_000),
    });
    for (const imei of params.imeis) qs.append("imeis", imei);
    for (const g of params.groups) qs.append("groups", g);
    const delivered = await deliver(
      runId,
      mine,
      recipients,
      (to) =>
        composeReportEmail({
          scheduleId: s.id,
          to,
          subject: s.subject,
          message: s.message,
          reportTitle: def.title,
          period,
          headline,
          rowCount: built.rows.length,
          reportPath: `/dashboard/reports/${def.kind}?${qs}`,
          attachment: { filename, content: file, contentType: CONTENT_TYPE[format] },
        }),
      lease,
    );
    const finishedAt = new Date();
    await update({
      status: "sent",
      error: null,
      finishedAt,
      durationMs: finishedAt.getTime() - started,
      sizeBytes: file.length,
      recipients,
    });
    logInfo(
      "reports",
      `run ${runId} of schedule ${s.id} sent to ${delivered.sentNow} recipient(s)` +
        (delivered.sentBefore ? ` (${delivered.sentBefore} had it from an earlier attempt)` : ""),
    );
    return "sent";
  } catch (e) {
    // Another worker owns the run now: it records the outcome.
    if (lease.lost || e instanceof LeaseLost) return "lost";
    const message =
      e instanceof Response
        ? `The report could not be built (${e.status}${e.status === 404 ? ": a chosen vehicle no longer exists" : ""}).`
        : e instanceof Error
          ? e.message
          : String(e);
    logError("reports", e);
    const finishedAt = new Date();
    if (mine < MAX_ATTEMPTS) {
      const wait = RETRY_DELAYS_MS[Math.min(mine - 1, RETRY_DELAYS_MS.length - 1)] ?? 60_000;
      await update({
        status: "retrying",
        error: message,
        durationMs: finishedAt.getTime() - started,
        nextAttemptAt: new Date(now.getTime() + wait),
      });
      return "retrying";
    }
    const { count } = await update({
      status: "failed",
      error: message,
      finishedAt,
      durationMs: finishedAt.getTime() - started,
    });
    if (count) await notifyFailed(runId, s, `It was not sent after ${mine} attempts. ${message}`);
    return "failed";
  }
}

/** Step 2: fails runs whose worker died on their last attempt, then sends every run that is ready. */
export async function processRuns(now = () => new Date()): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  const orphans = await failOrphanedRuns();
  if (orphans) outcomes.failed = orphans;
  for (let i = 0; i < 500; i++) {
    const run = await claim(now());
    if (!run) break;
    const outcome = await executeRun(run.id, now());
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return outcomes;
}

/** The job: both steps. */
export async function reportTick(now = () => new Date()) {
  const created = await enqueueDue(now());
  const outcomes = await processRuns(now);
  return { created, outcomes };
}
