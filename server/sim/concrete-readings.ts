/**
 * What a concrete probe (device type 77) and a jobsite's weather station read, as pure functions
 * of (seed, sensor or jobsite, time) and the pour the probe sits in: nothing is stored, so any
 * range of any day can be asked for and a restart changes nothing.
 *
 * The hydration curve is phenomenological, not a heat-transfer model: the temperature is a
 * baseline that follows the air with some thermal lag (less in the core, the thicker the element)
 * plus a heat rise shaped like a gamma curve (rise, peak, slow cooling). Thick elements peak later
 * and hotter; their surface gets a smaller share of the rise than their core, which is what makes
 * a mass pour's core–surface difference exceed 19.4 °C.
 */
import { hash, unit } from "./prng";

export const READING_MS = 15 * 60_000;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Brisbane is UTC+10 all year (no daylight saving). */
const LOCAL_OFFSET_MS = 10 * HOUR;

export type Weather = { air_temp_c: number; humidity_pct: number; wind_kmh: number };

/** A day's weather character per jobsite: warmer or cooler, more or less wind. */
function dayTraits(seed: number, site: number, t: number) {
  const day = Math.floor((t + LOCAL_OFFSET_MS) / DAY);
  return {
    warm: (unit(seed, site, day, 1) - 0.5) * 4,
    wind: 4 + unit(seed, site, day, 2) * 14,
    damp: (unit(seed, site, day, 3) - 0.5) * 20,
  };
}

/** Air temperature: about 24 °C, coolest near 05:00 and warmest near 15:00 local time. */
export function airTemperature(seed: number, site: number, t: number): number {
  const hourOfDay = ((((t + LOCAL_OFFSET_MS) % DAY) + DAY) % DAY) / HOUR;
  const { warm } = dayTraits(seed, site, t);
  return 24 + warm + 5.5 * Math.sin((2 * Math.PI * (hourOfDay - 9)) / 24);
}

export function weatherAt(seed: number, site: number, t: number): Weather {
  const air = airTemperature(seed, site, t);
  const { wind, damp } = dayTraits(seed, site, t);
  const hourOfDay = ((((t + LOCAL_OFFSET_MS) % DAY) + DAY) % DAY) / HOUR;
  // Afternoon sea breeze; humidity falls as the air warms.
  const breeze = hourOfDay >= 12 && hourOfDay <= 18 ? 8 : 0;
  const gust = unit(seed, site, Math.floor(t / HOUR), 4) * 4;
  const humidity = Math.min(98, Math.max(25, 68 + damp - (air - 24) * 3));
  return {
    air_temp_c: round1(air),
    humidity_pct: Math.round(humidity),
    wind_kmh: round1(wind + breeze + gust),
  };
}

export type Placement = {
  /** Pour placed at (ms). */
  placedAt: number;
  thicknessM: number;
  jobsiteId: number;
  position: "core" | "surface" | "ambient";
  depthMm: number;
};

/** Shape of the heat of hydration for an element: peak rise (°C) and hours to the peak. */
export function hydration(thicknessM: number) {
  const t = Math.max(0.1, Math.min(4, thicknessM));
  return {
    rise: 5 + 15 * t, // 0.25 m slab ≈ 9 °C, 2.4 m raft ≈ 41 °C
    peakHours: 10 + 12 * t,
    // Share of the rise the surface sees, and how much a position follows the air.
    surfaceShare: t >= 1 ? 0.3 : 0.75,
    coreCoupling: Math.max(0.05, 0.45 - 0.2 * t),
    // Mass pours are covered (insulated blankets): their top face barely follows the day, so the
    // core–surface difference grows steadily instead of dipping every sunny morning.
    surfaceCoupling: t >= 1 ? 0.15 : 0.6,
  };
}

/** Gamma-shaped pulse, 1 at the peak (k = 2): rises fast, cools slowly. */
function pulse(hours: number, peakHours: number): number {
  if (hours <= 0) return 0;
  const x = hours / peakHours;
  return x * x * Math.exp(2 * (1 - x));
}

/** One reading (°C, one decimal) of a probe at `t`, placed as `p` (null = lying in the open). */
export function probeTemperature(
  seed: number,
  sensorCode: number,
  t: number,
  p: Placement | null,
): number {
  const noise = (unit(seed, sensorCode, Math.floor(t / READING_MS)) - 0.5) * 0.3;
  const site = p?.jobsiteId ?? 0;
  const air = airTemperature(seed, site, t);
  if (!p || p.position === "ambient" || t < p.placedAt) return round1(air + noise);
  const h = hydration(p.thicknessM);
  // The mean of the last day's air is what the concrete settles to; the core barely sees the day.
  const mean = 24 + dayTraits(seed, site, t).warm;
  const coupling = p.position === "surface" ? h.surfaceCoupling : h.coreCoupling;
  // Deeper core probes (towards the middle) see the full rise; near a face, less.
  const half = (p.thicknessM * 1000) / 2;
  const centrality =
    p.position === "core"
      ? 0.8 + 0.2 * Math.min(1, Math.min(p.depthMm, 2 * half - p.depthMm) / half)
      : 1;
  const share = p.position === "surface" ? h.surfaceShare : centrality;
  const rise = h.rise * share * pulse((t - p.placedAt) / HOUR, h.peakHours);
  return round1(mean + coupling * (air - mean) + rise + noise);
}

/** Battery (%) of a probe: starts between 80 and 100 and drains about 0.4 % a day. */
export function probeBattery(seed: number, sensorCode: number, since: number, t: number): number {
  const start = 80 + (hash(seed, sensorCode, 7) % 21);
  return Math.max(0, Math.round(start - ((t - since) / DAY) * 0.4));
}

const round1 = (v: number) => Math.round(v * 10) / 10;
