/**
 * Trips for the trips, timeline, distance and logbook screens: fetched from the upstream into the
 * cache (trip-cache.server.ts), so a month that was opened once opens again without an upstream call.
 * Every read filters by the session's company; a vehicle that is not the company's is a 404.
 */
import { Prisma } from "~/generated/prisma/client";
import { remember } from "~/services/remember.server";
import { maySee, type Auth } from "~/services/company-context.server";
import { cached, isCovered, requireTrip, store, wasFetchedWhole } from "./trip-cache.server";
import { fromUpstreamTrip, tripFromLogEntry, type TripRecord } from "./trip-record";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { upstream } from "~/services/api.server";
import { getEnv } from "~/services/env.server";
import * as up from "~/services/upstream/index.server";
import { byNickname } from "~/lib/text-order";
import { deriveDevices } from "~/modules/fleet/index.server";

/** SPEC §9 TRIP_DEVICES: the device types that make trips. */
export const TRIP_DEVICES: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 20, 22, 23, 24, 25, 26, 27, 28, 29, 30,
];

/** Upstream limits of the designed calls (server/sim/README.md). */
export const MAX_TRIPS_DAYS = 93;
export const MAX_LOG_DAYS = 400;
const FETCH_CONCURRENCY = 4;

export type Vehicle = { imei: string; nickname: string; deviceTypeId: number };

const tripVehicles = (devices: readonly Vehicle[]): Vehicle[] =>
  devices
    .filter((d) => TRIP_DEVICES.includes(d.deviceTypeId))
    .map((d) => ({ imei: d.imei, nickname: d.nickname, deviceTypeId: d.deviceTypeId }));

/** The trip vehicles of the cached devices, and whether the cache holds any device at all. */
const cachedTripVehicles = (devices: readonly Vehicle[]) => ({
  any: devices.length > 0,
  vehicles: tripVehicles(devices),
});

/**
 * The company's trip-making vehicles, sorted by nickname case-insensitively (SPEC §3): from the
 * fleet's device views, derived once per change of the fleet (10,000 rows read and sorted on every
 * logbook view were most of its cost), or from the upstream while the cache holds none.
 */
export async function listVehicles(auth: Auth): Promise<Vehicle[]> {
  const { value } = await deriveDevices(auth, cachedTripVehicles);
  // A fleet without trip-making devices is no reason to ask the upstream.
  if (value.any) return value.vehicles.slice();
  const all = await remember(`vehicles:${auth.companyId}`, 60_000, async () =>
    (await up.iotDevices(upstream(auth.token))).map((d) => ({
      imei: d.imei,
      nickname: d.nickname,
      deviceTypeId: d.device_type_id,
    })),
  );
  return tripVehicles(all.filter((d) => maySee(auth, d.imei))).sort(byNickname);
}

/** The vehicle, or a 404 when it is not one of the company's (tenant isolation). */
export function requireVehicle(vehicles: Vehicle[], imei: string): Vehicle {
  const v = vehicles.find((x) => x.imei === imei);
  if (!v) throw new Response("Vehicle not found", { status: 404 });
  return v;
}

/**
 * `partial`: some vehicle's trips of the range were never all fetched (the upstream was slow or
 * down and the cache does not cover the range): the list is what there is so far, and its totals
 * would be wrong, so pages do not show them.
 */
export type TripsResult = {
  trips: TripRecord[];
  stale: boolean;
  fetched: number;
  partial: boolean;
};

/** How long a page waits for the upstream before it answers from the cache: well inside the call's timeout. */
export const pageWaitMs = () => Math.min(1500, Math.floor(getEnv().UPSTREAM_TIMEOUT_MS / 2));

/** One fetch per vehicle and range at a time: pages asking for the same trips share it (no pile-up). */
const refreshing = new Map<string, Promise<void>>();
function refresh(key: string, run: () => Promise<void>): Promise<void> {
  let p = refreshing.get(key);
  if (!p) {
    p = run().finally(() => refreshing.delete(key));
    refreshing.set(key, p);
    // Left to finish in the background when the page stops waiting: its failure is logged there.
    p.catch((e) => {
      if (!(e instanceof Response)) logError("trips", e);
    });
  }
  return p;
}

/** True when `p` settled within `ms` (a rejection is rethrown); false when it is still running. */
async function within(p: Promise<void>, ms: number): Promise<boolean> {
  if (!Number.isFinite(ms)) return p.then(() => true);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([p.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a page waits for this vehicle's fetch: `waitMs` when some of the range is cached, else the upstream timeout. */
async function pageWait(
  imei: string,
  from: number,
  to: number,
  waitMs: number | undefined,
): Promise<number> {
  if (waitMs === undefined) return Infinity;
  const known = await prisma.tripCoverage.count({
    where: { imei, fromAt: { lt: new Date(to) }, toAt: { gt: new Date(from) } },
  });
  return known ? waitMs : Math.max(waitMs, getEnv().UPSTREAM_TIMEOUT_MS);
}

function mapUpstream(e: unknown): never {
  if (up.isUpstreamError(e) && e.status === 404)
    throw new Response("Vehicle not found", { status: 404 });
  throw e;
}

/**
 * Trips of the vehicles (already checked to be the company's) starting in [from, to), oldest
 * first. Source "trips" needs speeds (the trips screen); "logbook" uses the logbook call.
 * When the upstream fails and something is cached, the cache answers, marked stale. Pages pass
 * `waitMs` (pageWaitMs()): a slower upstream is then not waited for (see `within`); reports and
 * jobs wait for the answer.
 */
export async function getTrips(
  auth: Auth,
  imeis: string[],
  from: number,
  to: number,
  source: "trips" | "logbook" = "trips",
  now = Date.now(),
  options: { waitMs?: number } = {},
): Promise<TripsResult> {
  let stale = false;
  let partial = false;
  let fetched = 0;
  const uncovered = async (imei: string) => {
    if (!(await wasFetchedWhole(imei, from, to))) partial = true;
  };
  const one = async (imei: string) => {
    // Nothing can have started in the future: no call, nothing cached.
    if (from >= now) return;
    if (await isCovered(imei, from, to, now)) {
      if (source === "logbook") return;
      const missing = await prisma.trip.count({
        where: {
          imei,
          companyId: auth.companyId,
          startAt: { gte: new Date(from), lt: new Date(to) },
          data: { path: ["max_speed"], equals: Prisma.AnyNull },
        },
      });
      if (!missing) return;
    }
    try {
      // Keyed to the minute, so pages asking "until now" a moment apart share one call.
      const fetch = refresh(
        `${auth.companyId}:${source}:${imei}:${from}:${Math.ceil(Math.min(to, now) / 60_000)}`,
        async () => {
          const list =
            source === "trips"
              ? (
                  await up
                    .trips(upstream(auth.token), imei, {
                      from: new Date(from).toISOString(),
                      to: new Date(Math.min(to, now)).toISOString(),
                      points: false,
                    })
                    .catch(mapUpstream)
                ).map(fromUpstreamTrip)
              : (
                  await up
                    .logEntries(upstream(auth.token), imei, {
                      from: new Date(from).toISOString(),
                      to: new Date(Math.min(to, now)).toISOString(),
                    })
                    .catch(mapUpstream)
                ).map(tripFromLogEntry);
          await store(
            auth,
            imei,
            from,
            to,
            list.filter((t) => {
              const s = Date.parse(t.start.time);
              return s >= from && s < to;
            }),
            now,
          );
        },
      );
      // A slow upstream never holds the page: after the wait the saved trips answer (marked
      // stale) and the fetch completes in the background, filling the cache for the next visit.
      // A range never fetched has nothing saved to answer with: it waits up to the call's timeout.
      if (!(await within(fetch, await pageWait(imei, from, to, options.waitMs)))) {
        stale = true;
        await uncovered(imei);
        return;
      }
      fetched++;
    } catch (e) {
      if (e instanceof Response) throw e;
      logError("trips", e);
      stale = true;
      await uncovered(imei);
    }
  };
  // A few vehicles at a time: quick for a fleet page, gentle on the upstream's concurrency limit.
  const queue = [...imeis];
  await Promise.all(
    Array.from({ length: Math.min(FETCH_CONCURRENCY, queue.length) }, async () => {
      for (let imei = queue.shift(); imei !== undefined; imei = queue.shift()) await one(imei);
    }),
  );
  return { trips: await cached(auth, imeis, from, to), stale, fetched, partial };
}

export type TrackPoint = { t: number; lat: number; lng: number; speed: number; heading: number };

/** The replay track of a cached trip: its 10-second positions from the upstream. */
export async function tripTrack(
  auth: Auth,
  id: string,
): Promise<{ trip: TripRecord; points: TrackPoint[] }> {
  const trip = await requireTrip(auth, id);
  const from = new Date(Date.parse(trip.start.time) - 1000).toISOString();
  const to = new Date(Date.parse(trip.start.time) + 1000).toISOString();
  const list = await up
    .trips(upstream(auth.token), trip.imei, { from, to, points: true })
    .catch(mapUpstream);
  const found = list.find((t) => t.id === id);
  const points = (found?.points ?? []).map((p) => ({
    t: Date.parse(p.time),
    lat: p.lat,
    lng: p.lng,
    speed: p.speed,
    heading: p.heading,
  }));
  if (!points.length && trip.start.lat !== null && trip.end.lat !== null) {
    // A manual trip has no recorded track: replay the straight line between its ends.
    points.push(
      {
        t: Date.parse(trip.start.time),
        lat: trip.start.lat,
        lng: trip.start.lng ?? 0,
        speed: 0,
        heading: 0,
      },
      {
        t: Date.parse(trip.end.time),
        lat: trip.end.lat,
        lng: trip.end.lng ?? 0,
        speed: trip.avg_speed ?? 0,
        heading: 0,
      },
    );
  }
  return { trip, points };
}
