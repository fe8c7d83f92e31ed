/**
 * A company's devices as views sorted by nickname, kept per process: with 10,000 devices, reading,
 * converting and sorting every row took most of a list page's time, on every request. An entry
 * is used while the cache's version is the same (a write in this process bumps it; another
 * process's change arrives through NOTIFY) and for at most AGE_MS, so statuses that age with the
 * clock are never more than a few seconds old.
 */
import { byNickname } from "~/lib/text-order";
import { singleton } from "~/services/singleton.server";
import {
  cacheVersion,
  readRows,
  statusThresholds,
  toView,
  type DeviceView,
} from "./devices.server";
import { ensureLiveChannel, remoteVersion } from "./live-feed.server";

const AGE_MS = 5_000;

type Entry = {
  version: string;
  builtAt: number;
  views: DeviceView[];
  /** What pages derive from every view (list items, counts, menus), once per entry. */
  derived: Map<unknown, unknown>;
};
type Slot = { ready?: Entry; building?: { version: string; promise: Promise<Entry> } };
const slots = () => singleton("deviceViewSlots", () => new Map<number, Slot>());

const versionOf = (companyId: number) => `${cacheVersion(companyId)}|${remoteVersion(companyId)}`;

async function build(companyId: number, version: string): Promise<Entry> {
  const now = Date.now();
  const t = statusThresholds();
  const views = (await readRows(companyId)).map((r) => toView(r, now, t)).sort(byNickname);
  return { version, builtAt: now, views, derived: new Map() };
}

/** The company's views (a fresh array each call: callers may filter or sort it). */
export async function companyViews(companyId: number): Promise<DeviceView[]> {
  return (await companyEntry(companyId)).views.slice();
}

/**
 * `derive` over the company's views, computed once per entry and shared by every request until
 * the views change: with 10,000 devices, walking them on each page view was a large part of its
 * cost. `derive` must not change the array; it is told apart by its identity, so pass a
 * module-level function.
 */
export async function companyDerived<T>(
  companyId: number,
  derive: (views: readonly DeviceView[]) => T,
): Promise<T> {
  const entry = await companyEntry(companyId);
  if (!entry.derived.has(derive)) entry.derived.set(derive, derive(entry.views));
  return entry.derived.get(derive) as T;
}

async function companyEntry(companyId: number): Promise<Entry> {
  ensureLiveChannel();
  let slot = slots().get(companyId);
  if (!slot) slots().set(companyId, (slot = {}));
  const version = versionOf(companyId);
  const e = slot.ready;
  if (e && e.version === version && Date.now() - e.builtAt < AGE_MS) return e;
  // Concurrent requests share one build of the same version.
  if (slot.building?.version !== version) {
    const building = {
      version,
      promise: build(companyId, version).then((entry) => {
        if (!slot.ready || slot.ready.builtAt <= entry.builtAt) slot.ready = entry;
        return entry;
      }),
    };
    slot.building = building;
    void building.promise.then(
      () => slot.building === building && (slot.building = undefined),
      () => slot.building === building && (slot.building = undefined),
    );
  }
  return slot.building!.promise;
}
