/**
 * Issue 14, as a new user meets it: `npm start` twice on one data directory. The whole app (its
 * embedded PostgreSQL and the built-in simulator) is stopped and started again; what was done
 * through the pages before is still there, in the app and in the upstream it reads from.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../support/app-process";

// Under .data like the browser tests: the embedded PostgreSQL runs as its own user and must reach it.
const dataDir = path.resolve(`.data/restart-${process.pid}`);
let app: AppProcess | undefined;

function start() {
  return startAppProcess({
    DATA_DIR: dataDir,
    SMTP_URL: "",
    UPSTREAM_API_URL: "",
    DATABASE_URL: "",
    NODE_ENV: "development",
  });
}

async function post(url: string, fields: Record<string, string>, cookie = "") {
  const origin = new URL(url).origin;
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
    body: new URLSearchParams(fields),
  });
}

async function signIn(base: string) {
  const res = await post(`${base}/login`, { username: "admin", password: "admin123" });
  expect(res.status).toBe(302);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** The upstream's own word, not the app's cache. */
async function upstreamNickname(upstreamUrl: string, imei: string) {
  const login = await fetch(`${upstreamUrl}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin123" }),
  });
  const { token } = (await login.json()) as { token: string };
  const devices = await fetch(`${upstreamUrl}/user/iotdevices`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({}),
  });
  const list = (await devices.json()) as Array<{ imei: string; nickname: string }>;
  return list.find((d) => d.imei === imei)?.nickname;
}

afterAll(async () => {
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start twice on one data directory", () => {
  it("keeps a rename made through the vehicle page across a restart of the whole app", async () => {
    app = await start();
    // Issue 37 item 2: the embedded database of npm start makes its writes durable.
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    expect((await db.query("show fsync")).rows[0]).toEqual({ fsync: "on" });
    await db.end();
    const cookie = await signIn(app.url);
    const fleet = await (await fetch(`${app.url}/dashboard/fleet`, { headers: { cookie } })).text();
    const imei = fleet.match(/\/dashboard\/vehicle-dashboard\/(\d+)/)?.[1];
    expect(imei).toBeTruthy();
    const name = `Kept ${Date.now() % 100000}`;
    const saved = await post(
      `${app.url}/dashboard/assets/device/${imei}`,
      { intent: "rename", nickname: name },
      cookie,
    );
    expect(saved.status).toBeLessThan(400);
    expect(await upstreamNickname(app.upstreamUrl, imei!)).toBe(name);
    await app.stop();

    app = await start();
    // The simulator answers from what it journaled, before any cache of the app is consulted.
    expect(await upstreamNickname(app.upstreamUrl, imei!)).toBe(name);
    const again = await signIn(app.url);
    const page = await (
      await fetch(`${app.url}/dashboard/fleet`, { headers: { cookie: again } })
    ).text();
    expect(page).toContain(name);
  }, 180_000);
});
