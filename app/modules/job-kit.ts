import type PgBoss from "pg-boss";

/** A job pg-boss runs on a schedule; its name is its queue's name, declared once by its module. */
export type CronJob = { name: string; cron: string; run: () => Promise<unknown> };

/** A module's background work: scheduled jobs, and queues with data that need their own workers. */
export type ModuleJobs = {
  cron?: CronJob[];
  register?: (boss: PgBoss) => Promise<unknown>;
};
