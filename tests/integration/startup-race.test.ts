/**
 * Issue 16 item 4: two app processes started together on one empty database. Each runs the whole
 * start-up (migrations, kept secrets, pg-boss and its queues) at the same moment; both must come up
 * and agree on one session secret and one VAPID key pair kept in the database.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startAppProcess, type AppProcess } from "../e2e/support/app-process";
import { useSimulator } from "../support/upstream";

const dataDir = path.resolve(`.data/startup-race-${process.pid}`);
const apps: AppProcess[] = [];
let dbUrl = "";
const dbName = `race_${crypto.randomBytes(5).toString("hex")}`;

async function query<T>(sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = inject("databaseServerUrl");
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.end();
});

describe("two processes starting together on an empty database", () => {
  it("both come up, with one kept session secret and one VAPID key pair that both use", async () => {
    const server = inject("databaseServerUrl");
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    // Empty: not the migrated template, so both processes migrate it at once.
    await admin.query(`create database ${dbName}`);
    await admin.end();
    dbUrl = server.replace(/\/[^/]+$/, `/${dbName}`);
    const sim = await useSimulator();
    const env = {
      DATABASE_URL: dbUrl,
      UPSTREAM_API_URL: sim.url,
      DATA_DIR: dataDir,
      SMTP_URL: "",
      SESSION_SECRET: "",
      VAPID_PUBLIC_KEY: "",
      VAPID_PRIVATE_KEY: "",
      NODE_ENV: "development",
    };
    const started = await Promise.allSettled([startAppProcess(env), startAppProcess(env)]);
    for (const s of started) if (s.status === "fulfilled") apps.push(s.value);
    const failures = started.flatMap((s) =>
      s.status === "rejected" ? [(s.reason as Error).message] : [],
    );
    expect(failures).toEqual([]);
    const [a, b] = apps as [AppProcess, AppProcess];
    // One applied the migrations while the other waited on the lock, then found them done.
    const migrated = apps.map(
      (app) => /\[db\] migrations (applied|up to date)/.exec(app.output())?.[1],
    );
    expect(migrated.sort()).toEqual(["applied", "up to date"]);
    for (const app of apps) expect(app.output()).toContain("[jobs] pg-boss worker running");

    for (const app of apps) expect((await fetch(`${app.url}/login`)).status).toBe(200);

    const secrets = await query<{ name: string }>(`select name from "AppSecret" order by name`);
    expect(secrets.map((s) => s.name)).toEqual(["session_secret", "vapid_keys"]);

    // A session signed by one process is accepted by the other: one secret, read by both.
    const login = await fetch(`${a.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: a.url },
      body: new URLSearchParams({ username: "admin", password: "admin123" }),
    });
    expect(login.status).toBe(302);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    const keys = await Promise.all(
      [a, b].map(async (app) => {
        const res = await fetch(`${app.url}/api/push-key`, { headers: { cookie } });
        expect(res.status).toBe(200);
        return ((await res.json()) as { publicKey: string }).publicKey;
      }),
    );
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    const [vapid] = await query<{ value: string }>(
      `select value from "AppSecret" where name = 'vapid_keys'`,
    );
    expect((JSON.parse(vapid!.value) as { publicKey: string }).publicKey).toBe(keys[0]);
  }, 240_000);
});
