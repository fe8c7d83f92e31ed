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

type Entry = { version: string; builtAt: number; views: DeviceView[] };
type Slot = { ready?: Entry; building?: { version: string; promise: Promise<Entry> } };
const slots = () => singleton("deviceViewSlots", () => new Map<number, Slot>());

const versionOf = (companyId: number) => `${cacheVersion(companyId)}|${remoteVersion(companyId)}`;

async function build(companyId: number, version: string): Promise<Entry> {
  const now = Date.now();
  const t = statusThresholds();
  const views = (await readRows(companyId)).map((r) => toView(r, now, t)).sort(byNickname);
  return { version, builtAt: now, views };
}

/** The company's views (a fresh array each call: callers may filter or sort it). */
export async function companyViews(companyId: number): Promise<DeviceView[]> {
  ensureLiveChannel();
  let slot = slots().get(companyId);
  if (!slot) slots().set(companyId, (slot = {}));
  const version = versionOf(companyId);
  const e = slot.ready;
  if (e && e.version === version && Date.now() - e.builtAt < AGE_MS) return e.views.slice();
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
  return (await slot.building!.promise).views.slice();
}
