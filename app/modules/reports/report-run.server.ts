/**
 * Builds queued on-screen reports (ReportJob rows) in the background, with progress the page polls
 * and a cancel it honours between upstream calls; the result is kept on disk and the user is
 * notified in-app. Claims rows with SKIP LOCKED, so several workers never build one job twice.
 * A running job beats (job-lease.server.ts); one whose worker died is claimed again, up to
 * MAX_ATTEMPTS claims, then failed with a message the user sees.
 */
import { Prisma } from "~/generated/prisma/client";
import { findReport, type BaseParams } from "./catalogue";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { DB_NOW, MAX_ATTEMPTS, staleSql, withHeartbeat, type Lease } from "./job-lease.server";
import { buildReport, ReportCancelled } from "./reports.server";
import { storeResult, summaryOf } from "./report-results.server";
import { ownerToken } from "./report-scheduler.server";

export const ORPHAN_FAILED =
  "The report stopped because the server building it ended unexpectedly (a restart or crash), " +
  `${MAX_ATTEMPTS} times. Please run it again.`;

/** A queued job, or a running one whose worker stopped beating: this worker's lease is the new attempt. */
async function claim(): Promise<{ id: string; attempts: number } | null> {
  const rows = await prisma.$queryRaw<{ id: string; attempts: number }[]>(Prisma.sql`
    UPDATE "ReportJob"
    SET status = 'running', attempts = attempts + 1, "startedAt" = ${DB_NOW}, "heartbeatAt" = ${DB_NOW},
        message = CASE WHEN status = 'running' THEN 'Starting again (the previous worker stopped)' ELSE 'Starting' END
    WHERE id = (
      SELECT id FROM "ReportJob"
      WHERE status = 'queued'
         OR (status = 'running' AND NOT "cancelRequested" AND attempts < ${MAX_ATTEMPTS} AND ${staleSql()})
      ORDER BY "createdAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, attempts`);
  return rows[0] ?? null;
}

/**
 * Running jobs whose worker died and that are not taken again: cancelled when cancel was asked,
 * failed (visibly, with the owner notified) when they used every attempt.
 */
export async function endOrphanedJobs(): Promise<number> {
  const cancelled = await prisma.$executeRaw(Prisma.sql`
    UPDATE "ReportJob" SET status = 'cancelled', message = 'Cancelled', "finishedAt" = ${DB_NOW}
    WHERE status = 'running' AND "cancelRequested" AND ${staleSql()}`);
  const failed = await prisma.$queryRaw<
    { id: string; userId: number; companyId: number; reportKind: string }[]
  >(Prisma.sql`
    UPDATE "ReportJob"
    SET status = 'failed', message = 'Failed', error = ${ORPHAN_FAILED}, "finishedAt" = ${DB_NOW}
    WHERE status = 'running' AND attempts >= ${MAX_ATTEMPTS} AND ${staleSql()}
    RETURNING id, "userId", "companyId", "reportKind"`);
  if (failed.length)
    await prisma.notification.createMany({
      data: failed.map((j) => ({
        userId: j.userId,
        companyId: j.companyId,
        kind: "report_failed",
        eventId: `report-job:${j.id}`,
        title: `Your report failed: ${findReport(j.reportKind)?.title ?? j.reportKind}`,
        body: ORPHAN_FAILED,
        link: `/dashboard/reports/${j.reportKind}`,
      })),
      skipDuplicates: true,
    });
  return cancelled + failed.length;
}

/** Builds one claimed job (`attempt`: the claim's lease), beating while it runs. */
export async function runReportJob(id: string, attempt?: number): Promise<string> {
  const mine = attempt ?? (await prisma.reportJob.findUniqueOrThrow({ where: { id } })).attempts;
  const beat = async () =>
    (await prisma.$executeRaw(Prisma.sql`
      UPDATE "ReportJob" SET "heartbeatAt" = ${DB_NOW}
      WHERE id = ${id} AND status = 'running' AND attempts = ${mine}`)) > 0;
  return withHeartbeat(beat, (lease) => buildJob(id, mine, lease));
}

async function buildJob(id: string, mine: number, lease: Lease): Promise<string> {
  const job = await prisma.reportJob.findUniqueOrThrow({ where: { id } });
  const def = findReport(job.reportKind);
  // Every write is this attempt's: a worker taken for dead can no longer change the row.
  const update = (data: Prisma.ReportJobUpdateManyMutationInput) =>
    prisma.reportJob.updateMany({ where: { id, attempts: mine, status: "running" }, data });
  let lastWrite = 0;
  try {
    if (!def) throw new Error(`Unknown report "${job.reportKind}"`);
    const params = def.params.parse(job.params) as BaseParams;
    const token = await ownerToken(job.userId);
    const built = await buildReport({ token, companyId: job.companyId }, def, params, {
      onProgress: async (done, total, message) => {
        // At most a write a second: progress is for people watching, not an audit.
        if (Date.now() - lastWrite < 1000 && done < total) return;
        lastWrite = Date.now();
        await update({ progress: total ? Math.min(0.99, done / total) : 0, message });
      },
      cancelled: async () =>
        lease.lost ||
        ((await prisma.reportJob.findUnique({ where: { id }, select: { cancelRequested: true } }))
          ?.cancelRequested ??
          true),
    });
    lease.check();
    const { chart, headline } = summaryOf(def, built);
    await storeResult(id, {
      kind: def.kind,
      params,
      rows: built.rows,
      totals: built.totals,
      range: built.range,
      timeZone: built.timeZone,
      chart,
      headline,
    });
    const { count } = await update({
      status: "done",
      progress: 1,
      message: "Ready",
      rowCount: built.rows.length,
      finishedAt: new Date(),
    });
    if (!count) return "lost";
    await prisma.notification.createMany({
      data: [
        {
          userId: job.userId,
          companyId: job.companyId,
          kind: "report_ready",
          eventId: `report-job:${id}`,
          title: `Your report is ready: ${def.title}`,
          body: `${built.rows.length} rows.`,
          link: `/dashboard/reports/${def.kind}?job=${id}`,
        },
      ],
      skipDuplicates: true,
    });
    return "done";
  } catch (e) {
    if (lease.lost) return "lost";
    if (e instanceof ReportCancelled) {
      await update({ status: "cancelled", message: "Cancelled", finishedAt: new Date() });
      return "cancelled";
    }
    logError("reports", e);
    const error =
      e instanceof Error
        ? e.message
        : e instanceof Response
          ? `The report could not be built (${e.status})`
          : String(e);
    const { count } = await update({
      status: "failed",
      error,
      message: "Failed",
      finishedAt: new Date(),
    });
    if (!count) return "lost";
    await prisma.notification.createMany({
      data: [
        {
          userId: job.userId,
          companyId: job.companyId,
          kind: "report_failed",
          eventId: `report-job:${id}`,
          title: `Your report failed: ${def?.title ?? job.reportKind}`,
          body: error.slice(0, 2000),
          link: `/dashboard/reports/${job.reportKind}`,
        },
      ],
      skipDuplicates: true,
    });
    return "failed";
  }
}

/** The job: ends orphans that are not taken again, then builds every queued or orphaned report. */
export async function runReportJobs(): Promise<number> {
  await endOrphanedJobs();
  let n = 0;
  for (let job = await claim(); job; job = await claim()) {
    await runReportJob(job.id, job.attempts);
    n++;
  }
  return n;
}
