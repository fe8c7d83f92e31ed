/**
 * Issue 16, items 2 and 3: the built server on a PostgreSQL of this file's own, which the tests
 * stop, start again and freeze. An open notifications stream keeps working across a restart of the
 * database; while it is down or frozen, pages answer 503 with Retry-After in bounded time instead
 * of 500 or hanging, and the map data is served from memory.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "../../server/sim/index";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { openSse, signIn, until, type SseClient } from "../support/cluster";
import { startOwnPostgres, type OwnPostgres } from "../support/own-postgres";

const dir = path.resolve(`.data/outage-${process.pid}`);
const CONNECT_MS = 1000;
const STATEMENT_MS = 1500;

let db: OwnPostgres;
let sim: Simulator;
let app: AppProcess;
let cookie = "";
const streams: SseClient[] = [];

beforeAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  db = await startOwnPostgres(path.join(dir, "postgres"));
  sim = await startSimulator({ port: 0 });
  app = await startAppProcess({
    DATA_DIR: path.join(dir, "app"),
    DATABASE_URL: db.url,
    UPSTREAM_API_URL: sim.url,
    SMTP_URL: "",
    NODE_ENV: "development",
    DB_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
    DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
  });
  cookie = await signIn(app.url);
}, 180_000);

afterAll(async () => {
  db?.thaw();
  for (const s of streams) s.close();
  await app?.stop();
  await sim?.close();
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function page(pathname: string, timeoutMs = 20_000) {
  const started = Date.now();
  const res = await fetch(`${app.url}${pathname}`, {
    headers: { cookie },
    redirect: "manual",
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await res.text();
  return { res, body, ms: Date.now() - started };
}

/** Inserts a notification the way the app does (row, then NOTIFY with its id). */
async function notify(title: string) {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    const { rows } = await c.query(`select "userId", "companyId" from "Session" limit 1`);
    const { userId, companyId } = rows[0] as { userId: number; companyId: number };
    const id = `outage${Date.now()}`;
    await c.query(
      `insert into "Notification" (id, "userId", "companyId", kind, title, body)
       values ($1, $2, $3, 'info', $4, 'after the restart')`,
      [id, userId, companyId, title],
    );
    await c.query(`select pg_notify('tracksmith_notifications', $1)`, [
      JSON.stringify({ u: userId, ids: [id] }),
    ]);
  } finally {
    await c.end();
  }
}

describe("PostgreSQL stopped, restarted and frozen under a running app", () => {
  it("keeps an open notifications stream working across a restart of the database", async () => {
    const bell = await openSse(`${app.url}/api/notifications-stream`, { cookie });
    streams.push(bell);
    expect(bell.status).toBe(200);
    await until("the first unread count", () => bell.events.some((e) => e.event === "unread"));
    await db.stop();
    // Down long enough for the app to notice (a page fails) before it comes back.
    await until("a page to fail", async () => (await page("/dashboard/assets")).res.status >= 500);
    await db.start();

    const from = bell.events.length;
    await notify("Created after the restart");
    const got = await until(
      "the new notification on the open stream",
      () =>
        bell.events
          .slice(from)
          .find((e) => e.event === "notification" && e.data.includes("Created after the restart")),
      15_000,
    );
    expect(JSON.parse(got.data)).toMatchObject({ title: "Created after the restart" });
    await until("the unread count of 1", () =>
      bell.events.slice(from).some((e) => e.event === "unread" && e.data === "1"),
    );
    expect(bell.closed()).toBe(false);
    await until("pages to work again", async () => (await page("/dashboard/assets")).res.ok);
  }, 90_000);

  it("answers 503 with Retry-After, quickly and without a stack, while the database is down", async () => {
    expect((await page("/dashboard/assets")).res.status).toBe(200);
    await db.stop();
    try {
      const down = await page("/dashboard/assets");
      expect(down.res.status).toBe(503);
      expect(down.res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(down.body).toContain("The service is temporarily unavailable");
      expect(down.body).not.toMatch(/at .*\.(ts|js):\d+/); // no stack
      expect(down.ms).toBeLessThan(CONNECT_MS + 4000);
      const api = await page("/api/notifications");
      expect(api.res.status).toBe(503);
      expect(api.res.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await db.start();
    }
    await until("pages to work again", async () => (await page("/dashboard/assets")).res.ok);
  }, 90_000);

  it("logs one warning when an outage starts and one line when it ends, not a stack per request", async () => {
    await until("pages to work", async () => (await page("/dashboard/assets")).res.ok);
    const from = app.rawOutput().length;
    await db.stop();
    try {
      for (let i = 0; i < 20; i++) {
        const down = await page(i % 2 ? "/dashboard/assets" : "/api/notifications");
        expect(down.res.status).toBe(503);
      }
    } finally {
      await db.start();
    }
    await until("pages to work again", async () => (await page("/dashboard/assets")).res.ok);
    // The next good query is what tells the app the outage is over.
    await until(
      "the outage's end line",
      async () => {
        if (/database is reachable again/.test(app.rawOutput().slice(from))) return true;
        // A page can be served from memory; the notifications read PostgreSQL for certain.
        await page("/api/notifications");
        return false;
      },
      60_000,
      250,
    );
    const lines = app
      .rawOutput()
      .slice(from)
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { level: string; msg: string; err?: unknown });
    const loud = lines.filter((l) => l.level === "warn" || l.level === "error");
    expect(loud.map((l) => l.msg)).toEqual([expect.stringMatching(/database is unavailable/i)]);
    expect(app.rawOutput().slice(from)).not.toMatch(/"stack"|Body is unusable/);
    expect(lines.filter((l) => /database is reachable again/.test(l.msg))).toHaveLength(1);
  }, 120_000);

  it("answers 503 within the timeouts while the database is frozen, and serves map data from memory", async () => {
    const before = await fetch(`${app.url}/api/map-data`, { headers: { cookie } });
    expect(before.status).toBe(200);
    db.freeze();
    try {
      const frozen = await page("/dashboard/assets");
      expect(frozen.res.status).toBe(503);
      expect(frozen.res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(frozen.body).toContain("The service is temporarily unavailable");
      expect(frozen.ms).toBeLessThan(STATEMENT_MS + CONNECT_MS + 4000);
      // The fleet's map data is in memory: it is served, not refused.
      const map = await fetch(`${app.url}/api/map-data`, {
        headers: { cookie },
        signal: AbortSignal.timeout(10_000),
      });
      expect(map.status).toBe(200);
      expect(((await map.json()) as { s?: string }).s).toBeTruthy();
    } finally {
      db.thaw();
    }
    await until("pages to work again", async () => (await page("/dashboard/assets")).res.ok);
  }, 90_000);
});
