/**
 * The trip cache in PostgreSQL (tables Trip and TripCoverage): which ranges of a vehicle are known,
 * the trips stored for them, and the write-through after logbook changes. Every query filters by
 * the session's company.
 */
import type { Prisma } from "~/generated/prisma/client";
import type { TripRecord } from "./trip-record";
import type { Auth } from "~/services/company-context.server";
import { prisma } from "~/services/db.server";
import { changeVersions } from "~/services/change-version.server";
import { singleton } from "~/services/singleton.server";
import { getEnv } from "~/services/env.server";
import { cleanDeep, hasControl, isSaneTime } from "~/lib/input";
import { logInfo } from "~/services/log.server";

/** A cached range this recent is trusted even if it reaches up to now (trips may still end). */
export const FRESH_MS = 5 * 60_000;
/** Trips that started this long before a sync had all ended by then: that part never changes. */
export const SETTLED_MS = 6 * 3_600_000;
type Coverage = { fromAt: Date; toAt: Date; syncedAt: Date };

/** Whether a cached range answers [from, to) as of `now` (see FRESH_MS and SETTLED_MS). */
export function coverageAnswers(c: Coverage, from: number, to: number, now: number): boolean {
  const need = Math.min(to, now);
  const synced = c.syncedAt.getTime();
  if (c.fromAt.getTime() > from) return false;
  const fresh = now - synced < FRESH_MS;
  if (c.toAt.getTime() >= need) return fresh || need <= synced - SETTLED_MS;
  return fresh && c.toAt.getTime() >= synced - 1000;
}

export async function isCovered(
  imei: string,
  from: number,
  to: number,
  now: number,
): Promise<boolean> {
  const rows = await prisma.tripCoverage.findMany({
    where: { imei, fromAt: { lte: new Date(from) } },
    select: { fromAt: true, toAt: true, syncedAt: true },
  });
  return rows.some((c) => coverageAnswers(c, from, to, now));
}

/**
 * Whether one fetch ever brought the whole range (up to when it ran): its trips are all in the
 * cache, if perhaps not the newest. Without it the cache holds only pieces of the range.
 */
export async function wasFetchedWhole(imei: string, from: number, to: number): Promise<boolean> {
  const rows = await prisma.tripCoverage.findMany({
    where: { imei, fromAt: { lte: new Date(from) } },
    select: { toAt: true, syncedAt: true },
  });
  return rows.some((c) => c.toAt.getTime() >= Math.min(to, c.syncedAt.getTime()));
}

/**
 * The upstream's trips as they can be stored: text without control characters (jsonb refuses
 * U+0000: one such trip failed the whole range's write), and a trip with an unusable id or times
 * left out and logged, so one bad record never stops the rest.
 */
function storable(trips: TripRecord[], companyId: number): TripRecord[] {
  return trips.flatMap((t) => {
    const times = [Date.parse(t.start.time), Date.parse(t.end.time)];
    if (!hasControl(t.id) && times.every(isSaneTime)) return [cleanDeep(t)];
    logInfo("trips", `skipped trip id=${JSON.stringify(t.id)} company=${companyId}`);
    return [];
  });
}

/** Replaces the cached trips of [from, to) with `trips` and records the range as covered. */
export async function store(
  auth: Auth,
  imei: string,
  from: number,
  to: number,
  trips: TripRecord[],
  now: number,
) {
  const until = Math.min(to, now);
  trips = storable(trips, auth.companyId);
  const range = {
    imei,
    companyId: auth.companyId,
    startAt: { gte: new Date(from), lt: new Date(to) },
  };
  // The logbook call carries no speeds: keep the speeds an earlier trips call stored.
  if (trips.some((t) => t.max_speed === null)) {
    const old = await prisma.trip.findMany({ where: range, select: { id: true, data: true } });
    const speeds = new Map(old.map((r) => [r.id, r.data as unknown as TripRecord]));
    trips = trips.map((t) => {
      const o = speeds.get(t.id);
      return t.max_speed === null && o && o.max_speed !== null
        ? { ...t, max_speed: o.max_speed, avg_speed: o.avg_speed }
        : t;
    });
  }
  await prisma.$transaction([
    prisma.trip.deleteMany({ where: { OR: [range, { id: { in: trips.map((t) => t.id) } }] } }),
    prisma.trip.createMany({
      data: trips.map((t) => ({
        id: t.id,
        imei,
        companyId: auth.companyId,
        startAt: new Date(t.start.time),
        endAt: new Date(t.end.time),
        data: t as unknown as Prisma.InputJsonValue,
        syncedAt: new Date(now),
      })),
    }),
    prisma.tripCoverage.deleteMany({
      where: { imei, fromAt: { gte: new Date(from) }, toAt: { lte: new Date(until) } },
    }),
    prisma.tripCoverage.create({
      data: { imei, fromAt: new Date(from), toAt: new Date(until), syncedAt: new Date(now) },
    }),
  ]);
  await tripChanges.changed(auth.companyId);
}

/** Writes of any process to a company's cached trips (change-version.server.ts). */
const tripChanges = changeVersions("trip_cache");
/** Reads kept per process: a logbook view decoded about a thousand JSON rows on every request. */
// A year of one vehicle's trips is about 3,000: a few dozen logbook views, in modest memory.
const READS_MAX_TRIPS = 50_000;
const READ_TTL_MS = 30_000;
type Read = { version: string; at: number; trips: readonly TripRecord[] };
const reads = () => singleton("tripReads", () => ({ byKey: new Map<string, Read>(), trips: 0 }));

/**
 * The cached trips of `imeis` starting in [from, to), oldest first. The same read is answered
 * from memory while no process changed the company's trips (and for at most READ_TTL_MS); the
 * records are frozen, and the array is the caller's own.
 */
export async function cached(
  auth: Auth,
  imeis: string[],
  from: number,
  to: number,
): Promise<TripRecord[]> {
  const version = tripChanges.version(auth.companyId);
  // The database too: tests give each file a database of its own.
  const key = `${getEnv().DATABASE_URL}|${auth.companyId}|${from}|${to}|${imeis.join(",")}`;
  const kept = reads();
  const hit = kept.byKey.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < READ_TTL_MS) return [...hit.trips];
  const rows = await prisma.trip.findMany({
    where: {
      companyId: auth.companyId,
      imei: { in: imeis },
      startAt: { gte: new Date(from), lt: new Date(to) },
    },
    select: { data: true },
    orderBy: [{ startAt: "asc" }, { id: "asc" }],
  });
  const trips = rows.map((r) => Object.freeze(r.data as unknown as TripRecord));
  if (version !== null) keep(key, { version, at: Date.now(), trips });
  return [...trips];
}

function keep(key: string, read: Read) {
  const kept = reads();
  forget(key);
  kept.byKey.set(key, read);
  kept.trips += read.trips.length;
  // Oldest first in a Map.
  while (kept.trips > READS_MAX_TRIPS) forget(kept.byKey.keys().next().value!);
}

function forget(key: string) {
  const kept = reads();
  const old = kept.byKey.get(key);
  if (!old) return;
  kept.trips -= old.trips.length;
  kept.byKey.delete(key);
}

/** One cached trip of the company, or a 404. */
export async function requireTrip(auth: Auth, id: string): Promise<TripRecord> {
  const row = await prisma.trip.findFirst({
    where: { id, companyId: auth.companyId },
    select: { data: true },
  });
  if (!row) throw new Response("Trip not found", { status: 404 });
  return row.data as unknown as TripRecord;
}

// ------------------------------------------------------------------ write-through after logbook changes

export async function cachePurpose(
  auth: Auth,
  id: string,
  purpose: TripRecord["purpose"],
  description: string,
) {
  const row = await prisma.trip.findFirst({
    where: { id, companyId: auth.companyId },
    select: { data: true },
  });
  if (!row) return;
  const data = { ...(row.data as unknown as TripRecord), purpose, description };
  await prisma.trip.updateMany({
    where: { id, companyId: auth.companyId },
    data: { data: data as unknown as Prisma.InputJsonValue },
  });
  await tripChanges.changed(auth.companyId);
}

export async function cacheDelete(auth: Auth, id: string) {
  await prisma.trip.deleteMany({ where: { id, companyId: auth.companyId } });
  await tripChanges.changed(auth.companyId);
}

export async function cacheAdd(auth: Auth, added: TripRecord) {
  const [trip] = storable([added], auth.companyId);
  if (!trip) return;
  await prisma.trip.deleteMany({ where: { id: trip.id, companyId: auth.companyId } });
  await prisma.trip.create({
    data: {
      id: trip.id,
      imei: trip.imei,
      companyId: auth.companyId,
      startAt: new Date(trip.start.time),
      endAt: new Date(trip.end.time),
      data: trip as unknown as Prisma.InputJsonValue,
    },
  });
  await tripChanges.changed(auth.companyId);
}
