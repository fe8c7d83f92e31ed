/**
 * Builds queued on-screen reports (ReportJob rows) in the background, with progress the page polls
 * and a cancel it honours between upstream calls; the result is kept on disk and the user is
 * notified in-app. Claims rows with SKIP LOCKED, so several workers never build one job twice.
 */
import { Prisma } from "~/generated/prisma/client";
import { findReport, type BaseParams } from "./catalogue";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { buildReport, ReportCancelled } from "./reports.server";
import { storeResult, summaryOf } from "./report-results.server";
import { ownerToken } from "./report-scheduler.server";

async function claim(): Promise<string | null> {
  const rows = await prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
    UPDATE "ReportJob" SET status = 'running', "startedAt" = now(), message = 'Starting'
    WHERE id = (SELECT id FROM "ReportJob" WHERE status = 'queued' ORDER BY "createdAt" LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  return rows[0]?.id ?? null;
}

export async function runReportJob(id: string): Promise<string> {
  const job = await prisma.reportJob.findUniqueOrThrow({ where: { id } });
  const def = findReport(job.reportKind);
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
        await prisma.reportJob.update({
          where: { id },
          data: { progress: total ? Math.min(0.99, done / total) : 0, message },
        });
      },
      cancelled: async () =>
        (await prisma.reportJob.findUnique({ where: { id }, select: { cancelRequested: true } }))
          ?.cancelRequested ?? true,
    });
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
    await prisma.reportJob.update({
      where: { id },
      data: {
        status: "done",
        progress: 1,
        message: "Ready",
        rowCount: built.rows.length,
        finishedAt: new Date(),
      },
    });
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
    if (e instanceof ReportCancelled) {
      await prisma.reportJob.update({
        where: { id },
        data: { status: "cancelled", message: "Cancelled", finishedAt: new Date() },
      });
      return "cancelled";
    }
    logError("reports", e);
    const error =
      e instanceof Error
        ? e.message
        : e instanceof Response
          ? `The report could not be built (${e.status})`
          : String(e);
    await prisma.reportJob.update({
      where: { id },
      data: { status: "failed", error, message: "Failed", finishedAt: new Date() },
    });
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

/** The job: builds every queued report. */
export async function runReportJobs(): Promise<number> {
  let n = 0;
  for (let id = await claim(); id; id = await claim()) {
    await runReportJob(id);
    n++;
  }
  return n;
}
