/**
 * The device cache's shared core (tables Device and SyncState): the row and view shapes, status
 * thresholds, per-company process state and change publishing. The jobs built on it:
 * devices-sync.server.ts (upstream → cache), devices-read.server.ts (cache reads) and
 * devices-write.server.ts (upstream first, then the cache). Every query filters by the session's
 * company; an imei that is not the company's is a 404, whatever the URL says.
 */
import type { Prisma } from "~/generated/prisma/client";
import {
  deviceStatus,
  thresholdsFromHours,
  type DeviceStatus,
  type StatusThresholds,
} from "./device-status";
import { prisma } from "~/services/db.server";
import { diffFields, type DeviceChange } from "./live.server";
import { recordChanges } from "./live-feed.server";
import { getEnv } from "~/services/env.server";
import { singleton } from "~/services/singleton.server";

export type Tag = { id: number; name: string; colour?: string };
export type Group = { id: number; nickname: string };

export type DeviceView = {
  imei: string;
  nickname: string;
  deviceTypeId: number;
  avatar: string | null;
  photo: string | null;
  permdriver: string | null;
  tags: Tag[];
  groups: Group[];
  geofenceGps: string | null;
  geofenceMeters: number | null;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  heading: number | null;
  ignition: boolean | null;
  odometer: number | null;
  battery: number | null;
  temperature: number | null;
  lastContactAt: string | null;
  status: DeviceStatus;
  outdated: boolean;
  silentMs: number | null;
};

/** Status thresholds (hours) from the environment: DEVICE_OUTDATED_MOVING_HOURS, ..._RESTING_HOURS, DEVICE_OFFLINE_HOURS. */
export function statusThresholds(): StatusThresholds {
  const env = getEnv();
  return thresholdsFromHours({
    moving: env.DEVICE_OUTDATED_MOVING_HOURS,
    resting: env.DEVICE_OUTDATED_RESTING_HOURS,
    offline: env.DEVICE_OFFLINE_HOURS,
  });
}

// ------------------------------------------------------------------ process-wide state

export type CompanyState = {
  since?: string;
  fullAt: number;
  inflight?: Promise<number>;
  version: number;
  localWrites: Map<string, number>;
  overrides: Map<string, { permdriver: string | null; until: number }>;
};
const states = () => singleton("deviceCacheStates", () => new Map<number, CompanyState>());
export function stateOf(companyId: number): CompanyState {
  let s = states().get(companyId);
  if (!s)
    states().set(
      companyId,
      (s = { fullAt: 0, version: 0, localWrites: new Map(), overrides: new Map() }),
    );
  return s;
}
/** Bumped on every write to a company's cache, so derived data (the map payload) can be rebuilt. */
export const cacheVersion = (companyId: number) => stateOf(companyId).version;
export function bump(companyId: number) {
  stateOf(companyId).version++;
}

// ------------------------------------------------------------------ rows and views

export const ROW = {
  imei: true,
  companyId: true,
  deviceTypeId: true,
  nickname: true,
  avatar: true,
  photo: true,
  permdriver: true,
  tags: true,
  groups: true,
  geofenceGps: true,
  geofenceMeters: true,
  lat: true,
  lng: true,
  speed: true,
  heading: true,
  ignition: true,
  odometer: true,
  battery: true,
  temperature: true,
  lastContactAt: true,
} as const;
export type Row = Prisma.DeviceGetPayload<{ select: typeof ROW }>;

export function toView(r: Row, now = Date.now(), t = statusThresholds()): DeviceView {
  const st = deviceStatus(
    { speed: r.speed, ignition: r.ignition, lastContactAt: r.lastContactAt },
    now,
    t,
  );
  return {
    imei: r.imei,
    nickname: r.nickname,
    deviceTypeId: r.deviceTypeId,
    avatar: r.avatar,
    photo: r.photo,
    permdriver: r.permdriver,
    tags: Array.isArray(r.tags) ? (r.tags as Tag[]) : [],
    groups: Array.isArray(r.groups) ? (r.groups as Group[]) : [],
    geofenceGps: r.geofenceGps,
    geofenceMeters: r.geofenceMeters,
    lat: r.lat,
    lng: r.lng,
    speed: r.speed,
    heading: r.heading,
    ignition: r.ignition,
    odometer: r.odometer,
    battery: r.battery,
    temperature: r.temperature,
    lastContactAt: r.lastContactAt ? r.lastContactAt.toISOString() : null,
    status: st.status,
    outdated: st.outdated,
    silentMs: st.silentMs,
  };
}

/** What the browser shows live; a change in any of these is published. */
function liveFields(v: DeviceView) {
  return {
    nickname: v.nickname,
    avatar: v.avatar,
    permdriver: v.permdriver,
    lat: v.lat,
    lng: v.lng,
    speed: v.speed,
    heading: v.heading,
    ignition: v.ignition,
    odometer: v.odometer,
    lastContactAt: v.lastContactAt,
    status: v.status,
    outdated: v.outdated,
    geofenceGps: v.geofenceGps,
    geofenceMeters: v.geofenceMeters,
    tags: v.tags,
    groups: v.groups,
  };
}

/** The company's rows, or only those of `imeis` (a position delta touches a few hundred of 10,000). */
export async function readRows(companyId: number, imeis?: string[]): Promise<Row[]> {
  return (await prisma.device.findMany({
    where: { companyId, ...(imeis ? { imei: { in: imeis } } : {}) },
    select: ROW,
  })) as Row[];
}

/**
 * Publishes what changed between two snapshots of a company's devices to the live streams of every
 * process (the change log, live-feed.server.ts). A partial snapshot (the rows a position delta
 * touched) removes nothing. Returns the number of devices that changed.
 */
export async function publishDiff(companyId: number, before: Row[], after: Row[], partial = false) {
  const now = Date.now();
  const t = statusThresholds();
  const old = new Map(before.map((r) => [r.imei, liveFields(toView(r, now, t))]));
  const changes: DeviceChange[] = [];
  for (const r of after) {
    const c = diffFields(r.imei, old.get(r.imei), liveFields(toView(r, now, t)));
    if (c) changes.push(old.has(r.imei) ? c : { ...c, added: true });
  }
  if (!partial) {
    const kept = new Set(after.map((r) => r.imei));
    for (const imei of old.keys()) if (!kept.has(imei)) changes.push({ imei, removed: true });
  }
  await recordChanges(companyId, changes);
  return changes.length;
}

/** "lat,lng" → numbers, or null. */
export function parseGeofenceGps(gps: string | null): { lat: number; lng: number } | null {
  const m = gps?.match(/^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/);
  return m ? { lat: Number(m[1]), lng: Number(m[2]) } : null;
}
