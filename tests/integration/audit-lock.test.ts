/**
 * Issue 15 item 13: `npm run audit:lock` checks package-lock.json against the advisories kept in
 * scripts/advisories.json (the registry's bulk audit endpoint is not reachable here).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { auditLock, type AdvisoryFile } from "../../scripts/audit-lock";

const run = promisify(execFile);
const list = JSON.parse(fs.readFileSync("scripts/advisories.json", "utf8")) as AdvisoryFile;

const lockWith = (packages: Record<string, { version: string; dev?: boolean }>) => ({
  lockfileVersion: 3,
  packages: { "": { name: "fake" }, ...packages },
});

describe("the lock audit", () => {
  it("fails on a vulnerable locked version, nested or not, and passes the patched ones", () => {
    const bad = auditLock(
      lockWith({
        "node_modules/nodemailer": { version: "7.0.10" },
        "node_modules/express/node_modules/qs": { version: "6.13.0" },
        "node_modules/@remix-run/router": { version: "1.23.1" },
      }),
      list,
    );
    const ids = bad.failing.map((f) => `${f.package}@${f.version} ${f.id}`);
    expect(ids).toContain("nodemailer@7.0.10 CVE-2025-14874");
    expect(ids).toContain("qs@6.13.0 GHSA-6rw7-vpxm-498p");
    expect(ids).toContain("@remix-run/router@1.23.1 GHSA-2w69-qvjg-hvjx");
    const good = auditLock(
      lockWith({
        "node_modules/nodemailer": { version: "10.6.0" },
        "node_modules/qs": { version: "6.14.1" },
        "node_modules/@remix-run/router": { version: "1.23.2" },
      }),
      list,
    );
    expect(good.failing).toEqual([]);
    expect(good.checked).toBe(3);
  });

  it("lets an accepted advisory pass only with its reason and until its review date", () => {
    const lock = lockWith({ "node_modules/esbuild": { version: "0.17.6", dev: true } });
    const now = auditLock(lock, list, new Date("2026-11-23"));
    expect(now.failing).toEqual([]);
    expect(now.accepted.map((a) => a.id)).toContain("GHSA-67mh-4wv8-2f99");
    expect(now.accepted.every((a) => a.reason.length > 20)).toBe(true);
    const later = auditLock(lock, list, new Date("2030-01-01"));
    expect(later.failing.map((f) => f.id)).toContain("GHSA-67mh-4wv8-2f99");
  });

  it("passes on the repository's own lock, and the command exits 1 on a vulnerable one", async () => {
    const own = auditLock(JSON.parse(fs.readFileSync("package-lock.json", "utf8")), list);
    expect(own.failing.map((f) => `${f.package}@${f.version} ${f.id}`)).toEqual([]);
    expect(own.checked).toBeGreaterThan(500);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-lock-"));
    const file = path.join(dir, "package-lock.json");
    fs.writeFileSync(file, JSON.stringify(lockWith({ "node_modules/qs": { version: "6.14.0" } })));
    const tsx = path.resolve("node_modules/.bin/tsx");
    const failed = await run(tsx, ["scripts/audit-lock.ts", "--lock", file]).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/VULNERABLE: GHSA-6rw7-vpxm-498p qs@6\.14\.0/);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});
