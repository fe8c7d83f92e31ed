/**
 * In-process publish/subscribe of device changes, feeding the SSE stream (`/api/live`).
 * A publisher sends only the fields that changed; each subscriber's pending changes are merged
 * per device and flushed at most once per `flushMs`, so a burst of fixes never floods a browser.
 * A process-wide singleton so subscribers survive `remix dev` loading a fresh build on each change.
 */
import { singleton } from "~/services/singleton.server";

export type DeviceChange = { imei: string } & Record<string, unknown>;
export type Listener = (batch: DeviceChange[]) => void;

type Subscriber = {
  companyId: number;
  listener: Listener;
  pending: Map<string, DeviceChange>;
  timer: NodeJS.Timeout | null;
  flushMs: number;
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
    s.listener(batch);
  } catch {
    // A broken stream must not stop the others; its own close handler unsubscribes it.
  }
}

/** Subscribes to one company's changes; returns the unsubscribe function. */
export function subscribe(companyId: number, listener: Listener, flushMs = 1000): () => void {
  const s: Subscriber = { companyId, listener, pending: new Map(), timer: null, flushMs };
  const h = hub();
  h.subscribers.add(s);
  return () => {
    if (!h.subscribers.delete(s)) return;
    if (s.timer) clearTimeout(s.timer);
  };
}

/** Publishes changes (only changed fields) to every subscriber of the company. */
export function publish(companyId: number, changes: DeviceChange[]) {
  if (!changes.length) return;
  for (const s of hub().subscribers) {
    if (s.companyId !== companyId) continue;
    for (const c of changes) mergeChange(s.pending, c);
    s.timer ??= setTimeout(() => flush(s), s.flushMs);
  }
}

/** Companies with at least one live subscriber. */
export function activeCompanies(): Set<number> {
  return new Set([...hub().subscribers].map((s) => s.companyId));
}

export function subscriberCount(companyId?: number): number {
  return [...hub().subscribers].filter((s) => companyId === undefined || s.companyId === companyId)
    .length;
}
