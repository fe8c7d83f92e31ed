import type PgBoss from "pg-boss";

/** A job pg-boss runs on a schedule; its name is its queue's name, declared once by its module. */
export type CronJob = { name: string; cron: string; run: () => Promise<unknown> };

/** A module's background work: scheduled jobs, and queues with data that need their own workers. */
export type ModuleJobs = {
  cron?: CronJob[];
  register?: (boss: PgBoss) => Promise<unknown>;
};

/**
 * Runs a batch of jobs (a `batchSize` worker) with one outcome per job: each is completed or failed
 * on its own, so one failure is retried alone instead of failing, and re-running, the whole batch.
 * pg-boss then leaves them as they are (it completes only jobs still active; a throw from here
 * fails only those not completed yet).
 */
export async function settleEach<T>(
  boss: PgBoss,
  queue: string,
  jobs: PgBoss.Job<T>[],
  run: (job: PgBoss.Job<T>) => Promise<unknown>,
): Promise<void> {
  const results = await Promise.allSettled(jobs.map((job) => run(job)));
  const done = jobs.filter((_, i) => results[i]!.status === "fulfilled").map((j) => j.id);
  if (done.length) await boss.complete(queue, done);
  for (const [i, r] of results.entries()) {
    if (r.status === "fulfilled") continue;
    const message = r.reason instanceof Error ? r.reason.message : String(r.reason);
    await boss.fail(queue, jobs[i]!.id, { message });
  }
}
