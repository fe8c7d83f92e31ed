/**
 * Trips and logbook entries: generated from the movement model, then passed through an in-memory
 * overlay of user changes (deleted trips, changed purposes, manually added trips) so mutations
 * persist for the simulator's lifetime.
 */
import { hash, unit } from "./prng";
import { round6 } from "./geo";
import { NODES } from "./roads";
import { tripSamples, tripsBetween, type SimTrip } from "./fixes";
import { sampleAt, stopAddress } from "./movement";
import type { Device, World } from "./world";

export type Purpose = "business" | "private";

export type TripEnd = { time: string; lat: number; lng: number; address: string; odometer: number };
export type TripPoint = { time: string; lat: number; lng: number; speed: number; heading: number };
export type Trip = {
  id: string;
  imei: string;
  start: TripEnd;
  end: TripEnd;
  distance_km: number;
  duration_s: number;
  max_speed: number;
  avg_speed: number;
  driver: string | null;
  purpose: Purpose;
  description: string;
  manual: boolean;
  points?: TripPoint[];
};

export type LogPoint = {
  obdodometer: number;
  lat: number;
  lng: number;
  address: string;
  timestamp: string;
};
export type LogMeta = {
  id: string;
  logstart: string;
  logstop: string;
  description: string;
  imei: string;
  purpose: Purpose;
  driver: string | null;
};
export type LogEntry = [LogPoint, LogPoint, LogMeta];

export type Overlay = {
  deleted: Set<string>;
  edits: Map<string, { purpose?: Purpose; description?: string }>;
  manual: Map<string, Trip[]>;
  nextManual: number;
};

export const createOverlay = (): Overlay => ({
  deleted: new Set(),
  edits: new Map(),
  manual: new Map(),
  nextManual: 1,
});

const iso = (ms: number) => new Date(ms).toISOString();
const km1 = (n: number) => Math.round(n * 10) / 10;

function toTrip(world: World, d: Device, st: SimTrip, withPoints: boolean): Trip {
  const { leg } = st;
  const company = world.companies.get(d.companyid)!;
  const samples = tripSamples(d, leg);
  const business = unit(d.sim.code, Math.floor(leg.depart / 1000), 7) < 0.8;
  const durationS = Math.round((leg.arrive - leg.depart) / 1000);
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  return {
    id: st.id,
    imei: d.imei,
    start: {
      time: iso(leg.depart),
      lat: round6(first.lat),
      lng: round6(first.lng),
      address: stopAddress(leg.fromStop),
      odometer: km1(leg.odoStart),
    },
    end: {
      time: iso(leg.arrive),
      lat: round6(last.lat),
      lng: round6(last.lng),
      address: stopAddress(leg.toStop),
      odometer: km1(leg.odoStart + leg.km),
    },
    distance_km: km1(leg.km),
    duration_s: durationS,
    max_speed: Math.max(...samples.map((s) => s.speed)),
    avg_speed: Math.round(leg.km / (durationS / 3600)),
    driver:
      d.permdriver ?? company.drivers[hash(d.sim.code, st.day) % company.drivers.length] ?? null,
    purpose: business ? "business" : "private",
    description: business ? `Delivery, ${NODES[leg.toStop.node]!.name}` : "Private",
    manual: false,
    points: withPoints
      ? samples.map((s) => ({
          time: iso(s.t),
          lat: round6(s.lat),
          lng: round6(s.lng),
          speed: s.speed,
          heading: s.heading,
        }))
      : undefined,
  };
}

/** Trips of a device starting in [from, to), overlay applied, oldest first. */
export function listTrips(
  world: World,
  overlay: Overlay,
  d: Device,
  from: number,
  to: number,
  now: number,
  withPoints = false,
): Trip[] {
  const generated = tripsBetween(world, d, from, to, now)
    .filter((t) => !overlay.deleted.has(t.id))
    .map((t) => toTrip(world, d, t, withPoints));
  const manual = (overlay.manual.get(d.imei) ?? []).filter((t) => {
    const s = Date.parse(t.start.time);
    return s >= from && s < to && !overlay.deleted.has(t.id);
  });
  return [...generated, ...manual]
    .map((t) => {
      const e = overlay.edits.get(t.id);
      return e ? { ...t, ...e } : t;
    })
    .sort((a, b) => Date.parse(a.start.time) - Date.parse(b.start.time));
}

export function toLogEntry(t: Trip): LogEntry {
  return [
    {
      obdodometer: t.start.odometer,
      lat: t.start.lat,
      lng: t.start.lng,
      address: t.start.address,
      timestamp: t.start.time,
    },
    {
      obdodometer: t.end.odometer,
      lat: t.end.lat,
      lng: t.end.lng,
      address: t.end.address,
      timestamp: t.end.time,
    },
    {
      id: t.id,
      logstart: t.start.time,
      logstop: t.end.time,
      description: t.description,
      imei: t.imei,
      purpose: t.purpose,
      driver: t.driver,
    },
  ];
}

/** Finds the trip a client refers to by imei + logstart + logstop (or by id). */
export function findTrip(
  world: World,
  overlay: Overlay,
  d: Device,
  now: number,
  ref: { id?: string; logstart?: string; logstop?: string },
): Trip | null {
  const start = ref.logstart ? Date.parse(ref.logstart) : NaN;
  const stop = ref.logstop ? Date.parse(ref.logstop) : NaN;
  if (ref.id?.startsWith("manual-")) {
    return (
      (overlay.manual.get(d.imei) ?? []).find(
        (t) => t.id === ref.id && !overlay.deleted.has(t.id),
      ) ?? null
    );
  }
  let from: number;
  // Generated trip ids are `<imei>-<departure ms>`, so an id alone locates the trip in time.
  if (!Number.isNaN(start)) from = start;
  else if (ref.id && /-(\d{12,})$/.test(ref.id)) from = Number(ref.id.match(/-(\d{12,})$/)![1]);
  else return null;
  const candidates = listTrips(world, overlay, d, from - 1000, from + 1000, now);
  return (
    candidates.find((t) =>
      ref.id
        ? t.id === ref.id
        : Date.parse(t.start.time) === start &&
          (Number.isNaN(stop) || Date.parse(t.end.time) === stop),
    ) ?? null
  );
}

export type NewTrip = {
  logstart: string;
  logstop: string;
  description?: string;
  purpose?: Purpose;
  driver?: string | null;
  start_odometer?: number;
  end_odometer?: number;
  start_address?: string;
  end_address?: string;
};

/** Saves a manual trip unless one with the same logstart and logstop exists (SPEC §4). */
export function saveManualTrip(
  world: World,
  overlay: Overlay,
  d: Device,
  now: number,
  input: NewTrip,
): { trip: Trip; duplicate: boolean } {
  const start = Date.parse(input.logstart);
  const stop = Date.parse(input.logstop);
  const existing = listTrips(world, overlay, d, start - 1000, start + 1000, now).find(
    (t) => Date.parse(t.start.time) === start && Date.parse(t.end.time) === stop,
  );
  if (existing) return { trip: existing, duplicate: true };
  const a = sampleAt(d, start);
  const b = sampleAt(d, stop);
  const startOdo = input.start_odometer ?? km1(a.odometer);
  const endOdo = input.end_odometer ?? Math.max(startOdo, km1(b.odometer));
  const distance = km1(endOdo - startOdo);
  const durationS = Math.max(0, Math.round((stop - start) / 1000));
  const trip: Trip = {
    id: `manual-${overlay.nextManual++}`,
    imei: d.imei,
    start: {
      time: iso(start),
      lat: round6(a.lat),
      lng: round6(a.lng),
      address: input.start_address ?? "Manual entry",
      odometer: startOdo,
    },
    end: {
      time: iso(stop),
      lat: round6(b.lat),
      lng: round6(b.lng),
      address: input.end_address ?? "Manual entry",
      odometer: endOdo,
    },
    distance_km: distance,
    duration_s: durationS,
    max_speed: 0,
    avg_speed: durationS ? Math.round(distance / (durationS / 3600)) : 0,
    driver: input.driver ?? d.permdriver,
    purpose: input.purpose ?? "business",
    description: input.description ?? "Manual trip",
    manual: true,
  };
  const list = overlay.manual.get(d.imei) ?? [];
  list.push(trip);
  overlay.manual.set(d.imei, list);
  return { trip, duplicate: false };
}
