/**
 * Issue 16 item 4: two app processes (`tsx server/main.ts`) started together on one database. Each
 * runs the whole start-up (migrations, kept secrets, pg-boss and its queues) at the same moment;
 * both must come up and agree on one session secret and one VAPID key pair kept in the database.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { useTestDatabase } from "../support/db";
import { useSimulator } from "../support/upstream";

const dataDir = path.resolve(`.data/startup-race-${process.pid}`);
let upstreamUrl = "";

beforeAll(async () => {
  upstreamUrl = (await useSimulator()).url;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function query<T>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Two server processes started at once on `databaseUrl`, secrets left to the start-up. */
async function startTwo(databaseUrl: string): Promise<PromiseSettledResult<AppProcess>[]> {
  const env = {
    DATABASE_URL: databaseUrl,
    UPSTREAM_API_URL: upstreamUrl,
    DATA_DIR: dataDir,
    SMTP_URL: "",
    SESSION_SECRET: "",
    VAPID_PUBLIC_KEY: "",
    VAPID_PRIVATE_KEY: "",
    NODE_ENV: "development",
  };
  return Promise.allSettled([
    startAppProcess(env, { timeoutMs: 150_000, cleanup: afterAll }),
    startAppProcess(env, { timeoutMs: 150_000, cleanup: afterAll }),
  ]);
}

/** Both up; one row per secret; a session signed by one is accepted by the other; one VAPID key. */
async function expectOneCluster(started: PromiseSettledResult<AppProcess>[], databaseUrl: string) {
  const failures = started.flatMap((s) =>
    s.status === "rejected" ? [(s.reason as Error).message] : [],
  );
  expect(failures).toEqual([]);
  const apps = started.map((s) => (s as PromiseFulfilledResult<AppProcess>).value);
  for (const app of apps) {
    expect(app.output()).toContain("[jobs] pg-boss worker running");
    expect((await fetch(`${app.url}/login`)).status).toBe(200);
  }
  const secrets = await query<{ name: string }>(
    databaseUrl,
    `select name from "AppSecret" order by name`,
  );
  expect(secrets.map((s) => s.name)).toEqual(["encryption_key", "session_secret", "vapid_keys"]);
  const [a, b] = apps as [AppProcess, AppProcess];
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
    databaseUrl,
    `select value from "AppSecret" where name = 'vapid_keys'`,
  );
  expect((JSON.parse(vapid!.value) as { publicKey: string }).publicKey).toBe(keys[0]);
  await Promise.all(apps.map((app) => app.kill("SIGTERM")));
  return apps;
}

describe("two processes starting together", () => {
  it("on an empty database: one migrates while the other waits, both come up with one secret", async () => {
    const server = inject("databaseServerUrl");
    const name = `race_${crypto.randomBytes(5).toString("hex")}`;
    await query(server, `create database ${name}`);
    const url = server.replace(/\/[^/]+$/, `/${name}`);
    try {
      const apps = await expectOneCluster(await startTwo(url), url);
      const migrated = apps.map(
        (app) => /\[db\] migrations (applied|up to date)/.exec(app.output())?.[1],
      );
      expect(migrated.sort()).toEqual(["applied", "up to date"]);
    } finally {
      await query(server, `drop database if exists ${name} with (force)`);
    }
  }, 240_000);

  it("creating the kept secrets at the same moment: both come up and use the same ones", async () => {
    const url = await useTestDatabase();
    // Both processes find no secret, then both insert one: held here until both are waiting.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query(`begin; lock table "AppSecret" in exclusive mode`);
    let settled = false;
    const starting = startTwo(url).finally(() => (settled = true));
    const waiting = async () =>
      (
        await holder.query<{ n: number }>(`
          select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'AppSecret' and not l.granted`)
      ).rows[0]!.n;
    while (!settled && (await waiting()) < 2) await new Promise((r) => setTimeout(r, 50));
    await holder.query("commit");
    await holder.end();
    await expectOneCluster(await starting, url);
  }, 240_000);
});
