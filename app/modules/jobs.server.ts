/**
 * Every module's background jobs, registered on one pg-boss by the worker (server/jobs/worker.ts
 * takes registerJobs from the build). A module lists its jobs in its own jobs.server.ts.
 */
import type PgBoss from "pg-boss";
import { jobs as account } from "./account/jobs.server";
import { jobs as concrete } from "./concrete/jobs.server";
import { jobs as drivers } from "./drivers/jobs.server";
import { jobs as environment } from "./environment/jobs.server";
import { jobs as fleet } from "./fleet/jobs.server";
import { jobs as forms } from "./forms/jobs.server";
import type { ModuleId } from "./index";
import { ensureQueue } from "~/services/job-queue.server";
import type { CronJob, ModuleJobs } from "./job-kit";
import { jobs as maintenance } from "./maintenance/jobs.server";
import { jobs as notifications } from "./notifications/jobs.server";
import { jobs as operations } from "./operations/jobs.server";
import { jobs as reports } from "./reports/jobs.server";
import { jobs as tickets } from "./tickets/jobs.server";

export const MODULE_JOBS: Partial<Record<ModuleId, ModuleJobs>> = {
  account,
  concrete,
  drivers,
  environment,
  fleet,
  forms,
  maintenance,
  notifications,
  operations,
  reports,
  tickets,
};

/** Every scheduled job of every module. */
export const jobs: CronJob[] = Object.values(MODULE_JOBS).flatMap((m) => m?.cron ?? []);

export async function registerJobs(boss: PgBoss): Promise<string[]> {
  for (const job of jobs) {
    await ensureQueue(boss, job.name);
    await boss.work(job.name, async () => {
      await job.run();
    });
    await boss.schedule(job.name, job.cron);
  }
  for (const m of Object.values(MODULE_JOBS)) await m?.register?.(boss);
  return jobs.map((j) => j.name);
}
