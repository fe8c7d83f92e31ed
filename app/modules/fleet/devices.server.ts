/**
 * The device cache (tables Device and SyncState): every device page reads from PostgreSQL, the
 * sync (server/jobs/device-sync.ts and the live poller) refreshes it from the upstream, and a
 * stale cache triggers a refresh in the background. Every query filters by the session's company;
 * an imei that is not the company's is a 404, whatever the URL says.
 */
import type { Prisma } from "~/generated/prisma/client";
import {
  deviceStatus,
  thresholdsFromHours,
  type DeviceStatus,
  type StatusThresholds,
} from "./device-status";
import { upstream } from "~/services/api.server";
import { FieldError, type Auth } from "~/services/company-context.server";
import type { SyncInfo } from "~/lib/sync-info";
import { prisma } from "~/services/db.server";
import { diffFields, publish, type DeviceChange } from "./live.server";
import { logError } from "~/services/log.server";
import * as up from "~/services/upstream/index.server";
import { byNickname } from "~/lib/text-order";

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
  return thresholdsFromHours({
    moving: process.env.DEVICE_OUTDATED_MOVING_HOURS,
    resting: process.env.DEVICE_OUTDATED_RESTING_HOURS,
    offline: process.env.DEVICE_OFFLINE_HOURS,
  });
}

/** Full device list refresh at most this often; in between only position deltas are fetched. */
const FULL_SYNC_MS = 5 * 60_000;

function intervalMs() {
  const s = Number(process.env.SYNC_INTERVAL_SECONDS ?? 10);
  return (Number.isFinite(s) && s > 0 ? s : 10) * 1000;
}
/** Older than this, a read triggers a background refresh. */
export const staleAfterMs = () => Math.max(2 * intervalMs(), 15_000);

// ------------------------------------------------------------------ process-wide state

type CompanyState = {
  since?: string;
  fullAt: number;
  inflight?: Promise<number>;
  version: number;
  localWrites: Map<string, number>;
  overrides: Map<string, { permdriver: string | null; until: number }>;
};
const g = globalThis as unknown as { __tracksmithDevices?: Map<number, CompanyState> };
const states = () => (g.__tracksmithDevices ??= new Map());
function stateOf(companyId: number): CompanyState {
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
function bump(companyId: number) {
  stateOf(companyId).version++;
}

// ------------------------------------------------------------------ rows and views

const ROW = {
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
type Row = Prisma.DeviceGetPayload<{ select: typeof ROW }>;

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

// ------------------------------------------------------------------ sync state (the stale banner)

const syncKey = (companyId: number) => `devices:${companyId}`;

export async function syncInfo(companyId: number): Promise<SyncInfo> {
  const row = await prisma.syncState.findUnique({ where: { key: syncKey(companyId) } });
  const okAt = row?.okAt ?? null;
  const failedAt = row?.failedAt ?? null;
  return {
    okAt: okAt?.toISOString() ?? null,
    failedAt: failedAt?.toISOString() ?? null,
    stale: Boolean(failedAt && (!okAt || failedAt > okAt)),
  };
}

async function markOk(companyId: number) {
  const now = new Date();
  await prisma.syncState.upsert({
    where: { key: syncKey(companyId) },
    create: { key: syncKey(companyId), okAt: now },
    update: { okAt: now },
  });
}

/** Records a failed refresh (the banner shows until the next success). */
export async function markFailed(companyId: number, error: unknown) {
  const now = new Date();
  const message = (error as Error)?.message?.slice(0, 500) ?? "failed";
  await prisma.syncState.upsert({
    where: { key: syncKey(companyId) },
    create: { key: syncKey(companyId), failedAt: now, error: message },
    update: { failedAt: now, error: message },
  });
}

// ------------------------------------------------------------------ sync

type Upsert = {
  imei: string;
  companyId: number;
  deviceTypeId: number;
  nickname: string;
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
};

function fromUpstream(d: up.Device, companyId: number): Upsert {
  const p = d.position;
  return {
    imei: d.imei,
    companyId,
    deviceTypeId: d.device_type_id,
    nickname: d.nickname,
    avatar: d.avatar,
    photo: d.photo,
    permdriver: d.permdriver,
    tags: d.tags.map((t) => ({
      id: t.id,
      name: t.name,
      ...(t.colour ? { colour: t.colour } : {}),
    })),
    groups: d.groups.map((x) => ({ id: x.id, nickname: x.nickname })),
    geofenceGps: d.geofence_gps,
    geofenceMeters: d.geofence_meters,
    lat: p?.lat ?? null,
    lng: p?.lng ?? null,
    speed: p?.speed ?? null,
    heading: p?.heading ?? null,
    ignition: p?.ignition ?? null,
    odometer: p?.odometer ?? null,
    battery: p?.battery ?? null,
    temperature: p?.temperature ?? null,
    lastContactAt: p?.timestamp ?? null,
  };
}

const COLUMNS: [string, string][] = [
  ["imei", "text"],
  ["companyId", "int"],
  ["deviceTypeId", "int"],
  ["nickname", "text"],
  ["avatar", "text"],
  ["photo", "text"],
  ["permdriver", "text"],
  ["tags", "jsonb"],
  ["groups", "jsonb"],
  ["geofenceGps", "text"],
  ["geofenceMeters", "float8"],
  ["lat", "float8"],
  ["lng", "float8"],
  ["speed", "float8"],
  ["heading", "float8"],
  ["ignition", "bool"],
  ["odometer", "float8"],
  ["battery", "float8"],
  ["temperature", "float8"],
  ["lastContactAt", "timestamp(3)"],
];
const q = (c: string) => `"${c}"`;

/** One statement for the whole list (10,000 devices would be 10,000 round trips otherwise). */
async function writeAll(companyId: number, rows: Upsert[]) {
  const cols = COLUMNS.map(([c]) => q(c)).join(", ");
  const def = COLUMNS.map(([c, t]) => `${q(c)} ${t}`).join(", ");
  const set = COLUMNS.filter(([c]) => c !== "imei")
    .map(([c]) => `${q(c)} = EXCLUDED.${q(c)}`)
    .join(", ");
  await prisma.$transaction([
    prisma.$executeRawUnsafe(
      `INSERT INTO "Device" (${cols}, "syncedAt") SELECT ${cols}, now() FROM jsonb_to_recordset($1::jsonb) AS x(${def})
       ON CONFLICT ("imei") DO UPDATE SET ${set}, "syncedAt" = now()`,
      JSON.stringify(rows),
    ),
    prisma.device.deleteMany({ where: { companyId, imei: { notIn: rows.map((r) => r.imei) } } }),
  ]);
}

const POSITION_COLUMNS: [string, string][] = [
  ["imei", "text"],
  ["lat", "float8"],
  ["lng", "float8"],
  ["speed", "float8"],
  ["heading", "float8"],
  ["ignition", "bool"],
  ["odometer", "float8"],
  ["battery", "float8"],
  ["temperature", "float8"],
  ["lastContactAt", "timestamp(3)"],
];

async function writePositions(companyId: number, rows: Record<string, unknown>[]) {
  if (!rows.length) return;
  const def = POSITION_COLUMNS.map(([c, t]) => `${q(c)} ${t}`).join(", ");
  const set = POSITION_COLUMNS.filter(([c]) => c !== "imei")
    .map(([c]) => `${q(c)} = x.${q(c)}`)
    .join(", ");
  await prisma.$executeRawUnsafe(
    `UPDATE "Device" d SET ${set}, "syncedAt" = now() FROM jsonb_to_recordset($1::jsonb) AS x(${def})
     WHERE d."imei" = x."imei" AND d."companyId" = $2 AND (d."lastContactAt" IS NULL OR x."lastContactAt" >= d."lastContactAt")`,
    JSON.stringify(rows),
    companyId,
  );
}

/** The company's rows, or only those of `imeis` (a position delta touches a few hundred of 10,000). */
async function readRows(companyId: number, imeis?: string[]): Promise<Row[]> {
  return (await prisma.device.findMany({
    where: { companyId, ...(imeis ? { imei: { in: imeis } } : {}) },
    select: ROW,
  })) as Row[];
}

/**
 * Publishes what changed between two snapshots of a company's devices. A partial snapshot (the
 * rows a position delta touched) removes nothing.
 */
function publishDiff(companyId: number, before: Row[], after: Row[], partial = false) {
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
  publish(companyId, changes);
  return changes.length;
}

/**
 * Refreshes one company's cache from the upstream: the full list every FULL_SYNC_MS (or when
 * `full`), position deltas in between. Concurrent calls for a company share one run. Returns the
 * number of devices that changed. A failure is recorded (the stale banner) and rethrown.
 */
export function syncDevices(auth: Auth, options: { full?: boolean } = {}): Promise<number> {
  const s = stateOf(auth.companyId);
  s.inflight ??= runSync(auth, s, options.full ?? false).finally(() => (s.inflight = undefined));
  return s.inflight;
}

/** After a successful sync: a new cache version, the banner cleared, the changes published. */
async function synced(
  companyId: number,
  before: Row[],
  after: Row[],
  partial = false,
): Promise<number> {
  bump(companyId);
  await markOk(companyId);
  return publishDiff(companyId, before, after, partial);
}

async function runSync(auth: Auth, s: CompanyState, forceFull: boolean): Promise<number> {
  const client = upstream(auth.token);
  try {
    const known = await prisma.device.count({ where: { companyId: auth.companyId } });
    if (forceFull || !s.since || !known || Date.now() - s.fullAt > FULL_SYNC_MS) {
      const before = await readRows(auth.companyId);
      const started = Date.now();
      const startedAt = new Date(started).toISOString();
      const list = await up.iotDevices(client);
      // A management write that landed while this list was in flight is newer than the list: keep it.
      const current = new Map((await readRows(auth.companyId)).map((r) => [r.imei, r]));
      const rows = list.map((d) => {
        const o = s.overrides.get(d.imei);
        const r = {
          ...fromUpstream(d, auth.companyId),
          ...(o && o.until > started ? { permdriver: o.permdriver } : {}),
        };
        const local = current.get(d.imei);
        if (!local || (s.localWrites.get(d.imei) ?? 0) < started) return r;
        // A refused permanent driver (override) wins over a row read before it was written.
        return {
          ...r,
          nickname: local.nickname,
          avatar: local.avatar,
          permdriver: o && o.until > started ? o.permdriver : local.permdriver,
          tags: local.tags as Tag[],
          groups: local.groups as Group[],
          geofenceGps: local.geofenceGps,
          geofenceMeters: local.geofenceMeters,
        };
      });
      await writeAll(auth.companyId, rows);
      for (const [imei, at] of s.localWrites) if (at < started) s.localWrites.delete(imei);
      s.fullAt = Date.now();
      s.since = startedAt;
      return await synced(auth.companyId, before, await readRows(auth.companyId));
    }
    const res = await up.positions(client, { since: s.since });
    const imeis = res.positions.map((p) => p.imei);
    const before = await readRows(auth.companyId, imeis);
    await writePositions(
      auth.companyId,
      res.positions.map((p) => ({
        imei: p.imei,
        lat: p.lat,
        lng: p.lng,
        speed: p.speed,
        heading: p.heading,
        ignition: p.ignition,
        odometer: p.odometer,
        battery: p.battery ?? null,
        temperature: p.temperature ?? null,
        lastContactAt: p.timestamp,
      })),
    );
    s.since = res.asOf;
    return await synced(auth.companyId, before, await readRows(auth.companyId, imeis), true);
  } catch (e) {
    await markFailed(auth.companyId, e).catch((x) => logError("devices", x));
    throw e;
  }
}

/** Starts a refresh when the cache is older than staleAfterMs(); never waits for it. */
async function refreshIfStale(auth: Auth, info: SyncInfo) {
  const last = Math.max(
    info.okAt ? Date.parse(info.okAt) : 0,
    info.failedAt ? Date.parse(info.failedAt) : 0,
  );
  if (Date.now() - last < staleAfterMs()) return;
  void syncDevices(auth).catch((e) => logError("devices", e));
}

// ------------------------------------------------------------------ reads

export type DeviceList = { devices: DeviceView[]; sync: SyncInfo };

/** The first read of a company fills the cache synchronously; later reads never wait for the upstream. */
async function ensureCache(auth: Auth): Promise<void> {
  const count = await prisma.device.count({ where: { companyId: auth.companyId } });
  if (count > 0) return;
  const info = await syncInfo(auth.companyId);
  if (info.okAt && !info.stale) return; // The company simply has no devices.
  await syncDevices(auth).catch((e) => logError("devices", e));
}

/** Every device of the company from the cache, sorted by nickname, with the freshness of the data. */
export async function listDevices(auth: Auth, now = Date.now()): Promise<DeviceList> {
  await ensureCache(auth);
  const [rows, sync] = await Promise.all([readRows(auth.companyId), syncInfo(auth.companyId)]);
  await refreshIfStale(auth, sync);
  const t = statusThresholds();
  return { devices: rows.map((r) => toView(r, now, t)).sort(byNickname), sync };
}

/** One device of the company, or a 404 (a foreign or unknown imei looks the same). */
export async function requireDevice(
  auth: Auth,
  imei: string,
  now = Date.now(),
): Promise<DeviceView> {
  await ensureCache(auth);
  const row = (await prisma.device.findFirst({
    where: { imei, companyId: auth.companyId },
    select: ROW,
  })) as Row | null;
  if (!row) throw new Response("Device not found", { status: 404 });
  void syncInfo(auth.companyId)
    .then((info) => refreshIfStale(auth, info))
    .catch((e) => logError("devices", e));
  return toView(row, now);
}

const touched = new Map<number, number>();
/**
 * For hot endpoints (the map data): makes sure the cache is filled and refreshes it when stale,
 * checking PostgreSQL at most every 5 s per company.
 */
export async function touchCompany(auth: Auth): Promise<void> {
  const last = touched.get(auth.companyId) ?? 0;
  if (Date.now() - last < 5000) return;
  touched.set(auth.companyId, Date.now());
  await ensureCache(auth);
  await refreshIfStale(auth, await syncInfo(auth.companyId));
}

/** The company's rows as stored (for the map payload, which computes statuses itself). */
export async function companyRows(companyId: number) {
  return readRows(companyId);
}

// ------------------------------------------------------------------ writes: upstream first, then the cache

/** Upstream 404 → our 404; 400 → a message next to the field; anything else propagates. */
async function call<T>(field: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (up.isUpstreamError(e) && e.kind === "http" && e.status === 404)
      throw new Response("Device not found", { status: 404 });
    if (up.isUpstreamError(e) && e.kind === "http" && e.status === 400)
      throw new FieldError(field, e.message);
    throw e;
  }
}

async function updateCache(auth: Auth, imei: string, data: Record<string, unknown>) {
  // A sync in flight may have read the upstream before this change: let it land first.
  await stateOf(auth.companyId).inflight?.catch(() => undefined);
  const before = await prisma.device.findFirst({
    where: { imei, companyId: auth.companyId },
    select: ROW,
  });
  stateOf(auth.companyId).localWrites.set(imei, Date.now());
  await prisma.device.updateMany({ where: { imei, companyId: auth.companyId }, data });
  const after = await prisma.device.findFirst({
    where: { imei, companyId: auth.companyId },
    select: ROW,
  });
  bump(auth.companyId);
  if (before && after) publishDiff(auth.companyId, [before as Row], [after as Row]);
}

export const NICKNAME_MAX = 64;

export async function renameDevice(auth: Auth, imei: string, nickname: string) {
  await requireDevice(auth, imei);
  const r = await call("nickname", () => up.changeNickname(upstream(auth.token), imei, nickname));
  await updateCache(auth, imei, { nickname: r.nickname });
}

export async function changeDeviceIcon(auth: Auth, imei: string, icon: string) {
  await requireDevice(auth, imei);
  const r = await call("icon", () => up.changeIcon(upstream(auth.token), imei, icon));
  await updateCache(auth, imei, { avatar: r.avatar });
}

/** How long a permanent driver the upstream refused stays applied locally (SPEC §8). */
export const LOCAL_OVERRIDE_MS = 60 * 60_000;

/**
 * SPEC §8: when the upstream refuses the permanent driver, the alert 'ERROR FOR NOW' shows and
 * the local change is applied anyway (to the cache, until the next full sync says otherwise).
 */
export async function setDevicePermDriver(
  auth: Auth,
  imei: string,
  permdriver: string | null,
): Promise<{ ok: true } | { ok: false; alert: string }> {
  await requireDevice(auth, imei);
  try {
    const r = await call("permdriver", () =>
      up.setPermDriver(upstream(auth.token), imei, permdriver),
    );
    stateOf(auth.companyId).overrides.delete(imei);
    await updateCache(auth, imei, { permdriver: r.permdriver });
    return { ok: true };
  } catch (e) {
    if (e instanceof Response) throw e;
    logError("devices", e);
    // Kept over full syncs for a while: the upstream still holds the old driver.
    stateOf(auth.companyId).overrides.set(imei, {
      permdriver,
      until: Date.now() + LOCAL_OVERRIDE_MS,
    });
    await updateCache(auth, imei, { permdriver });
    return { ok: false, alert: up.MESSAGES.permDriverFailed };
  }
}

const memo = new Map<string, { at: number; value: unknown }>();
async function remember<T>(key: string, ttlMs: number, make: () => Promise<T>): Promise<T> {
  const hit = memo.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as T;
  const value = await make();
  memo.set(key, { at: Date.now(), value });
  return value;
}

/** Company tags of type 2 (SPEC §9). */
export function companyTagList(auth: Auth): Promise<Tag[]> {
  return remember(`tags:${auth.companyId}`, 60_000, async () =>
    (await up.companyTags(upstream(auth.token))).map((t) => ({
      id: t.id,
      name: t.name,
      ...(t.colour ? { colour: t.colour } : {}),
    })),
  );
}

/** The company's groups, sorted by nickname (SPEC §7). */
export function companyGroupList(auth: Auth): Promise<Group[]> {
  return remember(`groups:${auth.companyId}`, 60_000, () => up.compGroups(upstream(auth.token)));
}

export async function setDeviceTags(auth: Auth, imei: string, tagIds: number[]) {
  await requireDevice(auth, imei);
  const tags = await companyTagList(auth);
  const unknown = tagIds.filter((id) => !tags.some((t) => t.id === id));
  if (unknown.length)
    throw new FieldError("tags", `Unknown tag: ${unknown.join(", ")}. Choose tags from the list.`);
  await call("tags", () => up.setVehicleTags(upstream(auth.token), imei, tagIds));
  await updateCache(auth, imei, { tags: tags.filter((t) => tagIds.includes(t.id)) });
}

export async function setDeviceGroups(auth: Auth, imei: string, groupIds: number[]) {
  await requireDevice(auth, imei);
  const groups = await companyGroupList(auth);
  const unknown = groupIds.filter((id) => !groups.some((x) => x.id === id));
  if (unknown.length)
    throw new FieldError(
      "groups",
      `Unknown group: ${unknown.join(", ")}. Choose groups from the list.`,
    );
  await call("groups", () => up.setVehicleGroups(upstream(auth.token), imei, groupIds));
  await updateCache(auth, imei, { groups: groups.filter((x) => groupIds.includes(x.id)) });
}

export const GEOFENCE_MIN_M = 10;
export const GEOFENCE_MAX_M = 100_000;

export async function saveDeviceGeofence(
  auth: Auth,
  imei: string,
  fence: { lat: number; lng: number; meters: number },
) {
  await requireDevice(auth, imei);
  const geofence_gps = `${fence.lat.toFixed(6)},${fence.lng.toFixed(6)}`;
  const r = await call("radius", () =>
    up.saveGeofence(upstream(auth.token), { imei, geofence_gps, geofence_meters: fence.meters }),
  );
  await updateCache(auth, imei, { geofenceGps: r.geofence_gps, geofenceMeters: r.geofence_meters });
}

/** SPEC §4: deleting a geofence sets geofence_gps and geofence_meters to null. */
export async function deleteDeviceGeofence(auth: Auth, imei: string) {
  await requireDevice(auth, imei);
  await call("geofence", () => up.deleteGeofence(upstream(auth.token), imei));
  await updateCache(auth, imei, { geofenceGps: null, geofenceMeters: null });
}

/** "lat,lng" → numbers, or null. */
export function parseGeofenceGps(gps: string | null): { lat: number; lng: number } | null {
  const m = gps?.match(/^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/);
  return m ? { lat: Number(m[1]), lng: Number(m[2]) } : null;
}
