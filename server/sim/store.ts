/**
 * Durability of a simulator with a data directory, in `<dataDir>/sim/`:
 * - `meta.json`: what rebuilds the same seeded world (seed, devices, the world's creation time)
 *   and the token signing key; written once, when the directory is first used.
 * - `journal.ndjson`: every accepted write since the last snapshot (journal.ts).
 * - `snapshot.json`: the persisted part of the state (everything but kit.ts RUNTIME_KEYS) and the
 *   sequence number of the last write it includes; written when the journal grows past a limit.
 * Start = seeded world, then the snapshot over it, then the journal's later writes replayed
 * through their handlers at their recorded times.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Journal, readJournal, type Entry, type JournalProblem } from "./journal";
import { RUNTIME_KEYS, type SimState } from "./kit";
import type { WriteSink } from "./server";
import { decode, encode, readJson, syncDir, writeAtomic } from "./snapshot";

export type Meta = { format: 1; seed: number; devices: number; createdAt: number; key: string };
type SnapshotFile = { format: 1; seq: number; state: Parameters<typeof decode>[0] };

export type CompactLimits = { records: number; bytes: number };

/** Where the simulator reports what it lost (npm start: the app's JSON log; alone: stderr). */
export type SimLog = (level: "warn" | "error", message: string, fields?: object) => void;
const stderrLog: SimLog = (_level, message) => console.error(`[sim] ${message}`);

/** What a start rebuilt, and the records of the journal it could not (each one logged). */
export type StartReport = {
  replayed: number;
  refused: number;
  dropped: number;
  snapshotSeq: number;
  /** Records dropped or refused: writes answered once that this start does not have. */
  lost: number;
  problems: JournalProblem[];
  /** The journal as it was found, kept when anything in it was lost. */
  damagedCopy: string | null;
};
export const DEFAULT_COMPACT: CompactLimits = { records: 5000, bytes: 8 * 1024 * 1024 };

/** The directory under a data directory where the simulator keeps its files. */
export const simDir = (dataDir: string) => path.join(path.resolve(dataDir), "sim");

const isPlain = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype;

/** The state minus its runtime parts: what a snapshot holds and a property test compares. */
export function persistentOf(state: SimState): Record<string, unknown> {
  const skip = new Set<string>(RUNTIME_KEYS);
  return Object.fromEntries(Object.entries(state).filter(([k]) => !skip.has(k)));
}

/** The persisted state as plain JSON (refs, Maps and Sets tagged), for comparisons in tests. */
export const persistedJson = (state: SimState) => encode(persistentOf(state));

export type Store = ReturnType<typeof openStore>;

/**
 * Opens (or creates) the simulator's files under `dataDir`. `requested` holds the seed and device
 * count asked for explicitly (options or environment); a directory made for another world is an
 * error rather than a silently different world.
 */
export function openStore(
  dataDir: string,
  requested: { seed?: number; devices?: number },
  defaults: { seed: number; devices: number; createdAt: number },
  limits: CompactLimits = DEFAULT_COMPACT,
  log: SimLog = stderrLog,
) {
  const dir = simDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(dir)) if (f.includes(".tmp-")) fs.rmSync(path.join(dir, f));
  const metaFile = path.join(dir, "meta.json");
  const snapFile = path.join(dir, "snapshot.json");
  const journalFile = path.join(dir, "journal.ndjson");

  let meta = readJson<Meta>(metaFile);
  if (!meta) {
    meta = { format: 1, ...defaults, key: randomBytes(32).toString("hex") };
    writeAtomic(metaFile, JSON.stringify(meta, null, 2) + "\n");
  }
  for (const k of ["seed", "devices"] as const) {
    const want = requested[k];
    if (want !== undefined && want !== meta[k])
      throw new Error(
        `The simulator's data in ${dir} was made with ${k} ${meta[k]}, not ${want}: ` +
          "use another data directory, or reset it with npm run sim:reset",
      );
  }
  const snapshot = readJson<SnapshotFile>(snapFile);
  const read = readJournal(journalFile);
  // The journal as found, before the torn tail is cut off or a record is left out: kept beside it.
  let damagedCopy: string | null = null;
  const keepCopy = () => {
    if (damagedCopy) return;
    damagedCopy = path.join(
      dir,
      `journal.damaged-${new Date().toISOString().replace(/[:.]/g, "-")}`,
    );
    fs.copyFileSync(journalFile, damagedCopy);
    syncDir(dir);
  };
  if (read.problems.length) keepCopy();
  let seq = Math.max(snapshot?.seq ?? 0, ...read.entries.map((e) => e.n));
  const journal = new Journal(journalFile, read.bytes, read.entries.length);
  syncDir(dir);
  let compactions = 0;

  /** Rebuilds the state the files describe; call before the server answers anything. */
  async function restore(state: SimState, replay: (s: SimState, e: Entry) => Promise<number>) {
    if (snapshot) {
      const saved = decode(snapshot.state) as Record<string, unknown>;
      const target = state as unknown as Record<string, unknown>;
      // Plain objects are merged, so a field a newer simulator adds keeps its seeded value.
      for (const [k, v] of Object.entries(saved)) {
        if (isPlain(target[k]) && isPlain(v)) Object.assign(target[k], v);
        else target[k] = v;
      }
    }
    const live = state.clock;
    let replayed = 0;
    const problems = [...read.problems];
    try {
      for (const e of read.entries) {
        if (snapshot && e.n <= snapshot.seq) continue;
        state.clock = () => e.t;
        const status = await replay(state, e);
        if (status >= 200 && status < 300) replayed++;
        else
          problems.push({
            line: 0,
            n: e.n,
            route: `${e.m} ${e.p}`,
            reason: `answered ${status} on replay`,
          });
      }
    } finally {
      state.clock = live;
    }
    state.cache.clear();
    state.version++;
    const refused = problems.length - read.problems.length;
    if (problems.length) keepCopy();
    for (const p of problems)
      log(
        "warn",
        `journal record ${p.n ?? "?"} (${p.route ?? "route unreadable"}) lost: ${p.reason}`,
        {
          record: p.n,
          route: p.route,
          line: p.line || undefined,
          reason: p.reason,
        },
      );
    if (problems.length)
      log(
        "error",
        `the simulator lost ${problems.length} journal record(s) at start; the journal as found is kept in ${damagedCopy}`,
        { lost: problems.length, copy: damagedCopy },
      );
    const report: StartReport = {
      replayed,
      refused,
      dropped: read.dropped,
      snapshotSeq: snapshot?.seq ?? 0,
      lost: problems.length,
      problems,
      damagedCopy,
    };
    return report;
  }

  function compact(state: SimState) {
    const file: SnapshotFile = { format: 1, seq, state: encode(persistentOf(state)) };
    writeAtomic(snapFile, JSON.stringify(file));
    // A crash here leaves the old journal beside the new snapshot; its records are <= seq, skipped.
    journal.clear();
    compactions++;
  }

  /** The HTTP layer's sink: records are numbered here, compaction runs after the answer. */
  function sink(state: SimState): WriteSink {
    return {
      record(entry) {
        journal.append({ n: seq + 1, ...entry });
        seq++;
      },
      afterWrite() {
        if (journal.records >= limits.records || journal.bytes >= limits.bytes) {
          try {
            compact(state);
          } catch (err) {
            // The journal still holds every write; compaction is retried after the next one.
            console.error("[sim] snapshot failed", err);
          }
        }
      },
    };
  }

  return {
    dir,
    meta,
    restore,
    sink,
    compact,
    get compactions() {
      return compactions;
    },
    close: () => journal.close(),
  };
}
