/**
 * Sensor channels of environment (type 57) and cold-chain devices as a pure function of (seed,
 * device, time, the loads on the device): readings every 5 minutes with compressor cycling and a
 * daily drift, defrost cycles, door openings (the load warms toward ambient, then recovers),
 * occasional excursions (a compressor fault), missing hours (gaps) and hours uploaded late from the
 * device's buffer (they appear at their measured time once received). Door and defrost also
 * report on change, so a door open for two minutes between readings is still seen.
 */
import { batteryAt } from "./fixes";
import { silentAfter } from "./movement";
import { intIn, unit } from "./prng";
import type { Device, World } from "./world";

export const SENSOR_INTERVAL_MS = 5 * 60_000;
const MIN = 60_000;
const HOUR = 3_600_000;
export const CHANNELS = [
  "temperature",
  "humidity",
  "door",
  "setpoint",
  "defrost",
  "battery",
] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_UNIT: Record<Channel, string> = {
  temperature: "C",
  humidity: "%",
  door: "open",
  setpoint: "C",
  defrost: "on",
  battery: "%",
};

export type SensorKind = "environment" | "reefer" | "probe";

/** A forced excursion (a seeded incident, e.g. the load that fails its profile). */
export type Incident = { imei: string; start: number; end: number; peak: number };
/** What the generator needs of the loads on a device: when, and the setpoint they ask for. */
export type LoadSpan = { start: number; end: number | null; setpoint: number };

export type SensorContext = { loads: LoadSpan[]; incidents: Incident[] };

/** Company 2's last device carries a plug-in probe, so tenant tests have a sensor of theirs. */
export function sensorKind(d: Device): SensorKind | null {
  if (d.device_type_id === 57) return "environment";
  if (d.sim.hasTemperature) return "reefer";
  if (d.companyid === 2 && d.imei.endsWith("06")) return "probe";
  return null;
}

export function channelsOf(kind: SensorKind): Channel[] {
  if (kind === "environment")
    return ["temperature", "humidity", "door", "setpoint", "defrost", "battery"];
  if (kind === "reefer") return ["temperature", "door", "setpoint", "defrost", "battery"];
  return ["temperature", "battery"];
}

const defaultSetpoint = (kind: SensorKind) => (kind === "reefer" ? -20 : 5);

function setpointAt(kind: SensorKind, t: number, c: SensorContext): number {
  for (const l of c.loads) if (t >= l.start && (l.end === null || t < l.end)) return l.setpoint;
  return defaultSetpoint(kind);
}

type Episode = { start: number; end: number };

/** The defrost episode around t, if any: every 6 h (8 h for rooms), 25 (20) minutes. */
function defrostAt(d: Device, kind: SensorKind, t: number): Episode | null {
  if (kind === "probe") return null;
  const period = kind === "reefer" ? 6 * HOUR : 8 * HOUR;
  const dur = kind === "reefer" ? 25 * MIN : 20 * MIN;
  const offset = (d.sim.code % 360) * MIN;
  const start = Math.floor((t - offset) / period) * period + offset;
  return t < start + dur ? { start, end: start + dur } : null;
}

/** Door openings: at most one per hour slot, 1–8 minutes. */
function doorIn(d: Device, kind: SensorKind, slot: number): Episode | null {
  if (kind === "probe") return null;
  const p = kind === "reefer" ? 0.22 : 0.3;
  if (unit(d.sim.code, slot, 61) >= p) return null;
  const start = slot * HOUR + intIn(0, 50, d.sim.code, slot, 62) * MIN;
  const dur =
    (kind === "reefer" ? intIn(2, 8, d.sim.code, slot, 63) : intIn(1, 3, d.sim.code, slot, 63)) *
    MIN;
  return { start, end: start + dur };
}

function doorOpenAt(d: Device, kind: SensorKind, t: number): boolean {
  const e = doorIn(d, kind, Math.floor(t / HOUR));
  return !!e && t >= e.start && t < e.end;
}

/** Random excursions (compressor trouble): ~8 % of 12-hour slots, never during a load. */
function randomExcursion(d: Device, t: number, c: SensorContext): Incident | null {
  const slot = Math.floor(t / (12 * HOUR));
  if (unit(d.sim.code, slot, 73) >= 0.08) return null;
  const start = slot * 12 * HOUR + intIn(0, 600, d.sim.code, slot, 74) * MIN;
  const end = start + intIn(30, 120, d.sim.code, slot, 75) * MIN;
  if (c.loads.some((l) => start < (l.end ?? Infinity) && end > l.start)) return null;
  return { imei: d.imei, start, end, peak: intIn(5, 9, d.sim.code, slot, 76) };
}

/** Rise of a trapezoid excursion: 10 minutes up, hold, 15 minutes down. */
function excursionRise(e: Incident, t: number, base: number, absolutePeak: boolean): number {
  if (t < e.start || t > e.end + 15 * MIN) return 0;
  const amp = absolutePeak ? e.peak - base : e.peak;
  if (t < e.start + 10 * MIN) return (amp * (t - e.start)) / (10 * MIN);
  if (t <= e.end) return amp;
  return amp * (1 - (t - e.end) / (15 * MIN));
}

export function temperatureOf(d: Device, kind: SensorKind, t: number, c: SensorContext): number {
  const sp = setpointAt(kind, t, c);
  const code = d.sim.code;
  let v =
    sp +
    0.6 * Math.sin((2 * Math.PI * t) / (97 * MIN) + (code % 7)) +
    0.4 * Math.sin((2 * Math.PI * t) / (24 * HOUR) + (code % 11)) +
    (unit(code, Math.floor(t / MIN), 64) - 0.5) * 0.3;
  const df = defrostAt(d, kind, t);
  if (df)
    v += (kind === "reefer" ? 4 : 1.5) * Math.sin((Math.PI * (t - df.start)) / (df.end - df.start));
  // The door of this hour or the last: warming toward ambient while open, recovering after.
  const ambient = 24;
  for (const slot of [Math.floor(t / HOUR) - 1, Math.floor(t / HOUR)]) {
    const e = doorIn(d, kind, slot);
    if (!e || t < e.start) continue;
    const openFor = Math.min(t, e.end) - e.start;
    const atClose = (ambient - sp) * (1 - Math.exp(-openFor / (20 * MIN)));
    v += t < e.end ? atClose : atClose * Math.exp(-(t - e.end) / (6 * MIN));
  }
  const r = randomExcursion(d, t, c) ?? randomExcursion(d, t - 12 * HOUR, c);
  if (r) v += excursionRise(r, t, sp, false);
  for (const i of c.incidents) if (i.imei === d.imei) v += excursionRise(i, t, sp, true);
  return Math.round(v * 100) / 100;
}

function valueOf(d: Device, kind: SensorKind, ch: Channel, t: number, c: SensorContext): number {
  switch (ch) {
    case "temperature":
      return temperatureOf(d, kind, t, c);
    case "humidity": {
      const h =
        48 +
        8 * Math.sin((2 * Math.PI * t) / (24 * HOUR) + (d.sim.code % 5)) +
        (doorOpenAt(d, kind, t) ? 12 : 0) +
        (unit(d.sim.code, Math.floor(t / MIN), 65) - 0.5) * 2;
      return Math.round(h * 10) / 10;
    }
    case "door":
      return doorOpenAt(d, kind, t) ? 1 : 0;
    case "defrost":
      return defrostAt(d, kind, t) ? 1 : 0;
    case "setpoint":
      return setpointAt(kind, t, c);
    case "battery":
      return kind === "reefer" ? 100 : batteryAt(d, t);
  }
}

export type SeriesOut = {
  t: number[];
  v: number[];
  /** Samples that reached the upstream late (from the device's buffer): measured and received times. */
  late: Array<{ time: number; received: number }>;
};

/** Missing hours (the device was out of coverage and lost them). */
const missingHour = (d: Device, h: number) => unit(d.sim.code, h, 71) < 0.015;
/** Hours uploaded from the buffer later: when they arrived. */
function receivedAt(d: Device, h: number): number | null {
  if (unit(d.sim.code, h, 72) >= 0.03) return null;
  return (h + 1) * HOUR + intIn(10, 90, d.sim.code, h, 77) * MIN;
}

/** The readings of one channel measured in [from, to] and received by `now`, oldest first. */
export function sensorSeries(
  world: World,
  d: Device,
  kind: SensorKind,
  ch: Channel,
  from: number,
  to: number,
  now: number,
  c: SensorContext,
): SeriesOut {
  const out: SeriesOut = { t: [], v: [], late: [] };
  const end = Math.min(to, now, silentAfter(world, d));
  const phase = d.sim.heartbeatPhaseMs % SENSOR_INTERVAL_MS;
  const ctx: SensorContext = {
    loads: c.loads.filter((l) => l.start <= end && (l.end ?? Infinity) >= from - 12 * HOUR),
    incidents: c.incidents.filter(
      (i) => i.imei === d.imei && i.start <= end && i.end + HOUR >= from,
    ),
  };
  // On/off channels also report on change: the edges of door openings and defrost cycles.
  const edges: number[] = [];
  if (ch === "door" || ch === "defrost") {
    for (let h = Math.floor(from / HOUR) - 8; h <= Math.floor(end / HOUR); h++) {
      const e = ch === "door" ? doorIn(d, kind, h) : defrostAt(d, kind, h * HOUR);
      if (e && (ch === "door" || e.start >= h * HOUR)) edges.push(e.start, e.end);
    }
  }
  let k = Math.ceil((from - phase) / SENSOR_INTERVAL_MS);
  let ei = 0;
  const sortedEdges = [...new Set(edges)]
    .filter((x) => x >= from && x <= end)
    .sort((a, b) => a - b);
  const push = (t: number) => {
    const h = Math.floor(t / HOUR);
    if (missingHour(d, h)) return;
    const rec = receivedAt(d, h);
    if (rec !== null) {
      if (rec > now) return;
      out.late.push({ time: t, received: rec });
    }
    out.t.push(t);
    out.v.push(valueOf(d, kind, ch, t, ctx));
  };
  for (let t = k * SENSOR_INTERVAL_MS + phase; t <= end; k++, t = k * SENSOR_INTERVAL_MS + phase) {
    while (ei < sortedEdges.length && sortedEdges[ei]! < t) push(sortedEdges[ei++]!);
    if (ei < sortedEdges.length && sortedEdges[ei] === t) ei++;
    push(t);
  }
  while (ei < sortedEdges.length) push(sortedEdges[ei++]!);
  return out;
}
