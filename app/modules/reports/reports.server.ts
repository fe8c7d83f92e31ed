/**
 * Builds a report's rows from the upstream and the trips cache, for the company of the caller.
 * Vehicles come from the company's own device list, so a foreign imei is a 404 and never data.
 */
import { TRIP_DEVICES } from "~/lib/device-types";
import {
  computeTotals,
  idlePeriods,
  localDay,
  type BaseParams,
  type ReportDefinition,
  type ReportEvent,
  type ReportInput,
  type ReportVehicle,
  type Row,
} from "./catalogue";
import { isValidTimeZone, localToInstant } from "./schedule";
import type { TripRecord } from "~/modules/trips";
import { upstream } from "~/services/api.server";
import { getTrips } from "~/modules/trips/index.server";
import { driverReportData } from "~/modules/drivers/index.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import * as up from "~/services/upstream/index.server";
import { byNickname, compareId } from "~/lib/text-order";
import { formatZoned, isoDay } from "~/lib/zoned-time";

export type ReportAuth = { token: string; companyId: number };
export type Range = { from: number; to: number };
export type Progress = {
  onProgress?: (done: number, total: number, message: string) => Promise<void> | void;
  cancelled?: () => Promise<boolean> | boolean;
};
export type BuiltReport = {
  input: ReportInput;
  rows: Row[];
  totals: Row;
  range: Range;
  timeZone: string;
};

export class ReportCancelled extends Error {
  constructor() {
    super("The report was cancelled");
  }
}

/** Longest on-screen period; a year of a big fleet runs as a job (see needsJob). */
export const MAX_DAYS = 400;
/** Above this many vehicle-days a report runs as a background job instead of inside the request. */
export const JOB_THRESHOLD_VEHICLE_DAYS = 1500;
/** The upstream keeps alert events for 7 days (server/sim/README.md). */
const EVENTS_DAYS = 7;
const TRIP_CHUNK_DAYS = 31;
/** Vehicles fetched at once (the upstream client bounds concurrency per upstream too). */
const PARALLEL = 8;
const DAY = 86_400_000;

export async function reportTimeZone(auth: ReportAuth): Promise<string> {
  const tz = await companyTimeZone(auth);
  return isValidTimeZone(tz) ? tz : "UTC";
}

function dayStart(day: string, timeZone: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return localToInstant(y, m, d, 0, 0, timeZone);
}

/** [from, to) of the params' inclusive local days; by default the last 7 days up to today. */
export function rangeOf(params: BaseParams, timeZone: string, now = Date.now()): Range {
  const today = localDay(now, timeZone);
  const toDay = params.to ?? today;
  const fromDay =
    params.from ?? localDay(dayStart(toDay, timeZone) - 6 * DAY + 12 * 3_600_000, timeZone);
  const from = dayStart(fromDay, timeZone);
  const next = isoDay(Date.parse(`${toDay}T00:00:00Z`) + DAY);
  return { from, to: dayStart(next, timeZone) };
}

/** A message for a range the form should refuse, or null. */
export function rangeProblem(range: Range): string | null {
  if (range.to <= range.from) return "The end date must be on or after the start date.";
  if (range.to - range.from > MAX_DAYS * DAY + 2 * 3_600_000)
    return `Choose at most ${MAX_DAYS} days.`;
  return null;
}

/** The company's devices as the reports need them (position, geofence, groups). */
export async function companyVehicles(auth: ReportAuth): Promise<ReportVehicle[]> {
  const devices = await up.iotDevices(upstream(auth.token));
  return devices
    .map((d) => ({
      imei: d.imei,
      nickname: d.nickname,
      deviceTypeId: d.device_type_id,
      groups: d.groups.map((g) => g.id),
      geofenceGps: d.geofence_gps,
      geofenceMeters: d.geofence_meters,
      speed: d.position?.speed ?? null,
      ignition: d.position?.ignition ?? null,
      lastContactAt: d.position ? Date.parse(d.position.timestamp) : null,
      temperature: d.position?.temperature ?? null,
    }))
    .sort(byNickname);
}

/** The vehicles the params choose (none chosen = all); a vehicle that is not the company's is a 404. */
export function chooseVehicles(
  all: ReportVehicle[],
  def: ReportDefinition<BaseParams>,
  params: BaseParams,
): ReportVehicle[] {
  for (const imei of params.imeis)
    if (!all.some((v) => v.imei === imei)) throw new Response("Vehicle not found", { status: 404 });
  let list = all;
  if (params.imeis.length || params.groups.length) {
    const groups = params.groups.map(Number);
    list = all.filter(
      (v) => params.imeis.includes(v.imei) || v.groups.some((g) => groups.includes(g)),
    );
  }
  if (def.needs.trips || def.needs.tripDevicesOnly)
    list = list.filter((v) => TRIP_DEVICES.includes(v.deviceTypeId));
  if (def.kind === "temperature") list = list.filter((v) => v.temperature !== null);
  return list;
}

export function vehicleDays(vehicles: number, range: Range): number {
  return vehicles * Math.max(1, Math.round((range.to - range.from) / DAY));
}

/** Whether the report is too large to build inside a request. */
export function needsJob(
  def: ReportDefinition<BaseParams>,
  vehicles: number,
  range: Range,
): boolean {
  // Track points (idling) cost far more per vehicle-day than trips.
  const limit = def.needs.idling ? JOB_THRESHOLD_VEHICLE_DAYS / 10 : JOB_THRESHOLD_VEHICLE_DAYS;
  return Boolean(def.needs.trips) && vehicleDays(vehicles, range) > limit;
}

async function check(progress: Progress) {
  if (progress.cancelled && (await progress.cancelled())) throw new ReportCancelled();
}

async function tripsOf(
  auth: ReportAuth,
  vehicles: ReportVehicle[],
  range: Range,
  source: "trips" | "logbook",
  progress: Progress,
  step: { done: number; total: number },
): Promise<TripRecord[]> {
  const out: TripRecord[] = [];
  const imeis = vehicles.map((v) => v.imei);
  for (let start = range.from; start < range.to; start += TRIP_CHUNK_DAYS * DAY) {
    const end = Math.min(range.to, start + TRIP_CHUNK_DAYS * DAY);
    // A few vehicles at a time in parallel: the upstream answers each vehicle's call separately.
    for (let i = 0; i < imeis.length; i += PARALLEL) {
      await check(progress);
      const batch = imeis.slice(i, i + PARALLEL);
      const results = await Promise.all(
        batch.map((imei) => getTrips(auth, [imei], start, end, source)),
      );
      for (const r of results) for (const t of r.trips) out.push(t);
      step.done += batch.length;
      await progress.onProgress?.(step.done, step.total, `Trips up to ${localDay(end - 1, "UTC")}`);
    }
  }
  return out.sort(
    (a, b) => Date.parse(a.start.time) - Date.parse(b.start.time) || compareId(a.imei, b.imei),
  );
}

async function eventsOf(
  auth: ReportAuth,
  kinds: string[],
  range: Range,
  now: number,
): Promise<ReportEvent[]> {
  const earliest = now - EVENTS_DAYS * DAY + 60_000;
  if (range.to <= earliest) return [];
  let since = new Date(Math.max(range.from, earliest)).toISOString();
  const out: ReportEvent[] = [];
  for (let page = 0; page < 200; page++) {
    const res = await up.events(upstream(auth.token), { since, limit: 5000 });
    for (const e of res.events) {
      const t = Date.parse(e.time);
      if (t >= range.from && t < range.to && kinds.includes(e.kind))
        out.push({ id: e.id, kind: e.kind, imei: e.imei, time: t, details: e.details });
    }
    if (!res.hasMore || Date.parse(res.next) >= range.to) break;
    since = res.next;
  }
  return out;
}

async function idlesOf(
  auth: ReportAuth,
  vehicles: ReportVehicle[],
  range: Range,
  minS: number,
  progress: Progress,
) {
  const out = [] as ReportInput["idles"];
  const end = Math.min(range.to, Date.now());
  for (let start = range.from; start < end; start += 7 * DAY) {
    const to = new Date(Math.min(end, start + 7 * DAY)).toISOString();
    for (let i = 0; i < vehicles.length; i += PARALLEL) {
      await check(progress);
      const batch = vehicles.slice(i, i + PARALLEL);
      const results = await Promise.all(
        batch.map((v) =>
          up.trackpoints(upstream(auth.token), v.imei, {
            from: new Date(start).toISOString(),
            to,
            intervalS: 120,
          }),
        ),
      );
      results.forEach((res, j) => out.push(...idlePeriods(batch[j]!.imei, res.points, minS)));
    }
  }
  return out;
}

/** Builds the report: fetches what the definition needs, then runs its pure builder. */
export async function buildReport(
  auth: ReportAuth,
  def: ReportDefinition<BaseParams>,
  params: BaseParams,
  opts: {
    range?: Range;
    timeZone?: string;
    now?: number;
    vehicles?: ReportVehicle[];
  } & Progress = {},
): Promise<BuiltReport> {
  const now = opts.now ?? Date.now();
  const timeZone = opts.timeZone ?? (await reportTimeZone(auth));
  const range = def.ranged
    ? (opts.range ?? rangeOf(params, timeZone, now))
    : { from: now, to: now };
  const vehicles = chooseVehicles(opts.vehicles ?? (await companyVehicles(auth)), def, params);
  const chunks = Math.max(1, Math.ceil((range.to - range.from) / (TRIP_CHUNK_DAYS * DAY)));
  const step = {
    done: 0,
    total: def.needs.trips ? vehicles.length * chunks * (def.needs.previousTrips ? 2 : 1) : 1,
  };
  const input: ReportInput = {
    vehicles,
    trips: [],
    previousTrips: [],
    events: [],
    idles: [],
    from: range.from,
    to: range.to,
    timeZone,
    now,
  };
  const source = def.needs.logbook ? "logbook" : "trips";
  if (def.needs.trips) input.trips = await tripsOf(auth, vehicles, range, source, opts, step);
  if (def.needs.previousTrips)
    input.previousTrips = await tripsOf(
      auth,
      vehicles,
      { from: range.from - (range.to - range.from), to: range.from },
      source,
      opts,
      step,
    );
  if (def.needs.drivers)
    input.drivers = await driverReportData(auth, {
      from: range.from - (range.to - range.from),
      to: range.to,
    });
  if (def.needs.events?.length) input.events = await eventsOf(auth, def.needs.events, range, now);
  if (def.needs.idling)
    input.idles = await idlesOf(
      auth,
      vehicles,
      range,
      60 * Number((params as { minStopMinutes?: number }).minStopMinutes ?? 5),
      opts,
    );
  await check(opts);
  const rows = def.build(input, params);
  return { input, rows, totals: computeTotals(def.columns, rows), range, timeZone };
}

/** "1 Mar 2026 – 31 Mar 2026 (Australia/Brisbane)", or "Now" for reports without a period. */
export function describeRange(
  def: ReportDefinition<BaseParams>,
  built: { range: Range; timeZone: string },
): string {
  if (!def.ranged)
    return `As of ${formatZoned(built.range.to, built.timeZone, "full")} (${built.timeZone})`;
  // A report is a document read in later years: its dates always name the year.
  const fmt = (ms: number) => formatZoned(ms, built.timeZone, "fullDate");
  return `${fmt(built.range.from)} – ${fmt(built.range.to - 1)} (${built.timeZone})`;
}
