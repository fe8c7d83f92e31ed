import { getEnv } from "../../app/services/env.server.js";
import { createMigration, migrateDatabase } from "./migrations.js";
import { startEmbeddedPostgres } from "./embedded-postgres.js";

/** `migrate`: apply prisma/migrations; `migration <name>`: write a new one from the schema change. */
const [command, ...rest] = process.argv.slice(2);
const env = getEnv();
const db = env.DATABASE_URL
  ? { url: env.DATABASE_URL, stop: async () => {} }
  : await startEmbeddedPostgres(`${env.DATA_DIR}/postgres`);
try {
  if (command === "migrate") {
    const applied = await migrateDatabase(db.url);
    console.log(applied.length ? `Applied ${applied.join(", ")}` : "Database is up to date");
  } else if (command === "migration") {
    const dir = await createMigration(db.url, rest.join(" "));
    console.log(
      dir ? `Wrote ${dir}/migration.sql` : "The schema has not changed since the last migration",
    );
  } else {
    console.error("Usage: tsx server/db/cli.ts migrate | migration <name>");
    process.exitCode = 2;
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
} finally {
  await db.stop();
}
