import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { summarizeLogEntries } from "../../app/modules/trips/logbook-summary";
import { addDays, dayKey, startOfDay } from "../../app/lib/zoned-days";
import type { TripRecord } from "../../app/modules/trips/trip-record";
import type { LogEntry } from "../../app/services/upstream/schemas";

/**
 * Issue 5 performance:
 *  1. the logbook summary of one vehicle with 100,000 entries (target < 50 ms);
 *  2. the logbook page for a year of trips (about 3,000) rendered server-side from the PostgreSQL
 *     cache (target < 300 ms), beside the cost of reading the same rows with a bare SQL query.
 * Part 2 boots the real server (embedded PostgreSQL, simulator, Remix build: run `npm run build` first).
 */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function entries(n: number): LogEntry[] {
  const out: LogEntry[] = [];
  let odo = 50_000;
  const t0 = Date.parse("2025-01-01T00:00:00Z");
  for (let i = 0; i < n; i++) {
    const start = odo + (i % 7 === 0 ? 1.5 : 0);
    odo = start + 3 + (i % 40) / 2;
    const s = t0 + i * 900_000;
    out.push([
      { obdodometer: Math.round(start * 10) / 10 },
      { obdodometer: Math.round(odo * 10) / 10 },
      {
        id: `e${i}`,
        logstart: new Date(s).toISOString(),
        logstop: new Date(s + 600_000).toISOString(),
        description: i % 4 ? "Delivery" : "Private",
        imei: "1",
        purpose: i % 4 ? "business" : "private",
        driver: "Ann",
      },
    ]);
  }
  return out;
}

async function summaryBench() {
  const list = entries(100_000);
  const shuffled = [...list].reverse();
  const times: number[] = [];
  const shuffledTimes: number[] = [];
  let total = 0;
  for (let i = 0; i < 7; i++) {
    let t = performance.now();
    total = summarizeLogEntries(list).totalKmsTravelled;
    times.push(performance.now() - t);
    t = performance.now();
    summarizeLogEntries(shuffled);
    shuffledTimes.push(performance.now() - t);
  }
  const ok = median(times) < 50;
  console.log(
    `summary of 100,000 entries: median ${median(times).toFixed(1)} ms in order, ${median(shuffledTimes).toFixed(1)} ms out of order (target < 50 ms) ${ok ? "OK" : "SLOW"}; total ${total.toFixed(1)} km`,
  );
  return ok && median(shuffledTimes) < 50;
}

async function pageBench() {
  // Inside the repo like the test databases: PostgreSQL runs as its own user and needs a readable path.
  const dir = path.resolve(`.data/bench-logbook-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  process.env.DATA_DIR = dir;
  process.env.PORT = "0";
  // Measured as deployed: production React (development React renders several times slower).
  const saved = {
    NODE_ENV: process.env.NODE_ENV,
    SESSION_SECRET: process.env.SESSION_SECRET,
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY,
  };
  process.env.NODE_ENV = "production";
  process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-42";
  process.env.ENCRYPTION_KEY ??= "bench-encryption-key-bench-encryption-key";
  const { resetEnvCache } = await import("../../app/services/env.server");
  resetEnvCache();
  const { boot } = await import("../../server/boot");
  const running = await boot(() => {});
  try {
    const login = await fetch(`${running.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: running.url },
      body: "username=admin&password=admin123",
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    const up = await fetch(`${running.upstreamUrl}/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "admin123", platform: "web" }),
    });
    const { token } = (await up.json()) as { token: string };
    const devices = (await (
      await fetch(`${running.upstreamUrl}/user/iotdevices`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: "{}",
      })
    ).json()) as { imei: string; device_type_id: number }[];
    const imei = devices.find((d) => d.device_type_id === 1)!.imei;

    // A year of trips ending two days ago (settled), about 3,000 of them, written as the cache writes them.
    const tz = "Australia/Brisbane";
    const toDay = addDays(dayKey(Date.now(), tz), -2);
    const fromDay = addDays(toDay, -364);
    const from = startOfDay(fromDay, tz);
    const to = startOfDay(addDays(toDay, 1), tz);
    const db = new pg.Client({ connectionString: running.databaseUrl });
    await db.connect();
    const N = 3000;
    const rows: TripRecord[] = [];
    let odo = 120_000;
    for (let i = 0; i < N; i++) {
      const s = from + Math.floor((i * (to - from - 3_600_000)) / N);
      const km = 4 + (i % 30);
      rows.push({
        id: `${imei}-bench-${i}`,
        imei,
        start: {
          time: new Date(s).toISOString(),
          lat: -27.4,
          lng: 153,
          address: `${i % 200} Main Rd, Newstead`,
          odometer: odo,
        },
        end: {
          time: new Date(s + 1_800_000).toISOString(),
          lat: -27.5,
          lng: 153.1,
          address: `${i % 90} Station St, Milton`,
          odometer: odo + km,
        },
        distance_km: km,
        duration_s: 1800,
        max_speed: 80,
        avg_speed: 40,
        driver: `Driver ${i % 5}`,
        purpose: i % 3 ? "business" : "private",
        description: i % 3 ? "Delivery" : "Private",
        manual: false,
      });
      odo += km + 1;
    }
    for (let i = 0; i < N; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const values = chunk
        .map(
          (_, j) =>
            `($${j * 5 + 1}, $${j * 5 + 2}, 1, $${j * 5 + 3}, $${j * 5 + 4}, $${j * 5 + 5})`,
        )
        .join(",");
      await db.query(
        `insert into "Trip" (id, imei, "companyId", "startAt", "endAt", data) values ${values}`,
        chunk.flatMap((t) => [
          t.id,
          imei,
          new Date(t.start.time),
          new Date(t.end.time),
          JSON.stringify(t),
        ]),
      );
    }
    await db.query(
      `insert into "TripCoverage" (imei, "fromAt", "toAt", "syncedAt") values ($1, $2, $3, now())`,
      [imei, new Date(from), new Date(to)],
    );

    const query = `imei=${imei}&from=${fromDay}&to=${toDay}`;
    const time = async (url: string, n = 12) => {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        const body = await res.text();
        if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
        size = body.length;
        times.push(performance.now() - t);
      }
      return { ms: median(times.slice(2)), size };
    };
    const page = await time(`${running.url}/dashboard/logbook?${query}`);
    const data = await time(
      `${running.url}/dashboard/logbook?${query}&_data=routes%2Fdashboard.logbook`,
    );
    const shell = await time(`${running.url}/dashboard/account`);
    const sqlTimes: number[] = [];
    let count = 0;
    for (let i = 0; i < 12; i++) {
      const t = performance.now();
      const r = await db.query(
        `select data from "Trip" where "companyId" = 1 and imei = $1 and "startAt" >= $2 and "startAt" < $3 order by "startAt"`,
        [imei, new Date(from), new Date(to)],
      );
      sqlTimes.push(performance.now() - t);
      count = r.rowCount ?? 0;
    }
    await db.end();
    const ok = page.ms < 300;
    console.log(
      `logbook page, ${count} cached trips (a year), server-side HTML: median ${page.ms.toFixed(0)} ms, ${(page.size / 1024).toFixed(0)} KB (target < 300 ms) ${ok ? "OK" : "SLOW"}`,
    );
    console.log(
      `  its loader alone (_data): ${data.ms.toFixed(0)} ms · bare SQL read of the same ${count} rows: ${median(sqlTimes.slice(2)).toFixed(1)} ms · a plain shell page (/dashboard/account) for scale: ${shell.ms.toFixed(0)} ms`,
    );
    return ok;
  } finally {
    const env = process.env as Record<string, string | undefined>;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    resetEnvCache();
    await running.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function run() {
  const a = await summaryBench();
  const b = await pageBench();
  if (!a || !b) process.exitCode = 1;
}
