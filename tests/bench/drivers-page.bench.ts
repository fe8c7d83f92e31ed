/**
 * `npm run bench -- drivers`: the /dashboard/driversafety page (issue 18, target ≤ 300 ms from
 * cached data).
 * - The real server (production build, simulator in its own process): the page for 30 days and a
 *   driver's scorecard, server-rendered HTML, after a first request filled the 60 s cache; median
 *   and p95 of sequential requests, beside /healthz on the same connection for the floor.
 * - At the issue's scale, in-process: what the page computes from the cached range for 1,000
 *   drivers and 500,000 events of 30 days (+ the previous 30 and the 8-week trend): both periods'
 *   scores, the weekly trend, the sorted leaderboard and the newest incidents. The simulator seeds
 *   a company's drivers from its driver names (six), so this scale is generated here.
 * Needs `npm run build` first.
 */
import http from "node:http";
import os from "node:os";
import { BEHAVIOURS } from "../../app/modules/drivers/behaviours";
import {
  DAY,
  LEADER_ROWS,
  periodFigures,
  periodFiguresByEvents,
  slice,
  trendWeeks,
} from "../../app/modules/drivers/safety-compute";
import { DEFAULT_SCORE_SETTINGS } from "../../app/modules/drivers/score";
import { logText } from "../support/app-process";
import { signIn, startBenchStack } from "./support";

const N = Number(process.env.BENCH_REQUESTS ?? 30);
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

function get(url: string, cookie: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    http
      .get(url, { headers: { cookie }, agent }, (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200
            ? resolve(performance.now() - t)
            : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

async function realServer() {
  const { app, stop } = await startBenchStack("drivers", Number(process.env.BENCH_DEVICES ?? 50));
  try {
    const cookie = await signIn(app.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const page = `${app.url}/dashboard/driversafety?days=30`;
    // The first request fills the cache (and the stored weeks); a cold page may run out of its
    // upstream budget on a loaded machine, so the warm-up tries again.
    let cold = 0;
    for (let i = 0; ; i++) {
      const t = performance.now();
      const ok = await get(page, cookie, agent).then(
        () => true,
        () => false,
      );
      cold = performance.now() - t;
      if (ok) break;
      if (i >= 4) throw new Error("the page never answered");
      console.log(`  cold request ${i + 1} failed after ${cold.toFixed(0)} ms; again`);
    }
    console.log(`  first (cold) answer: ${cold.toFixed(0)} ms`);
    const html = await (await fetch(page, { headers: { cookie } })).text();
    const driver = /name="driver"[^>]*>[\s\S]*?<option value="(\d+)"/.exec(html)?.[1];
    const card = `${page}&driver=${driver}`;
    await get(card, cookie, agent);
    const times: Record<string, number[]> = { page: [], card: [], healthz: [] };
    for (let i = 0; i < N; i++) {
      times.page!.push(await get(page, cookie, agent));
      times.card!.push(await get(card, cookie, agent));
      times.healthz!.push(await get(`${app.url}/healthz`, "", agent));
    }
    const fmt = (k: string) =>
      `median ${quantile(times[k]!, 0.5).toFixed(1)} ms, p95 ${quantile(times[k]!, 0.95).toFixed(1)} ms`;
    console.log(`driversafety, 30 days, cached (${N} requests): ${fmt("page")}`);
    console.log(`  with a driver's scorecard and incident map data: ${fmt("card")}`);
    console.log(`  /healthz on the same connection: ${fmt("healthz")}`);
    const p = quantile(times.page!, 0.5);
    console.log(
      `  ${p <= 300 ? "OK" : "OVER"} the 300 ms target (median, ${html.length} bytes of HTML, load ${os.loadavg()[0]!.toFixed(1)})`,
    );
  } catch (e) {
    console.error(logText(app.output()).split("\n").slice(-15).join("\n"));
    throw e;
  } finally {
    await stop();
  }
}

function atScale() {
  let seed = 11;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const DRIVERS = 1000;
  const now = Date.parse("2026-03-31T12:00:00Z");
  const weeks = trendWeeks(now);
  const start = Math.min(now - 60 * DAY, weeks[0]!);
  const span = now - start;
  // 500,000 events in the last 30 days, as many again before (previous period and trend).
  const events = Array.from({ length: 1_000_000 }, (_, i) => ({
    id: `e${i}`,
    time: new Date(
      i < 500_000 ? now - rnd() * 30 * DAY : start + rnd() * (span - 30 * DAY),
    ).toISOString(),
    driver_id: Math.floor(rnd() * DRIVERS),
    behaviour: BEHAVIOURS[Math.floor(rnd() * BEHAVIOURS.length)]!,
  })).sort((a, b) => a.time.localeCompare(b.time));
  const sessions = Array.from({ length: 120_000 }, () => ({
    start: new Date(start + rnd() * span).toISOString(),
    driver_id: Math.floor(rnd() * DRIVERS),
    distance_km: 5 + rnd() * 80,
  }));
  const dismissed = new Set(events.filter((_, i) => i % 97 === 0).map((e) => e.id));
  const names = Array.from({ length: DRIVERS }, (_, i) => `Driver ${i}`);
  type Figures = typeof periodFigures;
  type Range = { events: typeof events; sessions: typeof sessions };
  const page = (range: Range, figures: Figures, withTrend: boolean) => {
    const s = DEFAULT_SCORE_SETTINGS;
    const { events, sessions } = range;
    const cur = figures(events, sessions, now - 30 * DAY, now, s, dismissed);
    const prev = figures(events, sessions, now - 60 * DAY, now - 30 * DAY, s, dismissed);
    // The trend's closed weeks are stored once per settings version: computed on the first
    // request of a new week or version only.
    const trend = withTrend
      ? weeks.map((w) => figures(events, sessions, w, w + 7 * DAY, s, dismissed).fleet)
      : [];
    const leaders = names
      .map((name, id) => {
        const x = cur.scores.get(id);
        return { name, score: x?.status === "scored" ? x.score : null, n: x?.incidents ?? 0 };
      })
      .sort((a, b) => (a.score ?? 101) - (b.score ?? 101) || a.name.localeCompare(b.name))
      .slice(0, LEADER_ROWS);
    const newest = slice(events, (e) => e.time, now - 30 * DAY, now)
      .slice(-25)
      .reverse();
    return { cur: cur.fleet, prev: prev.fleet, trend, leaders: leaders.length, newest };
  };
  const cached: Range = { events, sessions };
  const timed = (fn: () => ReturnType<typeof page>) => {
    const t = performance.now();
    const out = fn();
    return { ms: performance.now() - t, out };
  };
  const best = (fn: () => ReturnType<typeof page>) => {
    let min = Infinity;
    let out: ReturnType<typeof page> | null = null;
    for (let r = 0; r < 3; r++) {
      const x = timed(fn);
      min = Math.min(min, x.ms);
      out = x.out;
    }
    return { ms: min, out: out! };
  };
  // The first request of a freshly read range (every 60 s per company): its times parsed and its
  // per-driver daily totals tallied. Then what every other request computes.
  const fresh = timed(() => page(cached, periodFigures, false));
  const steady = best(() => page(cached, periodFigures, false));
  const firstOfWeek = best(() => page(cached, periodFigures, true));
  const byEvents = best(() => page(cached, periodFiguresByEvents, false));
  const byEventsWeek = best(() => page(cached, periodFiguresByEvents, true));
  if (steady.out.cur !== byEvents.out.cur && Math.abs(steady.out.cur! - byEvents.out.cur!) > 1e-9)
    throw new Error("the daily totals and the events give different fleet scores");
  console.log(
    `driversafety figures for ${DRIVERS} drivers, 500,000 events in 30 days (1,000,000 in the cached range), ` +
      `load ${os.loadavg()[0]!.toFixed(1)}:\n` +
      `  from daily totals: ${steady.ms.toFixed(0)} ms (fleet ${steady.out.cur!.toFixed(1)}, previous ${steady.out.prev!.toFixed(1)}) ` +
      `${steady.ms <= 300 ? "OK" : "OVER"} the 300 ms target; ${firstOfWeek.ms.toFixed(0)} ms on the first request of a week ` +
      `(8 trend weeks computed and stored); ${fresh.ms.toFixed(0)} ms on the first request of a freshly read range (times parsed, days tallied)\n` +
      `  re-tallying every event instead: ${byEvents.ms.toFixed(0)} ms (×${(byEvents.ms / steady.ms).toFixed(1)}); ` +
      `${byEventsWeek.ms.toFixed(0)} ms on the first request of a week (×${(byEventsWeek.ms / firstOfWeek.ms).toFixed(1)})`,
  );
}

export default async function run() {
  const part = process.env.BENCH_PART;
  if (part !== "scale") await realServer();
  if (part !== "server") atScale();
}
