import type PgBoss from "pg-boss";
import { cleanupSessions } from "./session-cleanup.js";
import { registerNotificationJobs } from "./notification-jobs.js";
import { runDeviceSync } from "./device-sync.js";
import { reportTick } from "./report-scheduler.js";
import { runReportJobs } from "./report-run.js";
import { runFormForwarding } from "./form-forward.js";

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
