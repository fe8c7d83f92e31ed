/**
 * Issue 16, item 1: two app processes (the built server, as deployed behind a load balancer) on one
 * PostgreSQL and one upstream. A change the upstream reports reaches the live streams of both
 * processes, a stream that reconnects with Last-Event-ID gets what it missed, one process polls the
 * upstream for the company, and the map data of the other process follows a write at once.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "../../server/sim/index";
import { startAppProcess, type AppProcess } from "../support/app-process";
import {
  countingProxy,
  deviceChanges,
  openSse,
  signIn,
  until,
  type CountingProxy,
  type SseClient,
} from "../support/cluster";
import { useTestDatabase } from "../support/db";

const dataDir = path.resolve(`.data/cluster-${process.pid}`);
// 10:00 in Brisbane today: vehicles are on their shifts. The simulator's clock moves only when told.
const d = new Date();
let simNow = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 0, 0, 0);
const INTERVAL_S = 1;

let sim: Simulator;
let proxy: CountingProxy;
let databaseUrl: string;
const apps: AppProcess[] = [];
const streams: SseClient[] = [];
let cookie = "";

function startApp(name: string) {
  return startAppProcess({
    DATA_DIR: path.join(dataDir, name),
    DATABASE_URL: databaseUrl,
    UPSTREAM_API_URL: proxy.url,
    SMTP_URL: "",
    NODE_ENV: "development",
    SESSION_SECRET: "cluster-test-secret-0123456789abcdef0123456789",
    SYNC_INTERVAL_SECONDS: String(INTERVAL_S),
  });
}

async function live(app: AppProcess, lastEventId?: string | null) {
  const s = await openSse(`${app.url}/api/live`, { cookie, lastEventId });
  streams.push(s);
  expect(s.status).toBe(200);
  return s;
}

/** The upstream's own word: the fixes reported after `since`, at the simulator's current time. */
async function upstreamFixesSince(since: number) {
  const login = await fetch(`${sim.url}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin123" }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${sim.url}/user/positions`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ since: new Date(since).toISOString() }),
  });
  return ((await res.json()) as { positions: { imei: string; timestamp: string }[] }).positions;
}

/** True when `s` delivered (after event index `from`) each fix's time for its device. */
function hasAll(s: SseClient, fixes: { imei: string; timestamp: string }[], from = 0) {
  const seen = new Map<string, unknown>();
  for (const c of deviceChanges(s, from))
    if ("lastContactAt" in c) seen.set(c.imei as string, c.lastContactAt);
  return fixes.every((f) => seen.get(f.imei) === f.timestamp);
}

function missing(s: SseClient, fixes: { imei: string; timestamp: string }[], from = 0) {
  const seen = new Set(deviceChanges(s, from).map((c) => c.imei));
  return fixes.filter((f) => !seen.has(f.imei)).length;
}

beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  databaseUrl = await useTestDatabase();
  sim = await startSimulator({ port: 0, clock: () => simNow });
  proxy = await countingProxy(sim.url);
  // One after the other: starting together is item 4 of the issue, not this file's subject.
  apps.push(await startApp("a"));
  apps.push(await startApp("b"));
  cookie = await signIn(apps[0]!.url);
}, 180_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all(apps.map((a) => a.stop()));
  await proxy?.close();
  await sim?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("two app processes on one PostgreSQL", () => {
  it("sends every device the upstream moved to the live streams of both processes", async () => {
    const [a, b] = apps as [AppProcess, AppProcess];
    const sa = await live(a);
    const sb = await live(b);
    // The cache is filled and the poller has caught up with the simulator's (still) clock.
    await until("two position polls", () => proxy.count("/user/positions") >= 2, 20_000);
    const fromA = sa.events.length;
    const fromB = sb.events.length;
    const t0 = simNow;
    simNow += 60_000;
    const moved = await upstreamFixesSince(t0);
    expect(moved.length).toBeGreaterThanOrEqual(5);
    await until(
      `both streams to carry all ${moved.length} moved devices`,
      () => hasAll(sa, moved, fromA) && hasAll(sb, moved, fromB),
      10_000,
    ).catch((e) => {
      throw new Error(
        `${(e as Error).message}: process A missed ${missing(sa, moved, fromA)}, process B missed ${missing(sb, moved, fromB)}`,
      );
    });
    // Every batch names the change it reaches, for the browser to resume from.
    const batches = sb.events.filter((e) => e.event === "devices");
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.every((e) => e.id && /^\d+$/.test(e.id))).toBe(true);
  }, 60_000);

  it("has one process poll the upstream for the company, not each", async () => {
    // Two streams (one per process) are open. N polls of one poller take N-1 intervals at least;
    // a poller in each process would make them in about half that.
    proxy.reset();
    await until("a first poll", () => proxy.count("/user/positions") >= 1, 10_000);
    const started = Date.now();
    await until("five more polls", () => proxy.count("/user/positions") >= 6, 20_000);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(5 * INTERVAL_S * 1000 * 0.8);
    // And the lock says so: one database session holds the company's poller lock.
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const { rows } = await c.query(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted
           and classid = $1 and objid = 1`,
        [0x7473],
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await c.end();
    }
  }, 60_000);

  it("resumes a stream from Last-Event-ID with what it missed while away", async () => {
    const [a, b] = apps as [AppProcess, AppProcess];
    const sa = streams[0]!;
    const sb = streams[1]!;
    const last = sa.lastId();
    expect(last).toMatch(/^\d+$/);
    sa.close();
    const fromB = sb.events.length;
    const t0 = simNow;
    simNow += 60_000;
    const moved = await upstreamFixesSince(t0);
    expect(moved.length).toBeGreaterThanOrEqual(5);
    // Process B's stream has them: they are in the database while A's stream is away.
    await until("process B's stream", () => hasAll(sb, moved, fromB), 10_000);
    const again = await live(a, last);
    await until("the resumed stream to catch up", () => hasAll(again, moved), 5_000);
    // Resuming from the newest id sends nothing old again.
    const newest = again.lastId();
    const fresh = await live(b, newest);
    await until("a first event", () => fresh.events.length > 0, 10_000);
    expect(deviceChanges(fresh).filter((c) => moved.some((m) => m.imei === c.imei))).toEqual([]);
  }, 60_000);

  it("serves the other process's map data fresh after a write", async () => {
    const [a, b] = apps as [AppProcess, AppProcess];
    const names = async (app: AppProcess) => {
      const res = await fetch(`${app.url}/api/map-data`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const { s } = (await res.json()) as { s: string };
      const st = await fetch(`${app.url}/api/map-data?part=static&v=${s}`, {
        headers: { cookie },
      });
      return ((await st.json()) as { imei: string[]; name: string[] }).name;
    };
    // No stream is open, so no process polls the upstream (nothing refreshes B's payload but the write).
    for (const s of streams) s.close();
    await names(b); // process B has the payload in memory now
    const fleet = await (await fetch(`${a.url}/dashboard/fleet`, { headers: { cookie } })).text();
    const imei = fleet.match(/\/dashboard\/vehicle-dashboard\/(\d+)/)?.[1];
    expect(imei).toBeTruthy();
    const name = `Cluster ${Date.now() % 100000}`;
    const saved = await fetch(`${a.url}/dashboard/assets/device/${imei}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: a.url,
        cookie,
      },
      body: new URLSearchParams({ intent: "rename", nickname: name }),
    });
    expect(saved.status).toBeLessThan(400);
    // Well inside the 15 s after which a payload is rebuilt anyway.
    await until(
      "process B's map data to show the new name",
      async () => (await names(b)).includes(name),
      3_000,
    );
  }, 60_000);
  it("serves the other process's logbook fresh after a purpose change", async () => {
    const [a, b] = apps as [AppProcess, AppProcess];
    type Entry = { id: string; purpose: string; description: string };
    const logbook = async (app: AppProcess, query = "") => {
      const res = await fetch(
        `${app.url}/dashboard/logbook?${query}&_data=${encodeURIComponent("routes/dashboard.logbook")}`,
        { headers: { cookie } },
      );
      expect(res.status).toBe(200);
      return (await res.json()) as { imei: string; entries: Entry[] };
    };
    const first = await logbook(b);
    const trip = first.entries[0];
    expect(trip, "the first vehicle has trips in the logbook's default range").toBeTruthy();
    const query = `imei=${first.imei}`;
    await logbook(b, query); // process B keeps this read in memory now
    const description = `Cluster visit ${Date.now() % 100000}`;
    const saved = await fetch(`${a.url}/dashboard/logbook?${query}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: a.url, cookie },
      body: new URLSearchParams({
        intent: "purpose",
        id: trip!.id,
        purpose: trip!.purpose === "business" ? "private" : "business",
        description,
      }),
    });
    expect(saved.status).toBeLessThan(400);
    // Well inside the 30 s after which a kept read is read again anyway.
    await until(
      "process B's logbook to show the new description",
      async () =>
        (await logbook(b, query)).entries.some(
          (e) => e.id === trip!.id && e.description === description,
        ),
      3_000,
    );
  }, 60_000);
});
