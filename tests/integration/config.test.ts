import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
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
