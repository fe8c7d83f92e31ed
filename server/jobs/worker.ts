import PgBoss from "pg-boss";
import { logError } from "../../app/services/log.server.js";

export type RegisterJobs = (boss: PgBoss) => Promise<string[]>;

/**
 * The background worker: pg-boss on the app's own PostgreSQL (schema `pgboss`). The jobs come from
 * the server build (app/entry.server.tsx re-exports registry.ts), so jobs and requests share one
 * instance of every app module and its in-process state.
 */
export async function startWorker(
  databaseUrl: string,
  log: (line: string) => void,
  registerJobs: RegisterJobs,
): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 5, schema: "pgboss" });
  boss.on("error", (e) => logError("jobs", e));
  await boss.start();
  const names = await registerJobs(boss);
  log(`[jobs] pg-boss worker running on the app database (${names.join(", ")})`);
  return boss;
}
