/**
 * Dashcam events of the simulated world, derived like the drivers' safety events (a pure function
 * of world and trip, so any day of the last 92 is there on request). A live dashcam (types 24, 27)
 * raises a video event for each of its trip's safety events that a camera sees (same id as the
 * driver safety event, so a review of one is a review of the other) plus camera-only events:
 * tailgating, collisions and manual captures (the driver pressed the button).
 */
import { LIVE_DASHCAM } from "./catalog";
import { tripEvents, type Session, type SafetyEvent } from "./drivers";
import type { SimTrip } from "./fixes";
import { round6 } from "./geo";
import { sampleAt } from "./movement";
import { hash, unit } from "./prng";
import type { Device, World } from "./world";

export const DASHCAM_TYPES = [
  "harsh_braking",
  "harsh_acceleration",
  "harsh_cornering",
  "collision",
  "distraction",
  "tailgating",
  "speeding",
  "manual",
] as const;
export type DashcamType = (typeof DASHCAM_TYPES)[number];

/** How the safety events a camera sees are named as video events (seatbelt is not filmed). */
const FROM_SAFETY: Partial<Record<SafetyEvent["behaviour"], DashcamType>> = {
  harsh_braking: "harsh_braking",
  harsh_acceleration: "harsh_acceleration",
  harsh_cornering: "harsh_cornering",
  speeding: "speeding",
  excessive_speeding: "speeding",
  phone_use: "distraction",
  distraction: "distraction",
};

/** Camera-only events per 1,000 km. */
const CAMERA_ONLY: Array<[DashcamType, number]> = [
  ["tailgating", 4],
  ["collision", 0.4],
  ["manual", 1.5],
];

/** Seconds of speed trace kept either side of an event, one sample a second. */
export const TRACE_SECONDS = 10;

export const isDashcam = (d: Device) =>
  (LIVE_DASHCAM as readonly number[]).includes(d.device_type_id);

/** Footage the camera's card holds: the bigger unit (type 24) keeps two weeks, type 27 one. */
export const retentionDays = (d: Device) => (d.device_type_id === 24 ? 14 : 7);

export type DashcamEvent = {
  id: string;
  type: DashcamType;
  time: string;
  lat: number;
  lng: number;
  heading: number;
  imei: string;
  vehicle: string;
  trip_id: string;
  driver_id: number | null;
  severity: "low" | "medium" | "high";
  speed: number;
  speed_limit: number | null;
  /** Speed (km/h) from TRACE_SECONDS before to TRACE_SECONDS after, one a second. */
  trace: Array<{ offset_s: number; speed: number }>;
  snapshots: string[];
  clip_id: string;
  clip_seconds: number;
};

function poisson(mean: number, ...key: number[]): number {
  const u = unit(...key);
  let p = Math.exp(-mean);
  let cdf = p;
  let k = 0;
  while (u > cdf && k < 50) {
    k++;
    p *= mean / k;
    cdf += p;
  }
  return k;
}

/** The shape of the speed around the event: what the accelerometer saw, on top of the road speed. */
function traceOf(type: DashcamType, speed: number, seed: number) {
  const out: Array<{ offset_s: number; speed: number }> = [];
  const v = Math.max(speed, 20);
  for (let s = -TRACE_SECONDS; s <= TRACE_SECONDS; s++) {
    const jitter = (unit(seed, s + 100) - 0.5) * 3;
    const after = Math.max(0, Math.min(1, (s + 1) / 3));
    let x: number;
    switch (type) {
      case "harsh_braking":
        x = v - after * v * 0.6;
        break;
      case "collision":
        x = s < 0 ? v : s < 2 ? v * (1 - (s + 1) / 2) : 0;
        break;
      case "harsh_acceleration":
        x = v * 0.35 + after * v * 0.65;
        break;
      case "harsh_cornering":
        x = v - Math.max(0, 1 - Math.abs(s) / 4) * v * 0.3;
        break;
      default:
        x = v;
    }
    out.push({ offset_s: s, speed: Math.max(0, Math.round(x + (x > 0 ? jitter : 0))) });
  }
  return out;
}

function media(id: string, type: DashcamType) {
  return {
    snapshots: type === "distraction" ? [`${id}.s1`] : [`${id}.s1`, `${id}.s2`],
    clip_id: `${id}.clip`,
    clip_seconds: 12,
  };
}

/** The video events of one trip of a live dashcam, oldest first (none for other devices). */
export function dashcamTripEvents(
  world: World,
  d: Device,
  st: SimTrip,
  s: Session,
): DashcamEvent[] {
  if (!isDashcam(d)) return [];
  const out: DashcamEvent[] = [];
  const add = (
    id: string,
    type: DashcamType,
    t: number,
    severity: DashcamEvent["severity"],
    limit: number | null,
    speedIfKnown?: number,
  ) => {
    const p = sampleAt(d, t);
    const speed = speedIfKnown ?? Math.max(8, Math.round(p.speed));
    out.push({
      id,
      type,
      time: new Date(t).toISOString(),
      lat: round6(p.lat),
      lng: round6(p.lng),
      heading: Math.round(p.heading),
      imei: d.imei,
      vehicle: d.nickname,
      trip_id: st.id,
      driver_id: s.driver_id,
      severity,
      speed,
      speed_limit: limit,
      trace: traceOf(type, speed, hash(d.sim.code, t)),
      ...media(id, type),
    });
  };
  for (const e of tripEvents(world, d, st, s)) {
    const type = FROM_SAFETY[e.behaviour];
    if (type)
      add(
        e.id,
        type,
        Date.parse(e.time),
        e.severity,
        e.speed_limit,
        type === "speeding" ? e.speed : undefined,
      );
  }
  CAMERA_ONLY.forEach(([type, rate], ti) => {
    const n = poisson((rate * st.leg.km) / 1000, d.sim.code, st.leg.depart, 40 + ti);
    const span = st.leg.arrive - st.leg.depart;
    for (let k = 0; k < n; k++) {
      const t = st.leg.depart + Math.floor(unit(d.sim.code, st.leg.depart, 40 + ti, k) * span);
      const u = unit(d.sim.code, t, 41);
      const severity =
        type === "collision" ? "high" : type === "manual" ? "low" : u < 0.5 ? "low" : "medium";
      add(`${st.id}-c${ti}-${k}`, type, t, severity, null);
    }
  });
  return out.sort((a, b) => a.time.localeCompare(b.time));
}

/** `<imei>-<departure ms>-…`: the trip an event id belongs to, or null. */
export function tripKeyOf(eventId: string): { imei: string; depart: number } | null {
  const m = /^(\d{15})-(\d{12,14})-(?:\d+|c\d+)-\d+$/.exec(eventId);
  return m ? { imei: m[1]!, depart: Number(m[2]) } : null;
}
