import type PgBoss from "pg-boss";
import { cleanupSessions } from "./session-cleanup.js";

type Job = { name: string; cron?: string; run: (boss: PgBoss) => Promise<unknown> };

/** Every background job; each module owns one job. */
export const jobs: Job[] = [{ name: "session-cleanup", cron: "*/15 * * * *", run: () => cleanupSessions() }];

export async function registerJobs(boss: PgBoss): Promise<string[]> {
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.work(job.name, async () => {
      await job.run(boss);
    });
    if (job.cron) await boss.schedule(job.name, job.cron);
  }
  return jobs.map((j) => j.name);
}
