import PgBoss from "pg-boss";
import { registerJobs } from "./registry.js";

/** The background worker: pg-boss on the app's own PostgreSQL (schema `pgboss`). */
export async function startWorker(databaseUrl: string, log: (line: string) => void): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 5, schema: "pgboss" });
  boss.on("error", (e) => log(`[jobs] ${e.message}`));
  await boss.start();
  const names = await registerJobs(boss);
  log(`[jobs] pg-boss worker running on the app database (${names.join(", ")})`);
  return boss;
}
