/**
 * Device changes across processes. Whoever changes a company's device cache (the company's one
 * poller, or a management write on any process) appends the changed fields to the LiveChange log
 * and announces its sequence number with NOTIFY; every process LISTENs (one connection per process,
 * pg-listen.server.ts), reads the rows after its streams' cursors and hands them to its subscribers
 * (live.server.ts). A stream resumes from the id of the last batch it sent (`Last-Event-ID`), so a
 * reconnect loses nothing; one that would resume across pruned rows is told to `resync`.
 */
import crypto from "node:crypto";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { getEnv } from "~/services/env.server";
import { listen, readyWithin, type Listening } from "~/services/pg-listen.server";
import { singleton } from "~/services/singleton.server";
import {
  activeCompanies,
  addSubscriber,
  deliver,
  flushNow,
  publish,
  subscribersOf,
  type DeviceChange,
  type Listener,
  type Subscriber,
} from "./live.server";

const CHANNEL = "tracksmith_live";
/** pg_advisory_xact_lock(ORDER_LOCK, company): a company's changes commit in sequence order. */
const ORDER_LOCK = 0x7475;
/** Rows older than this are pruned (the newest of each company is kept). */
export const LIVE_RETENTION_MINUTES = 30;
const PAGE = 500;

type Feed = {
  /** This process, so it can tell its own announcements from others'. */
  tag: string;
  listening?: Listening;
  /** Changes other processes announced, per company, and reconnects: for cached derived data. */
  remote: Map<number, number>;
  epoch: number;
  queues: Map<number, Promise<void>>;
  scheduled: Set<number>;
};
const feed = () =>
  singleton("liveFeed", (): Feed => ({
    tag: crypto.randomUUID(),
    remote: new Map(),
    epoch: 0,
    queues: new Map(),
    scheduled: new Set(),
  }));

/** Appends a company's changes to the log and announces them; returns their sequence number. */
export async function recordChanges(
  companyId: number,
  changes: DeviceChange[],
): Promise<bigint | null> {
  if (!changes.length) return null;
  return prisma.$transaction(async (tx) => {
    // Held to commit: a reader that sees seq n of the company has seen every one before it.
    await tx.$executeRaw`select pg_advisory_xact_lock(${ORDER_LOCK}::int, ${companyId}::int)`;
    const [row] = await tx.$queryRaw<{ seq: bigint }[]>`
      insert into "LiveChange" ("companyId", "prev", "changes")
      select ${companyId}::int, coalesce(max(seq), 0), ${JSON.stringify(changes)}::jsonb
      from "LiveChange" where "companyId" = ${companyId}::int
      returning seq`;
    const note = JSON.stringify({ c: companyId, s: String(row!.seq), p: feed().tag });
    await tx.$executeRaw`select pg_notify(${CHANNEL}, ${note})`;
    return row!.seq;
  });
}

/** Prunes rows older than the retention, keeping each company's newest (resume detects a gap). */
export async function pruneLiveChanges(minutes = LIVE_RETENTION_MINUTES): Promise<number> {
  return prisma.$executeRaw`
    delete from "LiveChange" l
    where l."at" < now() - make_interval(mins => ${minutes}::int)
      and l.seq < (select max(m.seq) from "LiveChange" m where m."companyId" = l."companyId")`;
}

async function currentSeq(companyId: number): Promise<bigint> {
  const row = await prisma.liveChange.findFirst({
    where: { companyId },
    orderBy: { seq: "desc" },
    select: { seq: true },
  });
  return row?.seq ?? 0n;
}

type Row = { seq: bigint; prev: bigint; changes: DeviceChange[] };

async function* rowsAfter(companyId: number, after: bigint): AsyncGenerator<Row> {
  for (let cursor = after; ;) {
    const rows = await prisma.liveChange.findMany({
      where: { companyId, seq: { gt: cursor } },
      orderBy: { seq: "asc" },
      take: PAGE,
      select: { seq: true, prev: true, changes: true },
    });
    for (const r of rows) yield r as unknown as Row;
    if (rows.length < PAGE) return;
    cursor = rows[rows.length - 1]!.seq;
  }
}

/** One operation at a time per company, in order: a catch-up and a delivery never interleave. */
function enqueue(companyId: number, op: () => Promise<void>): Promise<void> {
  const f = feed();
  const p = (f.queues.get(companyId) ?? Promise.resolve()).then(op);
  const tail = p.catch((e) => logError("live", e));
  f.queues.set(companyId, tail);
  void tail.then(() => f.queues.get(companyId) === tail && f.queues.delete(companyId));
  return p;
}

/** Reads what the company's ready subscribers have not had yet and hands it to them. */
function scheduleFetch(companyId: number) {
  const f = feed();
  if (f.scheduled.has(companyId)) return;
  f.scheduled.add(companyId);
  void enqueue(companyId, async () => {
    f.scheduled.delete(companyId);
    for (const s of subscribersOf(companyId)) if (!s.ready) await s.init?.();
    const subs = subscribersOf(companyId).filter((s) => s.ready && s.cursor !== null);
    if (!subs.length) return;
    const from = subs.reduce((m, s) => (s.cursor! < m ? s.cursor! : m), subs[0]!.cursor!);
    let first = true;
    for await (const r of rowsAfter(companyId, from)) {
      if (first) for (const s of subs) if (r.prev > s.cursor!) s.init = gapped(s);
      first = false;
      publish(companyId, r.changes, r.seq);
    }
    for (const s of subs) if (s.init) await s.init();
  }).catch(() => undefined);
}

type Resync = (id: string) => void;
const resyncs = new WeakMap<Subscriber, Resync>();

/** A subscriber whose changes were pruned before it read them: start again from now. */
function gapped(s: Subscriber) {
  return async () => {
    s.init = undefined;
    s.pending.clear();
    s.cursor = await currentSeq(s.companyId);
    resyncs.get(s)?.(String(s.cursor));
  };
}

/** This process LISTENs to the live channel (idempotent): streams and map caches follow others. */
export function ensureLiveChannel() {
  const f = feed();
  if (f.listening?.alive()) return f.listening;
  f.listening = listen(CHANNEL, {
    notify: (payload) => {
      let m: { c?: unknown; p?: unknown };
      try {
        m = JSON.parse(payload);
      } catch {
        return;
      }
      if (typeof m.c !== "number") return;
      if (m.p !== f.tag) f.remote.set(m.c, (f.remote.get(m.c) ?? 0) + 1);
      if (subscribersOf(m.c).length) scheduleFetch(m.c);
    },
    // Announcements may have been lost: every cache is suspect, every stream catches up.
    resync: () => {
      f.epoch++;
      for (const c of activeCompanies()) scheduleFetch(c);
    },
  });
  return f.listening;
}

/**
 * A version of what other processes changed for the company (or a reconnect of the listener): a
 * cache built from the database is stale when it differs.
 */
export function remoteVersion(companyId: number): string {
  const f = feed();
  return `${f.epoch}:${f.remote.get(companyId) ?? 0}`;
}

export type Follow = { ready: Promise<void>; close(): void };

/**
 * Follows a company's changes: from just after `from` (a previous stream's last event id) or from
 * now. `changes` gets merged batches with the id to resume from; `ready` the id it starts at;
 * `resync` tells the stream it cannot resume (pruned rows): it should load everything again.
 */
export function follow(
  companyId: number,
  on: { changes: Listener; ready?: (id: string) => void; resync?: Resync },
  options: { from?: string | null; flushMs?: number } = {},
): Follow {
  ensureLiveChannel();
  const { sub, unsubscribe } = addSubscriber(companyId, on.changes, options.flushMs ?? 1000, false);
  if (on.resync) resyncs.set(sub, on.resync);
  const from = parseId(options.from);
  let closed = false;
  sub.init = async () => {
    if (closed) return;
    // Listening before reading where it stands: a change after that point is announced to us.
    await readyWithin(ensureLiveChannel(), getEnv().DB_CONNECT_TIMEOUT_MS);
    const now = await currentSeq(companyId);
    if (from === null) sub.cursor = now;
    else if (from > now) {
      // An id this database never gave (another database, a reset): start again.
      sub.cursor = now;
      on.resync?.(String(now));
    } else {
      sub.cursor = from;
      let first = true;
      for await (const r of rowsAfter(companyId, from)) {
        if (first && r.prev > from) {
          sub.cursor = now;
          sub.pending.clear();
          on.resync?.(String(now));
          break;
        }
        first = false;
        deliver(sub, r.changes, r.seq);
      }
    }
    // What it caught up with goes out before `ready` names the id it reaches.
    flushNow(sub);
    sub.init = undefined;
    sub.ready = true;
    on.ready?.(String(sub.cursor));
  };
  // A failure (database away) is logged by enqueue; the next announcement or resync tries again.
  const ready = enqueue(companyId, () => sub.init?.() ?? Promise.resolve()).catch(() => undefined);
  // Whatever was announced while it caught up is read now.
  void ready.then(() => !closed && scheduleFetch(companyId));
  return {
    ready: ready.then(() => undefined),
    close: () => {
      if (closed) return;
      closed = true;
      unsubscribe();
    },
  };
}

function parseId(id: string | null | undefined): bigint | null {
  return id && /^\d{1,18}$/.test(id.trim()) ? BigInt(id.trim()) : null;
}
