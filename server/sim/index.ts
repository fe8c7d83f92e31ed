/**
 * The upstream GPS API simulator: a stand-in for the foreign system the product talks to
 * (SPEC §7). It imports nothing from the product. See README.md beside this file.
 */
import { createAuth, createTokenData, seedKey } from "./auth";
import { NO_FAULTS, type Faults, type SimState } from "./kit";
import path from "node:path";
import { useFilesDir } from "./files";
import { mergeFaults } from "./api-sim";
import { lastFix } from "./fixes";
import { createSimServer, replay } from "./server";
import {
  DEFAULT_COMPACT,
  openStore,
  persistedJson,
  type CompactLimits,
  type SimLog,
  type StartReport,
} from "./store";
import { createOverlay } from "./trips";
import { buildWorld, type World } from "./world";

export type { Faults } from "./kit";
export type { SimLog, StartReport } from "./store";
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
  /**
   * Keeps every accepted write under `<dataDir>/sim` (store.ts) so a restart loses nothing.
   * Unset (tests, benchmarks): the world lives in memory only.
   */
  dataDir?: string;
  /** When the journal is folded into a snapshot; tests lower it. */
  compact?: Partial<CompactLimits>;
  /** Where records the start could not rebuild are reported; default stderr. */
  log?: SimLog;
};

export type Simulator = {
  url: string;
  port: number;
  world: World;
  /** `<dataDir>/sim` when durable. */
  dir: string | null;
  /** What the start rebuilt from the data directory, and what it lost (zeros in memory). */
  restored: StartReport;
  setFaults(f: Partial<Faults>): void;
  /** The persisted part of the state as JSON, for tests that compare two simulators. */
  persisted(): unknown;
  /** Folds the journal into a snapshot now (durable simulators only). */
  compact(): void;
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
  // Read late, so a test clock installed after the start (server/test-clock.ts) moves this one too.
  const clock = opts.clock ?? (() => Date.now());
  const wantSeed = opts.seed ?? envNumber("SIM_SEED");
  const wantDevices = opts.devices ?? envNumber("SIM_DEVICES");
  const fresh = {
    seed: wantSeed ?? 42,
    devices: Math.max(0, Math.floor(wantDevices ?? 24)),
    createdAt: clock(),
  };
  const store = opts.dataDir
    ? openStore(
        opts.dataDir,
        { seed: wantSeed, devices: wantDevices === undefined ? undefined : fresh.devices },
        fresh,
        { ...DEFAULT_COMPACT, ...opts.compact },
        opts.log,
      )
    : null;
  // The world's creation time comes back from the data directory: offline devices and beacon
  // batteries are relative to it, so the same world needs the same instant.
  const { seed, devices, createdAt } = store?.meta ?? fresh;
  const world = buildWorld({ seed, devices, createdAt });
  const envFaults: Partial<Faults> = {
    latencyMs: envNumber("SIM_LATENCY_MS"),
    errorRate: envNumber("SIM_ERROR_RATE"),
    timeoutRate: envNumber("SIM_TIMEOUT_RATE"),
  };
  const defined = <T extends object>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
  const state = {
    world,
    tokens: createTokenData(),
    overlay: createOverlay(),
    clock,
    tickMs: opts.tickMs ?? 1000,
    version: 0,
    faults: mergeFaults(mergeFaults(NO_FAULTS, defined(envFaults)), opts.faults ?? {}),
    pushSubscriptions: [],
    formSubmissions: [],
    cache: new Map(),
  } as Omit<SimState, "auth"> as SimState;
  useFilesDir(state, store ? path.join(store.dir, "files") : null);
  state.auth = createAuth(state, store ? Buffer.from(store.meta.key, "hex") : seedKey(seed));
  const restored = store
    ? await store.restore(state, replay)
    : {
        replayed: 0,
        refused: 0,
        dropped: 0,
        snapshotSeq: 0,
        lost: 0,
        problems: [],
        damagedCopy: null,
      };
  // Warm the per-device caches (28-day odometer cycle, today's plan) before the first request,
  // so a 10k-device list answers fast from the start.
  const now = clock();
  for (const d of world.devices) lastFix(world, d, now);

  const sim = createSimServer(state, store?.sink(state));
  const addr = await sim.listen(opts.port ?? 0, opts.host ?? "127.0.0.1").catch((e) => {
    store?.close();
    throw e;
  });
  const host = addr.address.includes(":") ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    port: addr.port,
    world: state.world,
    dir: store?.dir ?? null,
    restored,
    setFaults: (f) => {
      state.faults = mergeFaults(state.faults, f);
    },
    persisted: () => persistedJson(state),
    compact: () => store?.compact(state),
    close: async () => {
      await sim.close();
      store?.close();
    },
  };
}
