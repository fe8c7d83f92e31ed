import crypto from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { disconnectPrisma } from "~/services/db.server";
import { resetEnvCache } from "~/services/env.server";

/**
 * Gives the calling test file its own database cloned from the migrated template and points
 * DATABASE_URL (and so the app's Prisma client) at it. Dropped after the file.
 */
export async function useTestDatabase(): Promise<string> {
  const server = inject("databaseServerUrl");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  // Two files cloning the template at the same moment collide; the loser waits and retries.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template tracksmith_template`);
      break;
    } catch (e) {
      if (attempt > 50 || !/being accessed by other users/.test((e as Error).message)) throw e;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  await admin.end();
  const url = server.replace(/\/[^/]+$/, `/${name}`);
  process.env.DATABASE_URL = url;
  resetEnvCache();
  await disconnectPrisma();
  afterAll(async () => {
    await disconnectPrisma();
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return url;
}

/** Empties the given tables between tests. */
export async function truncate(url: string, tables: string[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`truncate ${tables.map((t) => `"${t}"`).join(", ")} restart identity cascade`);
  await c.end();
}
