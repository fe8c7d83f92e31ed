/**
 * Issue 36 item 5: the VAPID private key is sealed at rest like the upstream tokens and webhook
 * secrets. A database from before (the key pair in plain JSON in AppSecret "vapid_keys") is read
 * and sealed on the first start of the real server; the pair stays the same (the browsers'
 * subscriptions were made with its public key) and still signs.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/services/env.server";
import { isSealed, open } from "~/services/secret-box.server";
import { startAppProcess } from "../support/app-process";
import { useTestDatabase } from "../support/db";
import { useSimulator } from "../support/upstream";

const dataDir = path.resolve(`.data/vapid-at-rest-${process.pid}`);
const ENCRYPTION_KEY = crypto.randomBytes(32).toString("hex");
let upstreamUrl = "";
let databaseUrl = "";

beforeAll(async () => {
  upstreamUrl = (await useSimulator()).url;
  databaseUrl = await useTestDatabase();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query(sql, values)).rows as T[];
  } finally {
    await c.end();
  }
}

/** The real server on the test database, with no VAPID keys in its environment (AppSecret's). */
const startApp = () =>
  startAppProcess(
    {
      DATABASE_URL: databaseUrl,
      UPSTREAM_API_URL: upstreamUrl,
      DATA_DIR: dataDir,
      SMTP_URL: "",
      ENCRYPTION_KEY,
      VAPID_PUBLIC_KEY: "",
      VAPID_PRIVATE_KEY: "",
      NODE_ENV: "development",
    },
    { timeoutMs: 150_000, cleanup: afterAll },
  );

/** Whether a VAPID JWT (the Authorization header's t=) verifies with `publicKey` (raw P-256). */
function verifies(authorization: string, publicKey: string): boolean {
  const jwt = /t=([^,\s]+)/.exec(authorization)![1]!;
  const [head, body, sig] = jwt.split(".") as [string, string, string];
  const raw = Buffer.from(publicKey, "base64url");
  const key = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  return crypto.verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(sig, "base64url"),
  );
}

describe("the VAPID key at rest", () => {
  it("a plain key pair from before is sealed on start, the same pair, and still signs", async () => {
    const before = webpush.generateVAPIDKeys();
    await query(`delete from "AppSecret" where name = 'vapid_keys'`);
    await query(`insert into "AppSecret" (name, value) values ('vapid_keys', $1)`, [
      JSON.stringify(before),
    ]);

    const app = await startApp();
    try {
      const [row] = await query<{ value: string }>(
        `select value from "AppSecret" where name = 'vapid_keys'`,
      );
      // No plain private key left: not its base64url text, nor as PEM or raw bytes in any form.
      expect(row!.value).not.toContain(before.privateKey);
      expect(row!.value).not.toMatch(/BEGIN [A-Z ]*PRIVATE KEY/);
      const kept = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
      expect(kept.publicKey).toBe(before.publicKey);
      expect(isSealed(kept.privateKey)).toBe(true);

      process.env.ENCRYPTION_KEY = ENCRYPTION_KEY;
      resetEnvCache();
      expect(open(kept.privateKey, "vapid-key")).toBe(before.privateKey);

      // The server serves the same public key, so the subscriptions made with it still work.
      const login = await fetch(`${app.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams({ username: "admin", password: "admin123" }),
      });
      expect(login.status).toBe(302);
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
      const served = await fetch(`${app.url}/api/push-key`, { headers: { cookie } });
      expect(((await served.json()) as { publicKey: string }).publicKey).toBe(before.publicKey);

      const { Authorization } = webpush.getVapidHeaders(
        "https://push.example.net",
        "mailto:ops@example.com",
        kept.publicKey,
        open(kept.privateKey, "vapid-key"),
        "aes128gcm",
      );
      expect(verifies(Authorization, before.publicKey)).toBe(true);
    } finally {
      await app.stop();
      delete process.env.ENCRYPTION_KEY;
      resetEnvCache();
    }
  }, 240_000);

  it("a new key pair is made sealed", async () => {
    await query(`delete from "AppSecret" where name = 'vapid_keys'`);
    const app = await startApp();
    await app.stop();
    const [row] = await query<{ value: string }>(
      `select value from "AppSecret" where name = 'vapid_keys'`,
    );
    const kept = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
    expect(kept.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(isSealed(kept.privateKey)).toBe(true);
  }, 240_000);
});
