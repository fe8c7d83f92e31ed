import type PgBoss from "pg-boss";
import { cleanupSessions } from "~/services/session-cleanup.server";
import { registerNotificationJobs } from "~/modules/notifications/jobs.server";
import { runDeviceSync } from "~/modules/fleet/jobs.server";
import { reportTick } from "~/modules/reports/report-scheduler.server";
import { runReportJobs } from "~/modules/reports/report-run.server";
import { runFormForwarding } from "~/modules/forms/jobs.server";

type Job = { name: string; cron?: string; run: (boss: PgBoss) => Promise<unknown> };

/** Every background job; each module owns one job. */
export const jobs: Job[] = [
  { name: "session-cleanup", cron: "*/15 * * * *", run: () => cleanupSessions() },
];
jobs.push({ name: "device-sync", cron: "* * * * *", run: () => runDeviceSync() });
jobs.push({ name: "report-scheduler", cron: "* * * * *", run: () => reportTick() }); // scheduled reports (issue 7)
jobs.push({ name: "report-run", cron: "* * * * *", run: () => runReportJobs() }); // long on-screen reports (issue 7)
jobs.push({ name: "form-forward", cron: "* * * * *", run: () => runFormForwarding() }); // answers of fill-in links the upstream missed

export async function registerJobs(boss: PgBoss): Promise<string[]> {
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.work(job.name, async () => {
      await job.run(boss);
    });
    if (job.cron) await boss.schedule(job.name, job.cron);
  }
  await registerNotificationJobs(boss); // push fan-out/sends, webhooks, alert emails, event sync (carry job data)
  return jobs.map((j) => j.name);
}
