import crypto from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db";
import { prisma } from "~/services/db.server";
import { MIGRATION_LOCK_KEY, migrateDatabase } from "./migrations";
import { applyMigrations } from "./schema-engine";

describe("migrations through the WebAssembly schema engine", () => {
  it("created every platform table and records itself in _prisma_migrations", async () => {
    const url = await useTestDatabase();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const tables = (
      await c.query(
        "select table_name from information_schema.tables where table_schema = 'public'",
      )
    ).rows.map((r) => r.table_name);
    const applied = (await c.query("select migration_name, finished_at from _prisma_migrations"))
      .rows;
    await c.end();
    for (const t of [
      "Session",
      "PushSubscription",
      "ReportSchedule",
      "ReportRun",
      "Notification",
      "Device",
      "Position",
      "Trip",
    ]) {
      expect(tables).toContain(t);
    }
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.every((r) => r.finished_at !== null)).toBe(true);
    // Applying again is a no-op.
    expect(await applyMigrations(url)).toEqual([]);
  });

  it("serves the generated Prisma client through the pg adapter", async () => {
    await useTestDatabase();
    await prisma.appSecret.create({ data: { name: "probe", value: "42" } });
    expect((await prisma.appSecret.findUniqueOrThrow({ where: { name: "probe" } })).value).toBe(
      "42",
    );
  });
});

describe("migrations from several processes at once", () => {
  it("wait on one advisory lock: nothing is applied while another holds it, then once", async () => {
    const server = inject("databaseServerUrl");
    const name = `mig_${crypto.randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = server.replace(/\/[^/]+$/, `/${name}`);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock($1::bigint)", [MIGRATION_LOCK_KEY.toString()]);
      const runs = [migrateDatabase(url), migrateDatabase(url)];
      // Both wait on the lock (seen in pg_locks), and no table exists yet.
      for (let waiting = 0; waiting < 2;) {
        waiting = (
          await holder.query<{ n: number }>(
            "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
          )
        ).rows[0]!.n;
      }
      const tables = await holder.query("select 1 from pg_tables where schemaname = 'public'");
      expect(tables.rowCount).toBe(0);
      await holder.query("select pg_advisory_unlock($1::bigint)", [MIGRATION_LOCK_KEY.toString()]);
      const [first, second] = await Promise.all(runs);
      expect([first!.length > 0, second!.length > 0].sort()).toEqual([false, true]);
    } finally {
      await holder.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
