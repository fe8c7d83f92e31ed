/**
 * Drivers of the simulated world: driver records and ID tags (mutable, kept in SimState so they
 * persist), and, derived from the moving vehicles, who drove each trip (driver sessions from tag
 * reads, manual assignments or the vehicle's permdriver) and the safety events of each trip.
 * Everything derived is a pure function of (world, trip), so 90 days are always there.
 */
import { LIVE_DASHCAM } from "./catalog";
import { round6 } from "./geo";
import { hash, strCode, unit } from "./prng";
import { tripsBetween, type SimTrip } from "./fixes";
import type { Device, World } from "./world";

export type SimDriver = {
  id: number;
  companyid: number;
  first_name: string;
  last_name: string;
  employee_number: string;
  phone: string | null;
  email: string | null;
  licence_number: string | null;
  licence_class: string | null;
  licence_expiry: string | null;
  photo: string | null;
  group_ids: number[];
  active: boolean;
};

export type SimDriverTag = {
  id: number;
  companyid: number;
  uid: string;
  label: string;
  driver_id: number | null;
  active: boolean;
};

export type DriverData = {
  drivers: SimDriver[];
  tags: SimDriverTag[];
  /** trip id → driver id assigned after the fact (null = explicitly unassigned). */
  assignments: Map<string, number | null>;
  nextDriverId: number;
  nextTagId: number;
  /** Bumped by every write, so cached derived days are rebuilt. */
  revision?: number;
};

export const BEHAVIOURS = [
  "harsh_acceleration",
  "harsh_braking",
  "harsh_cornering",
  "speeding",
  "excessive_speeding",
  "seatbelt",
  "phone_use",
  "distraction",
] as const;
export type Behaviour = (typeof BEHAVIOURS)[number];

/** Events per 1,000 km of an ordinary driver. */
const BASE_RATE: Record<Behaviour, number> = {
  harsh_acceleration: 3,
  harsh_braking: 4,
  harsh_cornering: 2,
  speeding: 6,
  excessive_speeding: 1,
  seatbelt: 1.5,
  phone_use: 1,
  distraction: 1,
};
const DASHCAM_ONLY = new Set<Behaviour>(["phone_use", "distraction"]);
export const TAG_UID = /^[0-9A-F]{8,16}$/;
export const EVENTS_MAX_RANGE_MS = 92 * 86_400_000;

const CLASSES = ["C", "LR", "MR", "HR", "HC"];

function splitName(full: string): [string, string] {
  const i = full.lastIndexOf(" ");
  return i < 0 ? [full, ""] : [full.slice(0, i), full.slice(i + 1)];
}

/**
 * Seeded drivers: the company's six driver names (who the trips name) plus one new starter who has
 * barely driven. The second driver's licence expires within 30 days; every driver but the last two
 * carries a tag.
 */
export function seedDriverData(world: World, createdAt: number): DriverData {
  const drivers: SimDriver[] = [];
  const tags: SimDriverTag[] = [];
  for (const c of world.companies.values()) {
    const names = [...new Set(c.drivers)];
    names.push(c.id === 1 ? "Nova Starter" : `New Starter ${c.id}`);
    names.forEach((full, i) => {
      const [first, last] = splitName(full);
      const id = c.id * 1000 + i + 1;
      const days = i === 1 ? 20 : 200 + (hash(id, 3) % 900);
      drivers.push({
        id,
        companyid: c.id,
        first_name: first,
        last_name: last,
        employee_number: `E${c.id}-${String(i + 1).padStart(3, "0")}`,
        phone: `+61 400 ${String(200 + i).padStart(3, "0")} ${String(c.id).padStart(3, "0")}`,
        // The demo account "driver" is company 1's third driver (a driver user sees their own scorecard).
        email:
          c.id === 1 && i === 2
            ? "driver@harbour.example"
            : `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "") + "@drivers.example",
        licence_number: String(10_000_000 + (hash(id, 1) % 89_999_999)),
        licence_class: CLASSES[hash(id, 2) % CLASSES.length]!,
        licence_expiry: new Date(createdAt + days * 86_400_000).toISOString().slice(0, 10),
        photo: null,
        group_ids: [],
        active: true,
      });
      if (i < names.length - 2) {
        tags.push({
          id: id,
          companyid: c.id,
          uid: (hash(id, 4).toString(16) + hash(id, 5).toString(16)).toUpperCase().slice(0, 10),
          label: `Card ${i + 1}`,
          driver_id: id,
          active: true,
        });
      }
    });
  }
  return { drivers, tags, assignments: new Map(), nextDriverId: 0, nextTagId: 0 };
}

export const fullName = (d: SimDriver) => `${d.first_name} ${d.last_name}`.trim();

/** Risk multiplier by position among the company's names: the first is clean, the second risky. */
function riskOf(world: World, companyid: number, name: string): number {
  const names = [...new Set(world.companies.get(companyid)?.drivers ?? [])];
  const i = names.indexOf(name);
  if (i === 0) return 0.15;
  if (i === 1) return 4;
  return 0.6 + unit(strCode(name), 9) * 1.2;
}

export type Session = {
  trip_id: string;
  imei: string;
  start: string;
  end: string;
  distance_km: number;
  driver_id: number | null;
  source: "tag" | "manual" | "permdriver" | null;
  tag_id: number | null;
};

/** The name the trip's generator chose (trips.ts): permdriver, else the day's rotating driver. */
function generatedName(world: World, d: Device, st: SimTrip): string | null {
  const c = world.companies.get(d.companyid)!;
  return d.permdriver ?? c.drivers[hash(d.sim.code, st.day) % c.drivers.length] ?? null;
}

/**
 * Who drove a trip: a manual assignment wins; then a tag read at departure (about 70% of trips
 * of vehicles without a permanent driver have one, the rest are unidentified); then the permdriver.
 */
export function sessionOf(world: World, data: DriverData, d: Device, st: SimTrip): Session {
  const base = {
    trip_id: st.id,
    imei: d.imei,
    start: new Date(st.leg.depart).toISOString(),
    end: new Date(st.leg.arrive).toISOString(),
    distance_km: Math.round(st.leg.km * 10) / 10,
  };
  const mine = data.drivers.filter((x) => x.companyid === d.companyid);
  if (data.assignments.has(st.id)) {
    const id = data.assignments.get(st.id)!;
    return { ...base, driver_id: id, source: id === null ? null : "manual", tag_id: null };
  }
  const name = generatedName(world, d, st);
  const drv = name ? mine.find((x) => fullName(x) === name) : undefined;
  const tag = drv && data.tags.find((t) => t.driver_id === drv.id && t.active);
  if (!d.permdriver && tag && unit(d.sim.code, st.leg.depart, 11) < 0.7)
    return { ...base, driver_id: drv!.id, source: "tag", tag_id: tag.id };
  if (d.permdriver && drv)
    return { ...base, driver_id: drv.id, source: "permdriver", tag_id: null };
  return { ...base, driver_id: null, source: null, tag_id: null };
}

export type SafetyEvent = {
  id: string;
  behaviour: Behaviour;
  time: string;
  lat: number;
  lng: number;
  imei: string;
  trip_id: string;
  driver_id: number | null;
  speed: number;
  speed_limit: number | null;
  severity: "low" | "medium" | "high";
};

/** Poisson draw from a hash (inverse transform), so counts are deterministic per trip. */
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

/** The safety events of one trip, oldest first; the behaviour depends on who generated it. */
export function tripEvents(world: World, d: Device, st: SimTrip, s: Session): SafetyEvent[] {
  const name = generatedName(world, d, st);
  const risk = name ? riskOf(world, d.companyid, name) : 1;
  const dashcam = (LIVE_DASHCAM as readonly number[]).includes(d.device_type_id);
  const out: SafetyEvent[] = [];
  BEHAVIOURS.forEach((b, bi) => {
    if (DASHCAM_ONLY.has(b) && !dashcam) return;
    const n = poisson((BASE_RATE[b] * risk * st.leg.km) / 1000, d.sim.code, st.leg.depart, bi);
    for (let k = 0; k < n; k++) {
      const span = st.leg.arrive - st.leg.depart;
      const t = st.leg.depart + Math.floor(unit(d.sim.code, st.leg.depart, bi, k, 1) * span);
      // Along the leg, in proportion to time (cheap: 90 days of events are derived on demand).
      const f = span > 0 ? (t - st.leg.depart) / span : 0;
      const a = st.leg.fromStop.point;
      const z = st.leg.toStop.point;
      const p = { lat: a.lat + (z.lat - a.lat) * f, lng: a.lng + (z.lng - a.lng) * f };
      const cruise = span > 0 ? (st.leg.km / span) * 3_600_000 : 0;
      const limit = [50, 60, 80, 100][hash(d.sim.code, t, 2) % 4]!;
      const over = b === "speeding" ? 8 + (hash(t, 3) % 15) : 30 + (hash(t, 4) % 20);
      const speeding = b === "speeding" || b === "excessive_speeding";
      const sev = unit(d.sim.code, t, 5);
      out.push({
        id: `${st.id}-${bi}-${k}`,
        behaviour: b,
        time: new Date(t).toISOString(),
        lat: round6(p.lat),
        lng: round6(p.lng),
        imei: d.imei,
        trip_id: st.id,
        driver_id: s.driver_id,
        speed: speeding ? limit + over : Math.max(5, Math.round(cruise * 1.2)),
        speed_limit: speeding ? limit : null,
        severity:
          b === "excessive_speeding" ? "high" : sev < 0.6 ? "low" : sev < 0.9 ? "medium" : "high",
      });
    }
  });
  return out.sort((a, b) => a.time.localeCompare(b.time));
}

/** Finished trips of a company's vehicles departing in [from, to). */
export function companyTrips(
  world: World,
  companyid: number,
  from: number,
  to: number,
  now: number,
) {
  const out: Array<{ d: Device; st: SimTrip }> = [];
  for (const d of world.devicesByCompany.get(companyid) ?? [])
    for (const st of tripsBetween(world, d, from, to, now)) out.push({ d, st });
  return out;
}
