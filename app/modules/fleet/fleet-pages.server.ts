/** Loaders of the fleet list pages (fleet table, offline devices, geofences, inputs): the cache, filtered per page. */
import { addressesFor, levelOf } from "./addresses.server";
import type { ModuleContext } from "~/services/guard.server";
import { parseGeofenceGps } from "./devices.server";
import { listDevices } from "./devices-read.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { getEnv } from "~/services/env.server";
import { byNickname, compareText } from "~/lib/text-order";
import { pageRows, parsePage, parseTableSort, sortRows } from "~/lib/table-query";
import { STATUSES } from "./device-status";
import { filterDevices, matchesSearch, parseFilters } from "./device-filter";
import { settingsFromCookieHeader } from "~/lib/settings";

/** Silent longer than this: listed on devices-offline (default 24 h, DEVICES_OFFLINE_AFTER_HOURS). */
export function offlineAfterMs() {
  return getEnv().DEVICES_OFFLINE_AFTER_HOURS * 3_600_000;
}

export const FLEET_SORTS = ["vehicle", "status", "speed", "driver", "lastContact"] as const;
export const FLEET_PAGE_SIZE = 100;

/** The fleet table's rows: the cache, filtered (shared with the map's list), sorted, one page or all. */
export async function fleetTable(ctx: ModuleContext, request: Request, { all = false } = {}) {
  const { auth } = ctx;
  const url = new URL(request.url);
  const { devices, sync } = await listDevices(auth);
  const settings = settingsFromCookieHeader(request.headers.get("cookie"));
  const filters = parseFilters(url.searchParams);
  const sort = parseTableSort(url.searchParams, FLEET_SORTS, { by: "vehicle", dir: "asc" });
  const matched = filterDevices(
    devices.map((d) => ({
      ...d,
      groupIds: d.groups.map((g) => g.id),
      tagIds: d.tags.map((t) => t.id),
    })),
    filters,
  );
  const sorted = sortRows(
    matched,
    sort,
    {
      vehicle: (d) => d.nickname,
      status: (d) => STATUSES.indexOf(d.status),
      // An offline vehicle's last speed is history, not its speed.
      speed: (d) => (d.status === "offline" ? null : d.speed),
      driver: (d) => d.permdriver,
      // Never heard from counts as the longest silence, not as unknown.
      lastContact: (d) => d.silentMs ?? Infinity,
    },
    byNickname,
  );
  const { rows, paging } = all
    ? { rows: sorted, paging: null }
    : pageRows(sorted, parsePage(url.searchParams), FLEET_PAGE_SIZE);
  const addresses = await lastAddresses(auth, rows, request, all);
  const groups = new Map<number, string>();
  const tags = new Map<number, string>();
  for (const d of devices) {
    for (const g of d.groups) groups.set(g.id, g.nickname);
    for (const t of d.tags) tags.set(t.id, t.name);
  }
  return {
    sync,
    sort,
    paging,
    filters,
    measurement: settings.measurement,
    timeZone: await companyTimeZone(auth),
    groups: [...groups].sort((a, b) => compareText(a[1], b[1])),
    tags: [...tags].sort((a, b) => compareText(a[1], b[1])),
    rows: rows.map((d, i) => ({
      imei: d.imei,
      nickname: d.nickname,
      avatar: d.avatar,
      status: d.status,
      outdated: d.outdated,
      lastContactAt: d.lastContactAt,
      silentMs: d.silentMs,
      speed: d.status === "offline" ? null : d.speed,
      ignition: d.status === "offline" ? null : d.ignition,
      permdriver: d.permdriver,
      deviceTypeId: d.deviceTypeId,
      groups: d.groups.map((g) => g.nickname),
      address: addresses[i] ?? null,
    })),
  };
}

/** Devices silent longer than the threshold, longest silence first; searchable, as a page or CSV. */
export async function offlineDevices(ctx: ModuleContext, request: Request, { all = false } = {}) {
  const { auth } = ctx;
  const url = new URL(request.url);
  const { devices, sync } = await listDevices(auth);
  const after = offlineAfterMs();
  const q = parseFilters(url.searchParams).q;
  const silent = devices
    .filter((d) => d.silentMs === null || d.silentMs > after)
    .sort(
      (a, b) =>
        (b.silentMs ?? Infinity) - (a.silentMs ?? Infinity) || compareText(a.nickname, b.nickname),
    );
  const matched = silent.filter((d) => matchesSearch(d, q));
  const addresses = await lastAddresses(auth, matched, request, all);
  return {
    sync,
    q,
    total: silent.length,
    afterHours: after / 3_600_000,
    timeZone: await companyTimeZone(auth),
    rows: matched.map((d, i) => ({
      imei: d.imei,
      nickname: d.nickname,
      lastContactAt: d.lastContactAt,
      silentMs: d.silentMs,
      battery: d.battery,
      address: addresses[i] ?? null,
    })),
  };
}

/**
 * The address of each device's last position (null without one, or not known yet), at the level
 * the user chose: briefly for a page, longer for a file someone will keep.
 */
async function lastAddresses(
  auth: ModuleContext["auth"],
  devices: { lat: number | null; lng: number | null }[],
  request: Request,
  /** For a file someone will keep: wait longer for addresses not cached yet. */
  file: boolean,
): Promise<(string | null)[]> {
  const { accurateAddress } = settingsFromCookieHeader(request.headers.get("cookie"));
  const points = devices.map((d) => ({ lat: d.lat ?? 0, lng: d.lng ?? 0 }));
  const found = await addressesFor(auth, points, levelOf(accurateAddress), {
    budgetMs: file ? 3000 : 400,
  }).catch(() => points.map(() => null));
  return devices.map((d, i) => (d.lat === null || d.lng === null ? null : (found[i] ?? null)));
}

export const FENCE_STATES = ["inside", "outside", "unknown"] as const;
type FenceState = (typeof FENCE_STATES)[number];
const fenceState = (inside: boolean | null): FenceState =>
  inside === null ? "unknown" : inside ? "inside" : "outside";

/** Devices with a geofence: searchable, filtered by where the device is now, as a page or CSV. */
export async function geofenceList(ctx: ModuleContext, request: Request, { all = false } = {}) {
  const { auth } = ctx;
  const url = new URL(request.url);
  const { accurateAddress, measurement } = settingsFromCookieHeader(request.headers.get("cookie"));
  const { devices, sync } = await listDevices(auth);
  const q = parseFilters(url.searchParams).q;
  const state = FENCE_STATES.find((s) => s === url.searchParams.get("state")) ?? null;
  const fenced = devices.flatMap((d) => {
    const c = parseGeofenceGps(d.geofenceGps);
    return c && d.geofenceMeters
      ? [
          {
            imei: d.imei,
            nickname: d.nickname,
            lat: c.lat,
            lng: c.lng,
            meters: d.geofenceMeters,
            inside: insideFence(d.lat, d.lng, c, d.geofenceMeters),
          },
        ]
      : [];
  });
  const rows = fenced.filter(
    (r) => matchesSearch(r, q) && (state === null || fenceState(r.inside) === state),
  );
  // The centre by its address (street or suburb level, as the user chose), the coordinates until known.
  const addresses = await addressesFor(auth, rows, levelOf(accurateAddress), {
    budgetMs: all ? 3000 : 800,
  }).catch(() => rows.map(() => null));
  return {
    sync,
    q,
    state,
    total: fenced.length,
    measurement,
    timeZone: await companyTimeZone(auth),
    rows: rows.map((r, i) => ({ ...r, address: addresses[i] ?? null })),
    devicesWithout: devices.length - fenced.length,
  };
}

/** Haversine distance check: is the device's last position within the circle? */
export function insideFence(
  lat: number | null,
  lng: number | null,
  c: { lat: number; lng: number },
  meters: number,
): boolean | null {
  if (lat === null || lng === null) return null;
  const R = 6_371_000;
  const toRad = (x: number) => (x * Math.PI) / 180;
  const dLat = toRad(lat - c.lat);
  const dLng = toRad(lng - c.lng);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(c.lat)) * Math.cos(toRad(lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(a)) <= meters;
}

export const IGNITION_FILTERS = ["on", "off", "unknown"] as const;

/** The inputs table: searched by name or IMEI and filtered by ignition, on the server (page and CSV alike). */
export async function inputsTable(ctx: ModuleContext, request: Request) {
  const { auth } = ctx;
  const url = new URL(request.url);
  const q = parseFilters(url.searchParams).q;
  const raw = url.searchParams.get("ignition") ?? "";
  const ignition = (IGNITION_FILTERS as readonly string[]).includes(raw)
    ? (raw as (typeof IGNITION_FILTERS)[number])
    : null;
  const [{ devices, sync }, timeZone] = await Promise.all([
    listDevices(auth),
    companyTimeZone(auth),
  ]);
  const state = (v: boolean | null) => (v === null ? "unknown" : v ? "on" : "off");
  return {
    sync,
    q,
    ignition,
    total: devices.length,
    timeZone,
    measurement: settingsFromCookieHeader(request.headers.get("cookie")).measurement,
    rows: devices
      .filter((d) => matchesSearch(d, q) && (!ignition || state(d.ignition) === ignition))
      .map((d) => ({
        imei: d.imei,
        nickname: d.nickname,
        ignition: d.ignition,
        battery: d.battery,
        temperature: d.temperature,
        lastContactAt: d.lastContactAt,
      })),
  };
}
