import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { parseEnv } from "~/services/env.server";
import { useTestDatabase } from "../support/db";

const run = promisify(execFile);

async function start(env: Record<string, string>) {
  try {
    await run(path.resolve("node_modules/.bin/tsx"), ["server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "development",
        DATA_DIR: ".data/config-test",
        PORT: "0",
        ...env,
      },
      timeout: 60_000,
    });
    return { code: 0, stderr: "", stdout: "" };
  } catch (e) {
    const err = e as { code: number; stderr: string; stdout: string };
    return { code: err.code, stderr: err.stderr, stdout: err.stdout };
  }
}

describe("configuration", () => {
  it("names the bad variable", () => {
    expect(() => parseEnv({ DATABASE_URL: "nonsense" })).toThrow(
      /DATABASE_URL must be a postgresql:\/\/ URL/,
    );
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /SESSION_SECRET is required in production/,
    );
    expect(parseEnv({}).UPSTREAM_TIMEOUT_MS).toBe(4000);
  });

  it("stops the start with one line, no stack trace, for DATABASE_URL=nonsense", async () => {
    const r = await start({ DATABASE_URL: "nonsense" });
    expect(r.code).toBe(1);
    const lines = r.stderr
      .trim()
      .split("\n")
      .filter((l) => !/npm warn/i.test(l));
    expect(lines).toEqual([expect.stringMatching(/^Tracksmith cannot start: .*DATABASE_URL/)]);
    expect(r.stderr).not.toMatch(/\s+at\s+\S+:\d+:\d+/);
  });

  it("checks every variable the app reads, with its default", () => {
    const env = parseEnv({});
    expect(env.DEVICES_OFFLINE_AFTER_HOURS).toBe(24);
    expect(env.DEVICE_OUTDATED_MOVING_HOURS).toBe(4);
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.MAP_TILES_NORMAL).toMatch(/^https:\/\/.*\{z\}/);
    expect(parseEnv({ TRUST_PROXY: "1", DEVICE_OFFLINE_HOURS: "1.5" })).toMatchObject({
      TRUST_PROXY: true,
      DEVICE_OFFLINE_HOURS: 1.5,
    });
    expect(() => parseEnv({ DEVICE_OFFLINE_HOURS: "-2" })).toThrow(/DEVICE_OFFLINE_HOURS/);
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY must be 1/);
    expect(() => parseEnv({ MAP_TILES_RAIL: "tiles/{z}" })).toThrow(/MAP_TILES_RAIL/);
  });

  it("stops the start with one line naming a bad DEVICES_OFFLINE_AFTER_HOURS", async () => {
    const r = await start({ DEVICES_OFFLINE_AFTER_HOURS: "a day" });
    expect(r.code).toBe(1);
    const lines = r.stderr
      .trim()
      .split("\n")
      .filter((l) => !/npm warn/i.test(l));
    expect(lines).toEqual([
      expect.stringMatching(/^Tracksmith cannot start: .*DEVICES_OFFLINE_AFTER_HOURS .*hours/),
    ]);
  });

  it("stops the start with one line for an unreachable database", async () => {
    const r = await start({ DATABASE_URL: "postgresql://u:secret@127.0.0.1:1/x" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^Tracksmith cannot start: DATABASE_URL postgresql:\/\/u:\*\*\*@127\.0\.0\.1:1\/x cannot be reached/m,
    );
    expect(r.stderr).not.toContain("secret");
  });

  it("stops the start with one line for an unreachable upstream", async () => {
    const databaseUrl = await useTestDatabase();
    const r = await start({ DATABASE_URL: databaseUrl, UPSTREAM_API_URL: "http://127.0.0.1:9/" });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^Tracksmith cannot start: UPSTREAM_API_URL http:\/\/127\.0\.0\.1:9\/ is unreachable/m,
    );
  });
});

/**
 * Issue 37 item 3: an embedded database that cannot be opened stops the start with one line that
 * names the file, the cause and the fix, and changes none of its files (the old code printed
 * "undefined" for a damaged pg_control, and wrote a new password over an emptied password file).
 */
describe("an embedded database that cannot be opened", () => {
  // Under .data: PostgreSQL runs as its own user and must reach it.
  const dataDir = path.resolve(`.data/config-damaged-${process.pid}`);
  const databaseDir = path.join(dataDir, "postgres");
  const passwordFile = `${databaseDir}.password`;
  const control = path.join(databaseDir, "global", "pg_control");
  const digest = (file: string) =>
    crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  const embedded = { DATA_DIR: dataDir, DATABASE_URL: "", UPSTREAM_API_URL: "" };

  beforeAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const db = await startEmbeddedPostgres(databaseDir, undefined, { fsync: false });
    await db.stop();
  }, 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("refuses an emptied password file, naming both paths, and leaves it empty", async () => {
    const password = fs.readFileSync(passwordFile);
    fs.writeFileSync(passwordFile, "");
    try {
      const r = await start(embedded);
      expect(r.code).toBe(1);
      const line = r.stderr.trim().split("\n").pop()!;
      expect(line).toMatch(/^Tracksmith cannot start: The embedded database in /);
      expect(line).toContain(databaseDir);
      expect(line).toContain(`${passwordFile} is missing or empty`);
      expect(line).toMatch(/Put the password .* back into .*move both/);
      expect(fs.readFileSync(passwordFile, "utf8")).toBe("");
    } finally {
      fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    }
  }, 90_000);

  it("names the damaged pg_control, PostgreSQL's reason and the fix, not 'undefined'", async () => {
    const bytes = fs.readFileSync(control);
    for (let i = 16; i < 24; i++) bytes[i]! ^= 0xff;
    fs.writeFileSync(control, bytes);
    const before = { control: digest(control), password: digest(passwordFile) };
    const r = await start(embedded);
    expect(r.code).toBe(1);
    const line = r.stderr.trim().split("\n").pop()!;
    expect(line).not.toContain("undefined");
    expect(line).toMatch(/^Tracksmith cannot start: The embedded PostgreSQL in .* did not start: /);
    expect(line).toContain(databaseDir);
    expect(line).toMatch(/control file/i);
    expect(line).toMatch(/restore .* from a backup/);
    expect({ control: digest(control), password: digest(passwordFile) }).toEqual(before);
  }, 90_000);
});
