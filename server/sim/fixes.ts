/**
 * What devices report, derived from movement.ts: the last fix at any instant, battery and
 * temperature readings, and the trips a vehicle's day plan makes.
 */
import { DAY_MS } from "./catalog";
import { round6 } from "./geo";
import { hash, unit } from "./prng";
import {
  dayPlan,
  deviceDay,
  sampleAt,
  silentAfter,
  type Leg,
  type Sample,
  type State,
} from "./movement";
import type { Device, World } from "./world";

// ---------------------------------------------------------------- reported fixes

export type Fix = {
  lat: number;
  lng: number;
  speed: number;
  heading: number;
  ignition: boolean;
  odometer: number;
  timestamp: number;
  battery: number | null;
  temperature: number | null;
  state: State | "offline";
};

const HEARTBEAT_MS = 15 * 60_000;
const STATIONARY_POLL_MS = 5 * 60_000;

/**
 * The last fix a device reported at or before `now`: moving vehicles report every 10 s, idling
 * ones every minute, parked ones a heartbeat every 15 minutes, stationary sensors every 5 minutes;
 * offline devices stopped reporting before the simulator started.
 */
export function lastFix(world: World, d: Device, now: number): Fix {
  const cut = silentAfter(world, d);
  const t = Math.min(now, cut);
  const s = sampleAt(d, t);
  const phase = d.sim.heartbeatPhaseMs;
  const every = d.sim.stationary
    ? STATIONARY_POLL_MS
    : s.state === "moving"
      ? 10_000
      : s.state === "idling"
        ? 60_000
        : HEARTBEAT_MS;
  const tq = Math.max(s.since, Math.floor((t - phase) / every) * every + phase);
  const q = tq === t ? s : sampleAt(d, tq);
  return {
    lat: round6(q.lat),
    lng: round6(q.lng),
    speed: q.speed,
    heading: q.heading,
    ignition: q.ignition,
    odometer: Math.round(q.odometer * 10) / 10,
    timestamp: tq,
    battery: batteryAt(d, tq),
    temperature: temperatureAt(d, tq),
    state: now - tq > DAY_MS ? "offline" : q.state,
  };
}

/** Battery percent: vehicles stay charged; standalone sensors drain over a 30-day cycle. */
export function batteryAt(d: Device, t: number): number {
  if (!d.sim.stationary) return 92 + (hash(d.sim.code, Math.floor(t / 3600_000)) % 8);
  const days = t / DAY_MS + (d.sim.code % 30);
  return Math.max(3, Math.round(100 - (days % 30) * 3.3));
}

/** Cold chain / environment temperature in °C, with an occasional excursion (door left open). */
export function temperatureAt(d: Device, t: number): number | null {
  const r = d.sim.tempRange;
  if (!r) return null;
  const [lo, hi] = r;
  const mid = (lo + hi) / 2;
  const wave = Math.sin((t / 7_200_000) * Math.PI + (d.sim.code % 100)) * (hi - lo) * 0.35;
  const excursion = unit(d.sim.code, Math.floor(t / 1_800_000), 5) < 0.05 ? hi - mid + 3 : 0;
  return Math.round((mid + wave + excursion) * 10) / 10;
}

// ---------------------------------------------------------------- trips

export type SimTrip = {
  id: string;
  imei: string;
  leg: Leg;
  day: number;
};

/**
 * Generated trips departing within [from, to) and finished by `arriveBy` (the present, so a trip
 * in progress is not a trip yet), respecting the offline cut-off.
 */
export function tripsBetween(
  world: World,
  d: Device,
  from: number,
  to: number,
  arriveBy = Infinity,
): SimTrip[] {
  if (d.sim.stationary) return [];
  const silent = silentAfter(world, d);
  const end = Math.min(to, silent);
  const done = Math.min(arriveBy, silent);
  const out: SimTrip[] = [];
  for (let k = deviceDay(d, from); k <= deviceDay(d, end); k++) {
    for (const leg of dayPlan(d, k).legs) {
      if (leg.depart >= from && leg.depart < end && leg.arrive <= done) {
        out.push({ id: `${d.imei}-${leg.depart}`, imei: d.imei, leg, day: k });
      }
    }
  }
  return out;
}

export const TRIP_INTERVAL_MS = 10_000;

/** The positions of a trip every 10 s (the replay track), start and end included. */
export function tripSamples(d: Device, leg: Leg, everyMs = TRIP_INTERVAL_MS): Sample[] {
  const out: Sample[] = [];
  for (let t = leg.depart; t < leg.arrive; t += everyMs) out.push(sampleAt(d, t));
  out.push(sampleAt(d, leg.arrive));
  return out;
}
