import fs from "node:fs/promises";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/db/embedded-postgres";
import { applyMigrations } from "../../server/db/schema-engine";

let db: EmbeddedDatabase | undefined;
let dir = "";

/**
 * One real PostgreSQL for the whole run. Migrations are applied once to a template database;
 * each test file gets its own copy (tests/support/db.ts), so files run in parallel safely.
 */
export async function setup(project: TestProject) {
  // Per run, so several runs on one machine never share (or kill) each other's PostgreSQL.
  dir = `.data/test-postgres-${process.pid}`;
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(`${dir}.password`, { force: true });
  db = process.env.TEST_DATABASE_URL
    ? { url: process.env.TEST_DATABASE_URL, stop: async () => {} }
    : // fsync off: this cluster is thrown away after the run, and it saves minutes (README).
      await startEmbeddedPostgres(dir, undefined, { fsync: false });
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query("drop database if exists tracksmith_template");
  await admin.query("create database tracksmith_template");
  await admin.end();
  const templateUrl = db.url.replace(/\/[^/]+$/, "/tracksmith_template");
  await applyMigrations(templateUrl);
  project.provide("databaseServerUrl", db.url);
}

export async function teardown() {
  await db?.stop();
  // The embedded-postgres package ends the process with process.exit(0) on `beforeExit` (its exit
  // hook): a run with failed tests would exit 0 and CI would pass it. Keep the run's own code.
  const code = process.exitCode;
  process.on("exit", () => {
    if (code) process.exitCode = code;
  });
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  if (dir) await fs.rm(`${dir}.password`, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}
