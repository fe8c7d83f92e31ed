import crypto from "node:crypto";
import fs from "node:fs/promises";
import { spawn } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { startAppProcess, type AppProcess } from "../support/app-process";
import { signIn, startSimulatorProcess } from "./support";

/**
 * Issue 16 load figures (`npm run bench -- load`): with 10,000 devices, req/s and p50/p99 at 10, 50
 * and 100 connections for the assets page, the logbook page, /api/map-data and /login, for one
 * process and for two processes on one PostgreSQL behind a local round-robin proxy, in one run.
 * The production build (`npm run build` first), the simulator in its own process. Goals: assets
 * ≥ 100 req/s at 50 connections with p99 ≤ 1 s, /login ≥ 300 req/s, nothing waiting over 2 s (503
 * instead), two processes ≥ 1.6× one where the CPU allows.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = [10, 50, 100];
// BENCH_TARGETS=/dashboard/assets and BENCH_PROCESSES=1 narrow a run down while working on one page.
const TARGETS = (
  process.env.BENCH_TARGETS ?? "/dashboard/assets,/dashboard/logbook,/api/map-data,/login"
).split(",");
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);

type Row = {
  target: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
};

/** The round-robin proxy (round-robin.ts) in a process of its own. */
function roundRobin(backends: string[]): Promise<{ url: string; close: () => void }> {
  const child = spawn(
    path.resolve("node_modules/.bin/tsx"),
    ["tests/bench/round-robin.ts", ...backends],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      if (url) resolve({ url, close: () => child.kill("SIGTERM") });
    });
    child.once("exit", (code) => reject(new Error(`the proxy exited with ${code}: ${out}`)));
  });
}

async function measure(base: string, cookie: string, label: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const target of TARGETS) {
    for (const connections of CONNECTIONS) {
      const headers: Record<string, string> = { "accept-encoding": "gzip" };
      if (target !== "/login") headers.cookie = cookie;
      const r = await autocannon({
        url: `${base}${target}`,
        connections,
        duration: SECONDS,
        headers,
      });
      const row = {
        target,
        connections,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      };
      rows.push(row);
      console.log(
        `${label.padEnd(14)} ${target.padEnd(20)} c=${String(connections).padStart(3)}  ${String(row.rps).padStart(5)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  max ${row.max} ms  non-2xx ${row.non2xx}  errors ${row.errors}`,
      );
    }
  }
  return rows;
}

/**
 * Waits until the first sync has filled the cache with every device (the assets list counts them)
 * and each target answers 200 a few times in a row, so the figures are of the steady state.
 */
async function warmUp(base: string, cookie: string) {
  const deadline = Date.now() + 300_000;
  const data = `${base}/dashboard/assets?_data=${encodeURIComponent("routes/dashboard.assets._index")}`;
  for (;;) {
    const res = await fetch(data, { headers: { cookie } }).catch(() => null);
    const body = res?.ok ? ((await res.json()) as { matched?: number }) : null;
    if ((body?.matched ?? 0) >= DEVICES) break;
    if (Date.now() > deadline) throw new Error(`the cache never held ${DEVICES} devices`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  for (const t of TARGETS)
    for (let ok = 0, tries = 0; ok < 4 && tries < 60; tries++) {
      const res = await fetch(`${base}${t}`, { headers: { cookie }, redirect: "manual" });
      await res.arrayBuffer();
      ok = res.status < 400 ? ok + 1 : 0;
    }
}

export default async function run() {
  const sim = await startSimulatorProcess(DEVICES);
  const shared = {
    NODE_ENV: "production",
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    SMTP_URL: "",
    UPSTREAM_API_URL: sim.url,
    LOG_LEVEL: "warn",
  };
  const dirs = [`.data/bench-load-a-${process.pid}`, `.data/bench-load-b-${process.pid}`];
  const apps: AppProcess[] = [];
  let proxy: { url: string; close: () => void } | undefined;
  try {
    apps.push(
      await startAppProcess(
        { ...shared, DATA_DIR: dirs[0]!, DATABASE_URL: "" },
        { timeoutMs: 180_000 },
      ),
    );
    const cookie = await signIn(apps[0]!.url);
    await warmUp(apps[0]!.url, cookie);
    const one = await measure(apps[0]!.url, cookie, "one process");
    if (PROCESSES < 2) return;

    apps.push(
      await startAppProcess(
        { ...shared, DATA_DIR: dirs[1]!, DATABASE_URL: apps[0]!.databaseUrl },
        { timeoutMs: 180_000 },
      ),
    );
    proxy = await roundRobin(apps.map((a) => a.url));
    await warmUp(proxy.url, cookie);
    const two = await measure(proxy.url, cookie, "two + proxy");

    console.log("\nratio two processes / one (req/s):");
    for (const [i, a] of one.entries()) {
      const b = two[i]!;
      console.log(
        `  ${a.target.padEnd(20)} c=${String(a.connections).padStart(3)}  ${(b.rps / Math.max(1, a.rps)).toFixed(2)}×`,
      );
    }
  } finally {
    proxy?.close();
    for (const app of apps.reverse()) await app.stop();
    sim.stop();
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  }
}
