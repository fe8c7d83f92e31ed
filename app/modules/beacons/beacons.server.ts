/**
 * The beacon cache (tables Beacon, BeaconSighting; freshness in SyncState under `beacons:<company>`):
 * pages read PostgreSQL, a stale cache is refreshed in the background, and when the upstream is
 * down the pages keep working and say since when. Every query filters by the session's company;
 * a uuid that is not the company's is a 404, whatever the URL says.
 */
import { beaconStatus, normaliseUuid, type BeaconRow, type BeaconStatus } from "./beacon-list";
import type { BeaconConfig } from "./beacon-config";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { staleAfterMs } from "~/modules/fleet/index.server";
import { type SyncInfo } from "~/lib/sync-info";
import { FieldError, type Auth } from "~/services/company-context.server";
import { cleanOptional, hasControl } from "~/lib/input";
import { logError, logInfo } from "~/services/log.server";
import * as bup from "./upstream.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { singleton } from "~/services/singleton.server";

export type BeaconView = BeaconRow & {
  model: string;
  major: number;
  minor: number;
  txPower: number;
  advIntervalMs: number;
  lastGatewayImei: string | null;
  lat: number | null;
  lng: number | null;
  rssi: number | null;
  status: BeaconStatus;
};

export type SightingView = {
  at: string;
  gatewayImei: string;
  gatewayName: string;
  lat: number;
  lng: number;
  rssi: number;
};

type Row = Awaited<ReturnType<typeof prisma.beacon.findMany>>[number];

export function toView(r: Row, now = Date.now()): BeaconView {
  const lastSeenAt = r.lastSeenAt?.toISOString() ?? null;
  return {
    uuid: r.uuid,
    nickname: r.nickname,
    assetName: r.assetName,
    battery: r.battery,
    lastSeenAt,
    lastGatewayName: r.lastGatewayName,
    status: beaconStatus(lastSeenAt, now),
    model: r.model,
    major: r.major,
    minor: r.minor,
    txPower: r.txPower,
    advIntervalMs: r.advIntervalMs,
    lastGatewayImei: r.lastGatewayImei,
    lat: r.lastLat,
    lng: r.lastLng,
    rssi: r.lastRssi,
  };
}

function fromUpstream(b: bup.UpstreamBeacon, companyId: number) {
  const s = b.last_seen;
  return {
    companyId,
    uuid: b.uuid.toLowerCase(),
    nickname: cleanOptional(b.nickname),
    model: cleanOptional(b.model),
    major: b.major,
    minor: b.minor,
    assetName: cleanOptional(b.asset_name),
    txPower: b.tx_power,
    advIntervalMs: b.adv_interval_ms,
    battery: b.battery,
    lastSeenAt: s ? new Date(s.time) : null,
    lastGatewayImei: cleanOptional(s?.gateway_imei ?? null),
    lastGatewayName: cleanOptional(s?.gateway_nickname ?? null),
    lastLat: s?.lat ?? null,
    lastLng: s?.lng ?? null,
    lastRssi: s?.rssi ?? null,
    syncedAt: new Date(),
  };
}

// ------------------------------------------------------------------ freshness (the stale banner)

const syncKey = (companyId: number) => `beacons:${companyId}`;

export async function beaconSyncInfo(companyId: number): Promise<SyncInfo> {
  const row = await prisma.syncState.findUnique({ where: { key: syncKey(companyId) } });
  const okAt = row?.okAt ?? null;
  const failedAt = row?.failedAt ?? null;
  return {
    okAt: okAt?.toISOString() ?? null,
    failedAt: failedAt?.toISOString() ?? null,
    stale: Boolean(failedAt && (!okAt || failedAt > okAt)),
  };
}

async function mark(companyId: number, ok: boolean, error?: unknown) {
  const now = new Date();
  const data = ok
    ? { okAt: now }
    : { failedAt: now, error: ((error as Error)?.message ?? "failed").slice(0, 500) };
  await prisma.syncState.upsert({
    where: { key: syncKey(companyId) },
    create: { key: syncKey(companyId), ...data },
    update: data,
  });
}

// ------------------------------------------------------------------ sync

const inflight = () => singleton("beaconSync", () => new Map<number, Promise<number>>());

/** Replaces the company's cached beacons with the upstream's list; concurrent calls share one run. */
export function syncBeacons(auth: Auth): Promise<number> {
  const running = inflight().get(auth.companyId);
  if (running) return running;
  const run = (async () => {
    try {
      const list = await bup.beacons(upstream(auth.token));
      // Text is cleaned (PostgreSQL refuses U+0000); a beacon that cannot be keyed is logged and
      // left out, so one bad record never stops the company's sync.
      const rows = list
        .filter((b) => {
          const ok = !hasControl(b.uuid) && (!b.last_seen || !isNaN(Date.parse(b.last_seen.time)));
          if (!ok) logInfo("beacons", `skipped beacon uuid=${JSON.stringify(b.uuid)}`);
          return ok;
        })
        .map((b) => fromUpstream(b, auth.companyId));
      await prisma.$transaction([
        prisma.beacon.deleteMany({
          where: { companyId: auth.companyId, uuid: { notIn: rows.map((r) => r.uuid) } },
        }),
        ...rows.map((r) =>
          prisma.beacon.upsert({
            where: { companyId_uuid: { companyId: r.companyId, uuid: r.uuid } },
            create: r,
            update: r,
          }),
        ),
      ]);
      await mark(auth.companyId, true);
      return rows.length;
    } catch (e) {
      await mark(auth.companyId, false, e).catch((x) => logError("beacons", x));
      throw e;
    }
  })().finally(() => inflight().delete(auth.companyId));
  inflight().set(auth.companyId, run);
  return run;
}

/** The first read fills the cache (waiting); later reads answer from it and refresh in the background when stale. */
async function freshEnough(auth: Auth): Promise<SyncInfo> {
  const info = await beaconSyncInfo(auth.companyId);
  if (!info.okAt && !(await prisma.beacon.count({ where: { companyId: auth.companyId } }))) {
    await syncBeacons(auth).catch((e) => logError("beacons", e));
    return beaconSyncInfo(auth.companyId);
  }
  const last = Math.max(
    info.okAt ? Date.parse(info.okAt) : 0,
    info.failedAt ? Date.parse(info.failedAt) : 0,
  );
  if (Date.now() - last >= staleAfterMs())
    void syncBeacons(auth).catch((e) => logError("beacons", e));
  return info;
}

// ------------------------------------------------------------------ reads

export type BeaconList = { beacons: BeaconView[]; sync: SyncInfo };

export async function listBeacons(auth: Auth, now = Date.now()): Promise<BeaconList> {
  const sync = await freshEnough(auth);
  const rows = await prisma.beacon.findMany({
    where: { companyId: auth.companyId },
    orderBy: { nickname: "asc" },
  });
  return { beacons: rows.map((r) => toView(r, now)), sync };
}

/** One beacon of the company, or a 404 (a foreign, unknown or malformed uuid looks the same). */
export async function requireBeacon(
  auth: Auth,
  rawUuid: string,
  now = Date.now(),
): Promise<BeaconView> {
  const uuid = normaliseUuid(rawUuid);
  if (!uuid) throw new Response("Beacon not found", { status: 404 });
  await freshEnough(auth);
  const row = await prisma.beacon.findUnique({
    where: { companyId_uuid: { companyId: auth.companyId, uuid } },
  });
  if (!row) throw new Response("Beacon not found", { status: 404 });
  return toView(row, now);
}

export const HISTORY_HOURS = 24;
const HISTORY_KEEP_DAYS = 7;

/**
 * The beacon's sightings over the last HISTORY_HOURS: fetched from the upstream and kept, so the
 * history still shows (with `fresh: false`) when the upstream cannot be reached.
 */
export async function beaconHistory(
  auth: Auth,
  uuid: string,
  now = Date.now(),
): Promise<{ sightings: SightingView[]; fresh: boolean }> {
  const b = await requireBeacon(auth, uuid, now);
  const from = new Date(now - HISTORY_HOURS * 3_600_000);
  let fresh = true;
  try {
    const res = await bup.beaconSightings(upstream(auth.token), {
      uuid: b.uuid,
      from: from.toISOString(),
      to: new Date(now).toISOString(),
    });
    if (res.sightings.length) {
      await prisma.beaconSighting.createMany({
        data: res.sightings.map((s) => ({
          companyId: auth.companyId,
          uuid: b.uuid,
          at: new Date(s.time),
          gatewayImei: s.gateway_imei,
          gatewayName: s.gateway_nickname,
          lat: s.lat,
          lng: s.lng,
          rssi: s.rssi,
        })),
        skipDuplicates: true,
      });
    }
    await prisma.beaconSighting.deleteMany({
      where: {
        companyId: auth.companyId,
        uuid: b.uuid,
        at: { lt: new Date(now - HISTORY_KEEP_DAYS * 86_400_000) },
      },
    });
  } catch (e) {
    if (isUpstreamError(e) && e.kind === "http" && e.status === 404)
      throw new Response("Beacon not found", { status: 404 });
    logError("beacons", e);
    fresh = false;
  }
  const rows = await prisma.beaconSighting.findMany({
    where: { companyId: auth.companyId, uuid: b.uuid, at: { gte: from } },
    orderBy: { at: "desc" },
  });
  return {
    sightings: rows.map((r) => ({
      at: r.at.toISOString(),
      gatewayImei: r.gatewayImei,
      gatewayName: r.gatewayName,
      lat: r.lat,
      lng: r.lng,
      rssi: r.rssi,
    })),
    fresh,
  };
}

// ------------------------------------------------------------------ writes: upstream first, then the cache

/** Upstream 400 → a message next to the field it names; 404 → our 404; anything else propagates. */
function fieldOf(message: string): string {
  if (/tx_power/.test(message)) return "txPower";
  if (/adv_interval/.test(message)) return "advIntervalMs";
  if (/asset_name/.test(message)) return "assetName";
  return "nickname";
}

export async function configureBeacon(auth: Auth, input: BeaconConfig): Promise<BeaconView> {
  const b = await requireBeacon(auth, input.uuid);
  let res: bup.UpstreamBeacon;
  try {
    res = await bup.configureBeacon(upstream(auth.token), {
      uuid: b.uuid,
      nickname: input.nickname,
      asset_name: input.assetName,
      tx_power: input.txPower,
      adv_interval_ms: input.advIntervalMs,
    });
  } catch (e) {
    if (isUpstreamError(e) && e.kind === "http" && e.status === 404)
      throw new Response("Beacon not found", { status: 404 });
    if (isUpstreamError(e) && e.kind === "http" && e.status === 400)
      throw new FieldError(fieldOf(e.message), e.message);
    throw e;
  }
  const row = fromUpstream(res, auth.companyId);
  const saved = await prisma.beacon.update({
    where: { companyId_uuid: { companyId: auth.companyId, uuid: b.uuid } },
    data: row,
  });
  return toView(saved);
}
