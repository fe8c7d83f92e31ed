/**
 * Issue 37: an alert's e-mail goes through the outbox. A real server process (its event sync on
 * the simulator's events) is killed while its first alert mail is on the wire: the claims and
 * their owed mails were committed together, so every claimed alert's mail still goes, once each,
 * with the outbox's Message-ID. Needs `npm run build` (the server loads build/index.js).
 */
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendOwed } from "~/modules/notifications/index.server";
import { action as loginAction } from "~/routes/login";
import { prisma } from "~/services/db.server";
import { resetEnvCache } from "~/services/env.server";
import { resetMailTransport } from "~/services/mail.server";
import { startAppProcess } from "../support/app-process";
import { until as poll } from "../support/cluster";
import { useTestDatabase } from "../support/db";
import { call, formPost } from "../support/remix";
import { useSmtpServer } from "../support/smtp";
import { useSimulator } from "../support/upstream";

const TIMING = { JOB_HEARTBEAT_MS: "200", JOB_STALE_MS: "1000", SYNC_INTERVAL_SECONDS: "1" };
let mails: ParsedMail[] = [];
/** The first MAIL FROM is never answered: the sender hangs mid-send there. */
let hold = true;
let onHold: () => void = () => undefined;
let env: Record<string, string> = {};

beforeAll(async () => {
  await useTestDatabase();
  const sim = await useSimulator();
  const server = await useSmtpServer({
    mailFrom: () => {
      if (!hold) return;
      hold = false;
      onHold();
      return "hang";
    },
  });
  mails = server.mails;
  const smtp = server.url;
  const secrets = {
    SESSION_SECRET: "alert-mail-crash-test-secret-0123456789ab",
    ENCRYPTION_KEY: "alert-mail-crash-test-encryption-key-0123",
  };
  Object.assign(process.env, TIMING, secrets, { SMTP_URL: smtp });
  resetEnvCache();
  resetMailTransport();
  env = {
    ...TIMING,
    ...secrets,
    SMTP_URL: smtp,
    UPSTREAM_API_URL: sim.url,
    DATABASE_URL: process.env.DATABASE_URL!,
    DATA_DIR: `.data/alert-mail-crash-${process.pid}`,
    NODE_ENV: "development",
  };
  // Signed in: the session's upstream token is what the server's event sync acts with.
  await call(loginAction, formPost("/login", { username: "admin", password: "admin123" }));
}, 120_000);

/** The shared poll (tests/support/cluster.ts), with this file's patience. */
const until = (check: () => unknown, ms = 60_000) => poll("the test's condition", check, ms, 100);

describe("alert e-mails and a crash", () => {
  it("a server killed with its first alert mail on the wire: every claimed alert's mail still goes, once, with the outbox's Message-ID", async () => {
    const s = await prisma.session.findFirstOrThrow({ orderBy: { lastSeenAt: "desc" } });
    await prisma.alertRule.create({
      data: {
        userId: s.userId,
        companyId: s.companyId,
        name: "all by mail",
        kinds: ["geofence_enter", "geofence_exit", "overspeed", "offline", "online", "low_battery"],
        channels: ["email"],
        email: "ops@example.com",
      },
    });
    const held = new Promise<void>((r) => (onHold = r));
    const app = await startAppProcess(env, { timeoutMs: 150_000, cleanup: afterAll });
    await held;
    await app.kill("SIGKILL");
    expect(mails).toHaveLength(0);

    const claims = await prisma.alertDispatch.findMany();
    expect(claims.length).toBeGreaterThan(0);
    const keys = claims.map((c) => `alert:${c.eventId}:${c.userId}:ops@example.com`);
    const rows = await prisma.outboxMessage.findMany({ where: { key: { in: keys } } });
    expect(rows).toHaveLength(claims.length);

    // This process's worker: the dead one's claim goes stale (JOB_STALE_MS) and is sent again.
    await until(async () => (await sendOwed(), mails.length >= claims.length));
    await new Promise((r) => setTimeout(r, 300));
    expect(mails).toHaveLength(claims.length);
    expect(mails.map((m) => m.messageId).sort()).toEqual(
      rows.map((r) => `<outbox.${r.id}@tracksmith.local>`).sort(),
    );
  }, 240_000);
});
