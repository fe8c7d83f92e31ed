import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { startAppProcess } from "../support/app-process";

/** Signs in as the demo admin through the login form; returns the session cookie pair. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username: "admin", password: "admin123" }),
  });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

/** The simulator in its own process, as a real upstream would be: its work is not the server's. */
export function startSimulatorProcess(
  devices: number,
): Promise<{ url: string; pid: number; stop: () => void }> {
  const child = spawn(
    path.resolve("node_modules/.bin/tsx"),
    ["server/sim/cli.ts", "--port", "0", "--devices", String(devices)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const url = out.match(/listening on (\S+)/)?.[1];
      if (url) resolve({ url, pid: child.pid!, stop: () => child.kill("SIGTERM") });
    });
    child.once("exit", (code) => reject(new Error(`simulator exited with ${code}: ${out}`)));
  });
}

/**
 * What a page bench measures: the simulator in its own process and the app in production mode
 * (React's production build, Secure cookies, which Chromium accepts on 127.0.0.1) on a data
 * folder of its own; `stop` ends both and removes the folder.
 */
export async function startBenchStack(
  name: string,
  devices: number,
  env: Record<string, string> = {},
) {
  const dataDir = `.data/bench-${name}-${process.pid}`;
  const sim = await startSimulatorProcess(devices);
  const app = await startAppProcess(
    {
      NODE_ENV: "production",
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
      DATA_DIR: dataDir,
      SMTP_URL: "",
      UPSTREAM_API_URL: sim.url,
      DATABASE_URL: "",
      ...env,
    },
    { timeoutMs: 180_000 },
  ).catch((e: unknown) => {
    sim.stop();
    throw e;
  });
  const stop = async () => {
    await app.stop();
    sim.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  return { app, sim, stop };
}

/**
 * CPU time (user + system, ms) used so far by a process and all its descendants, from /proc. On a
 * machine shared with other work, wall times stretch with the load; the CPU a request costs does not.
 */
export function cpuMsOfTree(root: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, "utf8");
      // Fields after the command (which may hold spaces) start at ") ": state ppid … utime stime.
      const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // the process ended while listing
    }
  }
  let ticks = 0;
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) todo.push(child);
  }
  return ticks * (1000 / CLOCK_TICKS);
}

/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
const CLOCK_TICKS = 100;
