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

/** Silent longer than this: listed on devices-offline (default 24 h, DEVICES_OFFLINE_AFTER_HOURS). */
export function offlineAfterMs() {
  return getEnv().DEVICES_OFFLINE_AFTER_HOURS * 3_600_000;
}

export const FLEET_SORTS = ["vehicle", "status", "speed", "driver", "lastContact"] as const;
export const FLEET_PAGE_SIZE = 100;

/** SPEC §3 orders the list by nickname; other orders and pages come from the address. */
export async function fleetTable(ctx: ModuleContext, url: URL) {
  const { auth } = ctx;
  const { devices, sync } = await listDevices(auth);
  const sort = parseTableSort(url.searchParams, FLEET_SORTS, { by: "vehicle", dir: "asc" });
  const sorted = sortRows(
    devices,
    sort,
    {
      vehicle: (d) => d.nickname,
      status: (d) => STATUSES.indexOf(d.status),
      speed: (d) => d.speed,
      driver: (d) => d.permdriver,
      // Never heard from counts as the longest silence, not as unknown.
      lastContact: (d) => d.silentMs ?? Infinity,
    },
    byNickname,
  );
  const { rows, paging } = pageRows(sorted, parsePage(url.searchParams), FLEET_PAGE_SIZE);
  return {
    sync,
    sort,
    paging,
    rows: rows.map((d) => ({
      imei: d.imei,
      nickname: d.nickname,
      avatar: d.avatar,
      status: d.status,
      outdated: d.outdated,
      lastContactAt: d.lastContactAt,
      silentMs: d.silentMs,
      speed: d.speed,
      ignition: d.ignition,
      permdriver: d.permdriver,
      deviceTypeId: d.deviceTypeId,
    })),
  };
}

export async function offlineDevices(ctx: ModuleContext) {
  const { auth } = ctx;
  const { devices, sync } = await listDevices(auth);
  const after = offlineAfterMs();
  const rows = devices
    .filter((d) => d.silentMs === null || d.silentMs > after)
    .sort(
      (a, b) =>
        (b.silentMs ?? Infinity) - (a.silentMs ?? Infinity) || compareText(a.nickname, b.nickname),
    )
    .map((d) => ({
      imei: d.imei,
      nickname: d.nickname,
      lastContactAt: d.lastContactAt,
      silentMs: d.silentMs,
      battery: d.battery,
    }));
  return { sync, rows, afterHours: after / 3_600_000, timeZone: await companyTimeZone(auth) };
}

export async function geofenceList(ctx: ModuleContext, accurateAddress = false) {
  const { auth } = ctx;
  const { devices, sync } = await listDevices(auth);
  const rows = devices.flatMap((d) => {
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
  // The centre by its address (street or suburb level, as the user chose), the coordinates until known.
  const addresses = await addressesFor(auth, rows, levelOf(accurateAddress), {
    budgetMs: 800,
  }).catch(() => rows.map(() => null));
  return {
    sync,
    rows: rows.map((r, i) => ({ ...r, address: addresses[i] ?? null })),
    devicesWithout: devices.length - rows.length,
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

export async function inputsTable(ctx: ModuleContext) {
  const { auth } = ctx;
  const { devices, sync } = await listDevices(auth);
  return {
    sync,
    rows: devices.map((d) => ({
      imei: d.imei,
      nickname: d.nickname,
      ignition: d.ignition,
      battery: d.battery,
      temperature: d.temperature,
      lastContactAt: d.lastContactAt,
    })),
  };
}
