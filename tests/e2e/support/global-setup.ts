import fs from "node:fs/promises";
import type { TestProject } from "vitest/node";
import path from "node:path";
import { startAppProcess, type AppProcess } from "../../support/app-process";
import { startMailCatcher } from "./mail-catcher";

let app: AppProcess | undefined;
let dataDir = "";
let mail: Awaited<ReturnType<typeof startMailCatcher>> | undefined;

export async function setup(project: TestProject) {
  dataDir = `.data/e2e-${process.pid}`;
  await fs.rm(dataDir, { recursive: true, force: true });
  // Mail goes to a real SMTP server writing .eml files that tests read (read with tests/e2e/support/mail.ts).
  const mailDir = path.resolve(dataDir, "smtp");
  mail = await startMailCatcher(mailDir);
  app = await startAppProcess({
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    UPSTREAM_API_URL: "",
    DATABASE_URL: "",
    // Every browser test signs in from 127.0.0.1; the fuzzing test alone makes hundreds of failures.
    LOGIN_MAX_FAILURES_PER_ADDRESS_DAY: "100000",
    // ... and the fuzzing test posts to /recoverAccount too: failed recovery tokens are limited as well.
    RECOVERY_MAX_FAILURES: "100000",
    // Outage tests stop the upstream; the next test should not wait 15 s for the circuit to close.
    UPSTREAM_BREAKER_OPEN_MS: "1000",
    // The notifications test's push service stub is on 127.0.0.1 over http (never in production).
    OUTBOUND_ALLOW_HTTP: "1",
    OUTBOUND_ALLOW_PRIVATE: "1",
    // Tests move the app's clock on (POST /__test/clock) instead of waiting for time to pass.
    TEST_CLOCK: "1",
  });
  project.provide("appUrl", app.url);
  project.provide("upstreamUrl", app.upstreamUrl);
  project.provide("databaseUrl", app.databaseUrl);
  project.provide("mailDir", mailDir);
}

export async function teardown() {
  await app?.stop();
  await mail?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    upstreamUrl: string;
    /** The app's own PostgreSQL (embedded), for tests that must set up what no screen can (an expired link). */
    databaseUrl: string;
    /** Where the SMTP server the app sends to keeps each message (.eml). */
    mailDir: string;
  }
}
