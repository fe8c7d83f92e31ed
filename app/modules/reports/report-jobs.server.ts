/**
 * On-screen reports too large for one request (e.g. a year of a 1,000-vehicle fleet) run as a
 * background job (server/jobs/report-run.ts): queued here, followed with progress, cancellable,
 * and the user is notified in-app when it is ready. Company-scoped like everything else.
 */
import { Prisma } from "~/generated/prisma/client";
import type { BaseParams } from "./catalogue";
import { prisma } from "~/services/db.server";
import { sendJob } from "~/services/job-queue.server";
import { logError } from "~/services/log.server";
import { DB_NOW, staleSql } from "./job-lease.server";

export const REPORT_RUN_QUEUE = "report-run";

export async function startReportJob(
  owner: { userId: number; companyId: number },
  kind: string,
  params: BaseParams,
) {
  const job = await prisma.reportJob.create({
    data: {
      ...owner,
      reportKind: kind,
      params: params as Prisma.InputJsonValue,
      status: "queued",
      message: "Waiting for a worker",
    },
    select: { id: true },
  });
  try {
    await sendJob(REPORT_RUN_QUEUE, {});
  } catch (e) {
    // The worker's own tick still finds the queued row; the nudge only makes it start sooner.
    logError("reports", e);
  }
  return job;
}

export async function requireReportJob(companyId: number, id: string) {
  const job = await prisma.reportJob.findFirst({ where: { id, companyId } });
  if (!job) throw new Response("Report not found", { status: 404 });
  return job;
}

export type JobStatus = {
  id: string;
  status: string;
  progress: number;
  message: string;
  error: string | null;
  rowCount: number | null;
  reportKind: string;
};

export async function reportJobStatus(companyId: number, id: string): Promise<JobStatus> {
  const j = await requireReportJob(companyId, id);
  return {
    id: j.id,
    status: j.status,
    progress: j.progress,
    message: j.message,
    error: j.error,
    rowCount: j.rowCount,
    reportKind: j.reportKind,
  };
}

/**
 * Ends the job: a queued one, or a running one whose worker stopped beating (its process died), is
 * cancelled at once; a running one with a live worker is asked to stop, and that worker checks the
 * flag between upstream calls (a worker that dies meanwhile leaves it to endOrphanedJobs).
 */
export async function cancelReportJob(companyId: number, id: string) {
  await requireReportJob(companyId, id);
  // One statement, so the worker's liveness is judged once.
  const ends = Prisma.sql`(status = 'queued' OR ${staleSql()})`;
  await prisma.$executeRaw(Prisma.sql`
    UPDATE "ReportJob"
    SET "cancelRequested" = true,
        status = CASE WHEN ${ends} THEN 'cancelled' ELSE status END,
        "finishedAt" = CASE WHEN ${ends} THEN ${DB_NOW} ELSE "finishedAt" END,
        message = CASE WHEN ${ends} THEN 'Cancelled' ELSE 'Cancelling…' END
    WHERE id = ${id} AND "companyId" = ${companyId} AND status IN ('queued', 'running')`);
}
