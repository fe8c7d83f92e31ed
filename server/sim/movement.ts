/**
 * Where every device is at any instant, as a pure function of (seed world, device, time).
 *
 * A vehicle's device-day starts and ends at its home depot, so days are independent: the plan of
 * day k is built from hashes of (device, k) alone. The sequence of stops repeats on a 28-day cycle
 * (timings do not), which lets the odometer at the start of any day be computed in O(1) from a
 * per-device prefix sum instead of replaying history. Nothing runs on a timer; callers ask for the
 * state at a time and get the same answer every time.
 */
import { DAY_MS, TZ_OFFSET_MS } from "./catalog";
import { bearing, distanceKm, lerp, type LatLng } from "./geo";
import { hash, unit } from "./prng";
import { NODES, addressNear, roadKm, route, type Edge } from "./roads";
import type { Device, World } from "./world";

const CYCLE = 28;
/** A day index that is a multiple of 28 (and 7) near 2020, so odometers stay realistic. */
const K0 = 18256;
const WINDOW_MS = 10 * 3600_000;

export type State = "moving" | "idling" | "resting";

export type Leg = {
  index: number;
  fromStop: Stop;
  toStop: Stop;
  edges: Edge[];
  /** kmh per edge, below its limit. */
  cruise: number[];
  /** ms from depart at the start of each edge, plus the total at the end. */
  edgeStartMs: number[];
  km: number;
  odoStart: number;
  warmStart: number;
  depart: number;
  arrive: number;
  idleEnd: number;
  /** When the vehicle leaves again (next leg's warm-up) or the end of the day. */
  restEnd: number;
};

/** A place a vehicle stops at; `salt` keys its synthetic street address (see stopAddress). */
export type Stop = { node: number; point: LatLng; salt: number };
type DayPlan = { k: number; dayStart: number; odoStart: number; legs: Leg[] };

export type Sample = LatLng & {
  t: number;
  state: State;
  speed: number;
  heading: number;
  ignition: boolean;
  odometer: number;
  /** When the current state began (a fix cannot predate it). */
  since: number;
};

const shiftMs = (d: Device) => d.sim.shiftHours * 3600_000;
export const deviceDay = (d: Device, t: number) =>
  Math.floor((t + TZ_OFFSET_MS - shiftMs(d)) / DAY_MS);
const dayStartOf = (d: Device, k: number) => k * DAY_MS - TZ_OFFSET_MS + shiftMs(d);
const mod = (a: number, n: number) => ((a % n) + n) % n;
const works = (d: Device, k: number) =>
  d.sim.profile !== "parked" && ((d.sim.workdays >> mod(k + 4, 7)) & 1) === 1;

// ---------------------------------------------------------------- stops and distance (28-day cycle)

function homeStop(d: Device): Stop {
  const n = NODES[d.sim.home]!;
  const c = d.sim.code;
  return {
    node: d.sim.home,
    point: { lat: n.lat + (unit(c, 1) - 0.5) * 0.012, lng: n.lng + (unit(c, 2) - 0.5) * 0.012 },
    salt: c,
  };
}

function stopsFor(d: Device, c: number): Stop[] {
  const code = d.sim.code;
  const home = homeStop(d);
  const stops = [home];
  // 2..7 customer stops, so 3..8 trips a day; couriers make drops until about 12 h of work.
  const count = d.sim.courier ? 60 : 2 + (hash(code, c, 1) % 6);
  let hours = 0;
  let prev = home.node;
  for (let i = 0; i < count; i++) {
    let node = hash(code, c, 10 + i) % NODES.length;
    if (node === prev)
      node = (node + 1 + (hash(code, c, 30 + i) % (NODES.length - 1))) % NODES.length;
    if (node === prev) node = (node + 1) % NODES.length;
    const n = NODES[node]!;
    stops.push({
      node,
      // Customers sit off the arterial, up to ~700 m from the suburb centre, so vehicles spread out.
      point: {
        lat: n.lat + (unit(code, c, 40 + i) - 0.5) * 0.012,
        lng: n.lng + (unit(code, c, 50 + i) - 0.5) * 0.012,
      },
      salt: hash(code, c, i),
    });
    // ~35 km/h door to door plus ~6 min at each drop; the shift must end well inside the day.
    hours += roadKm(prev, node) / 35 + 0.1;
    prev = node;
    if (d.sim.courier && hours > 12) break;
  }
  stops.push(home);
  return stops;
}

function localEdge(a: LatLng, b: LatLng, node: number): Edge {
  const km = distanceKm(a, b);
  return {
    from: node,
    to: node,
    name: "local street",
    limitKmh: 40,
    points: [a, b],
    cum: [0, km],
    km,
  };
}

function legEdges(from: Stop, to: Stop): Edge[] {
  return [
    localEdge(from.point, NODES[from.node]!, from.node),
    ...route(from.node, to.node),
    localEdge(NODES[to.node]!, to.point, to.node),
  ];
}

const cycleCache = new WeakMap<Device, { prefix: Float64Array; total: number }>();

/** Km driven on each day of the 28-day cycle, as a prefix sum (prefix[c] = km before day c). */
function cycleKm(d: Device) {
  let hit = cycleCache.get(d);
  if (hit) return hit;
  const prefix = new Float64Array(CYCLE + 1);
  for (let c = 0; c < CYCLE; c++) {
    let km = 0;
    if (works(d, c + K0)) {
      // Same sum as the legs' edges in buildPlan, without building edge objects (cheap at 10k devices).
      const stops = stopsFor(d, c);
      for (let i = 0; i + 1 < stops.length; i++) {
        const a = stops[i]!;
        const b = stops[i + 1]!;
        km +=
          distanceKm(a.point, NODES[a.node]!) +
          roadKm(a.node, b.node) +
          distanceKm(NODES[b.node]!, b.point);
      }
    }
    prefix[c + 1] = prefix[c]! + km;
  }
  hit = { prefix, total: prefix[CYCLE]! };
  cycleCache.set(d, hit);
  return hit;
}

/** Odometer (km) at the start of device-day k. */
export function odometerAtDayStart(d: Device, k: number): number {
  if (d.sim.stationary) return 0;
  const { prefix, total } = cycleKm(d);
  const j = k - K0;
  return d.sim.baseOdometerKm + Math.floor(j / CYCLE) * total + prefix[mod(j, CYCLE)]!;
}

export function stopAddress(s: Stop): string {
  return addressNear(s.node, s.salt);
}

// ---------------------------------------------------------------- day plans (timing varies per day)

// Per device object (not per imei): several simulators with different seeds may share a process.
const planCache = new WeakMap<Device, Map<number, DayPlan>>();

export function dayPlan(d: Device, k: number): DayPlan {
  let plans = planCache.get(d);
  if (!plans) planCache.set(d, (plans = new Map()));
  const hit = plans.get(k);
  if (hit) return hit;
  // Bounded: a few recent days per device; a long history query simply rebuilds plans.
  if (plans.size > 16) plans.clear();
  const plan = buildPlan(d, k);
  plans.set(k, plan);
  return plan;
}

function buildPlan(d: Device, k: number): DayPlan {
  const dayStart = dayStartOf(d, k);
  const odoStart = odometerAtDayStart(d, k);
  if (d.sim.stationary || !works(d, k)) return { k, dayStart, odoStart, legs: [] };
  const code = d.sim.code;
  const stops = stopsFor(d, mod(k - K0, CYCLE));
  const legs: Leg[] = [];
  let odo = odoStart;
  for (let i = 0; i + 1 < stops.length; i++) {
    const edges = legEdges(stops[i]!, stops[i + 1]!);
    const cruise = edges.map((e, j) => e.limitKmh * (0.72 + 0.2 * unit(code, k, i, j)));
    const edgeStartMs = [0];
    edges.forEach((e, j) => edgeStartMs.push(edgeStartMs[j]! + (e.km / cruise[j]!) * 3600_000));
    const km = edges.reduce((s, e) => s + e.km, 0);
    legs.push({
      index: i,
      fromStop: stops[i]!,
      toStop: stops[i + 1]!,
      edges,
      cruise,
      edgeStartMs,
      km,
      odoStart: odo,
      warmStart: 0,
      depart: 0,
      arrive: 0,
      idleEnd: 0,
      restEnd: 0,
    });
    odo += km;
  }
  // Timing: warm-up, drive, idle on arrival, then dwell; dwells share what is left of a 10 h shift.
  const warm = (i: number) => (1 + unit(code, k, i, 91) * 2) * 60_000;
  const idle = (i: number) => d.sim.idleMinutes * (0.6 + 0.8 * unit(code, k, i, 92)) * 60_000;
  const active = legs.reduce(
    (s, l, i) => s + warm(i) + l.edgeStartMs[l.edges.length]! + idle(i),
    0,
  );
  const spare = d.sim.courier
    ? legs.length * 2 * 60_000
    : Math.max(legs.length * 5 * 60_000, (WINDOW_MS - active) * 0.75);
  const weights = legs.map((_, i) => 0.4 + unit(code, k, i, 93));
  const wsum = weights.slice(0, -1).reduce((a, b) => a + b, 0) || 1;
  let t = dayStart + 6 * 3600_000 + unit(code, k, 94) * 90 * 60_000;
  legs.forEach((l, i) => {
    // Whole milliseconds, so times survive a round trip through ISO strings.
    l.warmStart = Math.round(t);
    l.depart = Math.round(t + warm(i));
    l.arrive = Math.round(l.depart + l.edgeStartMs[l.edges.length]!);
    l.idleEnd = Math.round(l.arrive + idle(i));
    t = l.idleEnd + (i < legs.length - 1 ? (spare * weights[i]!) / wsum : 0);
    l.restEnd = i < legs.length - 1 ? Math.round(t) : dayStart + DAY_MS;
  });
  return { k, dayStart, odoStart, legs };
}

// ---------------------------------------------------------------- state at an instant

/** The cut-off after which an offline device stopped reporting (Infinity when online). */
export function silentAfter(world: World, d: Device): number {
  return d.sim.profile === "offline" ? world.createdAt - d.sim.offlineForMs : Infinity;
}

/** Exact (unquantised) state at time t. */
export function sampleAt(d: Device, t: number): Sample {
  if (d.sim.stationary) {
    return {
      t,
      ...d.sim.site,
      state: "resting",
      speed: 0,
      heading: 0,
      ignition: false,
      odometer: 0,
      since: t - (t % DAY_MS),
    };
  }
  const k = deviceDay(d, t);
  const plan = dayPlan(d, k);
  const home = homeStop(d).point;
  const parked = (p: LatLng, odometer: number, since: number, heading: number): Sample => ({
    t,
    ...p,
    state: "resting",
    speed: 0,
    heading,
    ignition: false,
    odometer,
    since,
  });
  if (!plan.legs.length || t < plan.legs[0]!.warmStart) {
    return parked(home, plan.odoStart, plan.dayStart, hash(d.sim.code) % 360);
  }
  for (const leg of plan.legs) {
    if (t >= leg.restEnd) continue;
    const end = leg.odoStart + leg.km;
    const lastEdge = leg.edges[leg.edges.length - 1]!;
    const arrivalHeading = Math.round(bearing(lastEdge.points[0]!, lastEdge.points[1]!));
    if (t < leg.depart) {
      return {
        t,
        ...leg.fromStop.point,
        state: "idling",
        speed: 0,
        heading: 0,
        ignition: true,
        odometer: leg.odoStart,
        since: leg.warmStart,
      };
    }
    if (t < leg.arrive) return driving(d, leg, t);
    if (t < leg.idleEnd) {
      return {
        t,
        ...leg.toStop.point,
        state: "idling",
        speed: 0,
        heading: arrivalHeading,
        ignition: true,
        odometer: end,
        since: leg.arrive,
      };
    }
    return parked(leg.toStop.point, end, leg.idleEnd, arrivalHeading);
  }
  const last = plan.legs[plan.legs.length - 1]!;
  return parked(last.toStop.point, last.odoStart + last.km, last.idleEnd, 0);
}

function driving(d: Device, leg: Leg, t: number): Sample {
  const dt = t - leg.depart;
  let j = 0;
  while (j < leg.edges.length - 1 && leg.edgeStartMs[j + 1]! <= dt) j++;
  const e = leg.edges[j]!;
  const f = Math.min(
    1,
    (dt - leg.edgeStartMs[j]!) / (leg.edgeStartMs[j + 1]! - leg.edgeStartMs[j]! || 1),
  );
  const along = f * e.km;
  let s = 0;
  while (s < e.points.length - 2 && e.cum[s + 1]! < along) s++;
  const segKm = e.cum[s + 1]! - e.cum[s]! || 1;
  const p = lerp(e.points[s]!, e.points[s + 1]!, Math.min(1, (along - e.cum[s]!) / segKm));
  const kmBefore = leg.edges.slice(0, j).reduce((acc, x) => acc + x.km, 0);
  // Small deterministic jitter every 10 s, never more than a few km/h over the limit.
  const speed = Math.min(
    e.limitKmh + 4,
    leg.cruise[j]! * (0.9 + 0.15 * unit(d.sim.code, Math.floor(t / 10_000))),
  );
  return {
    t,
    ...p,
    state: "moving",
    speed: Math.round(speed),
    heading: Math.round(bearing(e.points[s]!, e.points[s + 1]!)),
    ignition: true,
    odometer: leg.odoStart + kmBefore + along,
    since: leg.depart,
  };
}
