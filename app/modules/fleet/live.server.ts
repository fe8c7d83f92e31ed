/**
 * In-process fan-out of device changes to this process's live streams (`/api/live`). Changes reach
 * it from the database's change log (live-feed.server.ts: every process reads what any process
 * wrote); each subscriber's pending changes are merged per device and flushed at most once per
 * `flushMs`, so a burst of fixes never floods a browser. A subscriber has a cursor, the last change
 * (LiveChange.seq) merged into what it was sent: the stream's event id, to resume from.
 * A process-wide singleton so subscribers survive `remix dev` loading a fresh build on each change.
 */
import { singleton } from "~/services/singleton.server";

export type DeviceChange = { imei: string } & Record<string, unknown>;
/** A merged batch, and the id of the last change in it (null for changes without a sequence). */
export type Listener = (batch: DeviceChange[], id: string | null) => void;

export type Subscriber = {
  companyId: number;
  listener: Listener;
  pending: Map<string, DeviceChange>;
  timer: NodeJS.Timeout | null;
  flushMs: number;
  /** The last change merged for it; null until it knows where it starts. */
  cursor: bigint | null;
  /** False while it catches up (live-feed.server.ts): shared deliveries wait for it. */
  ready: boolean;
  /** Run (again) until it is ready: where to start, what it missed. */
  init?: () => Promise<void>;
};
type Hub = { subscribers: Set<Subscriber> };

const hub = (): Hub => singleton("liveHub", (): Hub => ({ subscribers: new Set() }));

/** Merges `change` into the pending change of the same device (later values win). */
export function mergeChange(pending: Map<string, DeviceChange>, change: DeviceChange) {
  const prev = pending.get(change.imei);
  pending.set(change.imei, prev ? { ...prev, ...change } : { ...change });
}

/** The fields of `next` that differ from `prev` (with the imei), or null when nothing changed. */
export function diffFields<T extends Record<string, unknown>>(
  imei: string,
  prev: T | undefined,
  next: T,
): DeviceChange | null {
  const out: DeviceChange = { imei };
  let changed = false;
  for (const [k, v] of Object.entries(next)) {
    if (prev && same(prev[k], v)) continue;
    out[k] = v;
    changed = true;
  }
  return changed ? out : null;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a === "object" && typeof b === "object" && a && b)
    return JSON.stringify(a) === JSON.stringify(b);
  return false;
}

function flush(s: Subscriber) {
  s.timer = null;
  if (!s.pending.size) return;
  const batch = [...s.pending.values()];
  s.pending.clear();
  try {
    s.listener(batch, s.cursor === null ? null : String(s.cursor));
  } catch {
    // A broken stream must not stop the others; its own close handler unsubscribes it.
  }
}

/** Subscribes to one company's changes; returns the unsubscribe function. */
export function subscribe(companyId: number, listener: Listener, flushMs = 1000): () => void {
  return addSubscriber(companyId, listener, flushMs, true).unsubscribe;
}

/** A subscriber that may start not ready (it catches up first); `unsubscribe` removes it. */
export function addSubscriber(
  companyId: number,
  listener: Listener,
  flushMs: number,
  ready: boolean,
) {
  const sub: Subscriber = {
    companyId,
    listener,
    pending: new Map(),
    timer: null,
    flushMs,
    cursor: null,
    ready,
  };
  const h = hub();
  h.subscribers.add(sub);
  const unsubscribe = () => {
    if (!h.subscribers.delete(sub)) return;
    if (sub.timer) clearTimeout(sub.timer);
  };
  return { sub, unsubscribe };
}

/**
 * Merges changes into one subscriber's pending batch. With a sequence number, a change it already
 * has (seq at or below its cursor) is skipped and the cursor moves on.
 */
export function deliver(s: Subscriber, changes: DeviceChange[], seq?: bigint) {
  if (seq !== undefined) {
    if (s.cursor !== null && seq <= s.cursor) return;
    s.cursor = seq;
  }
  for (const c of changes) mergeChange(s.pending, c);
  s.timer ??= setTimeout(() => flush(s), s.flushMs);
}

/** Sends a subscriber's pending batch now (a catch-up, before the stream says where it stands). */
export function flushNow(s: Subscriber) {
  if (s.timer) clearTimeout(s.timer);
  flush(s);
}

/** Publishes changes (only changed fields) to every ready subscriber of the company. */
export function publish(companyId: number, changes: DeviceChange[], seq?: bigint) {
  if (!changes.length) return;
  for (const s of hub().subscribers)
    if (s.companyId === companyId && s.ready) deliver(s, changes, seq);
}

/** The company's subscribers in this process. */
export function subscribersOf(companyId: number): Subscriber[] {
  return [...hub().subscribers].filter((s) => s.companyId === companyId);
}

/** Companies with at least one live subscriber. */
export function activeCompanies(): Set<number> {
  return new Set([...hub().subscribers].map((s) => s.companyId));
}

export function subscriberCount(companyId?: number): number {
  return [...hub().subscribers].filter((s) => companyId === undefined || s.companyId === companyId)
    .length;
}
