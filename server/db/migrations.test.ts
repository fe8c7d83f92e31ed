import pg from "pg";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/db";
import { prisma } from "~/services/db.server";
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
