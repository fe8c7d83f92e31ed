/**
 * Device sync: refreshes a company's cache from the upstream (the full list, or position deltas)
 * and keeps the freshness record the stale banner reads. Run by server/jobs/device-sync.ts, the
 * live poller (device-sync.server.ts) and reads that find the cache stale.
 */
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import type { SyncInfo } from "~/lib/sync-info";
import { prisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { cleanOptional, cleanText, hasControl } from "~/lib/input";
import { logError, logInfo } from "~/services/log.server";
import * as up from "~/services/upstream/index.server";
import {
  bump,
  publishDiff,
  readRows,
  stateOf,
  type CompanyState,
  type DeviceView,
  type Group,
  type Row,
  type Tag,
} from "./devices.server";

/** Full device list refresh at most this often; in between only position deltas are fetched. */
const FULL_SYNC_MS = 5 * 60_000;

function intervalMs() {
  return getEnv().SYNC_INTERVAL_SECONDS * 1000;
}
/** Older than this, a read triggers a background refresh. */
export const staleAfterMs = () => Math.max(2 * intervalMs(), 15_000);

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

/** A cache row as the upstream gives it: the view without what is derived from the clock. */
type Upsert = Omit<DeviceView, "status" | "outdated" | "silentMs"> & { companyId: number };

/**
 * The cache row of an upstream device, its text cleaned of control characters: PostgreSQL refuses
 * U+0000, and the whole list goes in one statement, so one vehicle renamed with a NUL stopped the
 * company's sync (positions frozen). A device whose IMEI (its key) is unusable is skipped (null).
 */
function fromUpstream(d: up.Device, companyId: number): Upsert | null {
  if (!d.imei || hasControl(d.imei)) return null;
  const p = d.position;
  return {
    imei: d.imei,
    companyId,
    deviceTypeId: d.device_type_id,
    nickname: cleanText(d.nickname),
    avatar: cleanOptional(d.avatar),
    photo: cleanOptional(d.photo),
    permdriver: cleanOptional(d.permdriver),
    tags: d.tags.map((t) => ({
      id: t.id,
      name: cleanText(t.name),
      ...(t.colour ? { colour: cleanText(t.colour) } : {}),
    })),
    groups: d.groups.map((x) => ({ id: x.id, nickname: cleanText(x.nickname) })),
    geofenceGps: cleanOptional(d.geofence_gps),
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

/** The list's devices with their rows; a device that cannot be stored is logged and left out. */
function usable(list: up.Device[], companyId: number): [up.Device, Upsert][] {
  const out: [up.Device, Upsert][] = [];
  for (const d of list) {
    const row = fromUpstream(d, companyId);
    if (row) out.push([d, row]);
    else logInfo("devices", `skipped device imei=${JSON.stringify(d.imei)} company=${companyId}`);
  }
  return out;
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
async function writeAll(companyId: number, rows: Upsert[], keepOthers = false) {
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
    ...(keepOthers
      ? []
      : [
          prisma.device.deleteMany({
            where: { companyId, imei: { notIn: rows.map((r) => r.imei) } },
          }),
        ]),
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
      const rows = usable(list, auth.companyId).map(([d, row]) => {
        const o = s.overrides.get(d.imei);
        const r = {
          ...row,
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
      // A restricted account's list holds only its linked devices: it must not remove the others.
      await writeAll(auth.companyId, rows, Boolean(auth.only));
      for (const [imei, at] of s.localWrites) if (at < started) s.localWrites.delete(imei);
      s.fullAt = Date.now();
      s.since = startedAt;
      return await synced(
        auth.companyId,
        before,
        await readRows(auth.companyId),
        Boolean(auth.only),
      );
    }
    const res = await up.positions(client, { since: s.since });
    res.positions = res.positions.filter((p) => !hasControl(p.imei));
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
export async function refreshIfStale(auth: Auth, info: SyncInfo) {
  const last = Math.max(
    info.okAt ? Date.parse(info.okAt) : 0,
    info.failedAt ? Date.parse(info.failedAt) : 0,
  );
  if (Date.now() - last < staleAfterMs()) return;
  void syncDevices(auth).catch((e) => logError("devices", e));
}
