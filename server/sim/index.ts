/**
 * The upstream GPS API simulator: a stand-in for the foreign system the product talks to
 * (SPEC §7). It imports nothing from the product. See README.md beside this file.
 */
import { createAuth } from "./auth";
import { NO_FAULTS, type Faults, type SimState } from "./kit";
import { mergeFaults } from "./api-sim";
import { lastFix } from "./movement";
import { createSimServer } from "./server";
import { createOverlay } from "./trips";
import { buildWorld, type World } from "./world";

export type { Faults } from "./kit";
export type { World, Device, User, Company } from "./world";
export { TOKEN_TTL_S } from "./auth";

export type SimOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  seed?: number;
  /** Devices of the big ordinary company (id 1); default 24. Benchmarks use 10000. */
  devices?: number;
  faults?: Partial<Faults>;
  /** Milliseconds since the epoch; default Date.now. Tests pass their own to control time. */
  clock?: () => number;
  /** Device lists and positions are cached for this long (ms); default 1000. */
  tickMs?: number;
};

export type Simulator = {
  url: string;
  port: number;
  world: World;
  setFaults(f: Partial<Faults>): void;
  close(): Promise<void>;
};

function envNumber(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v === "") return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${v}"`);
  return n;
}

export async function startSimulator(opts: SimOptions = {}): Promise<Simulator> {
  const clock = opts.clock ?? Date.now;
  const seed = opts.seed ?? envNumber("SIM_SEED") ?? 42;
  const devices = opts.devices ?? envNumber("SIM_DEVICES") ?? 24;
  const world = buildWorld({ seed, devices: Math.max(0, Math.floor(devices)), createdAt: clock() });
  const envFaults: Partial<Faults> = {
    latencyMs: envNumber("SIM_LATENCY_MS"),
    errorRate: envNumber("SIM_ERROR_RATE"),
    timeoutRate: envNumber("SIM_TIMEOUT_RATE"),
  };
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  const state: SimState = {
    world,
    auth: createAuth(world, clock),
    overlay: createOverlay(),
    clock,
    tickMs: opts.tickMs ?? 1000,
    version: 0,
    faults: mergeFaults(mergeFaults(NO_FAULTS, defined(envFaults)), opts.faults ?? {}),
    pushSubscriptions: [],
    formSubmissions: [],
    cache: new Map(),
  };
  // Warm the per-device caches (28-day odometer cycle, today's plan) before the first request,
  // so a 10k-device list answers fast from the start.
  const now = clock();
  for (const d of world.devices) lastFix(world, d, now);

  const sim = createSimServer(state);
  const addr = await sim.listen(opts.port ?? 0, opts.host ?? "127.0.0.1");
  const host = addr.address.includes(":") ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    port: addr.port,
    world,
    setFaults: (f) => {
      state.faults = mergeFaults(state.faults, f);
    },
    close: () => sim.close(),
  };
}
