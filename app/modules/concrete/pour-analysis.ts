/**
 * What a pour's readings mean against its limit sets (pure): the core–surface difference at each
 * reading, and breaches as intervals. A breach ends only after its condition has been false for an
 * hour, so a value hovering at a limit is one breach (one notification), not one per dip.
 */
import {
  formatCelsius,
  formatCelsiusDelta,
  formatCelsiusRate,
  toTemperatureDeltaUnit,
  toTemperatureUnit,
  type Measurement,
} from "~/lib/units";
import type { Reading } from "./curing";

export type Position = "core" | "surface" | "ambient";
export type SensorSeries = {
  imei: string;
  nickname: string;
  position: Position;
  depth_mm: number;
  readings: Reading[];
};
export type Limits = {
  id: number;
  name: string;
  max_temp_c: number;
  min_temp_c: number;
  max_diff_c: number;
  max_cooling_c_per_h: number;
};
export type BreachKind = "max_temp" | "min_temp" | "difference" | "cooling";
export type Breach = {
  id: string;
  pourId: number;
  limitId: number;
  limitName: string;
  kind: BreachKind;
  /** The sensor it happened at (the core sensor for a difference). */
  imei: string;
  start: number;
  /** null while it lasts. */
  end: number | null;
  /** The worst value reached (°C, or °C/h for cooling). */
  peak: number;
  threshold: number;
};

export const BREACH_LABELS: Record<BreachKind, string> = {
  max_temp: "Above the maximum temperature",
  min_temp: "Below the minimum temperature",
  difference: "Core–surface difference above the limit",
  cooling: "Cooling faster than the limit",
};

/**
 * A breach's figure (its worst value or its threshold) in the reader's unit: a temperature, a
 * difference ("Δ 19.4 °C", no offset) or a cooling rate ("2.0 °C/h"). In "metric" it is also the
 * canonical text a notification keeps, which inReaderUnits turns into the reader's unit. `delta`
 * marks a difference; a PDF, whose standard fonts have no Δ, names the difference in its label.
 */
export function breachFigure(kind: BreachKind, c: number, m: Measurement, delta = "Δ "): string {
  if (kind === "cooling") return formatCelsiusRate(c, m);
  if (kind === "difference") return `${delta}${formatCelsiusDelta(c, m)}`;
  return formatCelsius(c, m);
}

/** Chart rows (`t` and °C per series) in the reader's unit; `delta` for differences. */
export function rowsInUnit<R extends Record<string, number>>(
  rows: readonly R[],
  m: Measurement,
  delta = false,
): R[] {
  if (m === "metric") return [...rows];
  const f = delta ? toTemperatureDeltaUnit : toTemperatureUnit;
  return rows.map(
    (r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, k === "t" ? v : Math.round(f(v, m) * 10) / 10]),
      ) as R,
  );
}

const HOUR = 3_600_000;
/** A breach is over once its condition has been false this long. */
export const BREACH_CLEAR_MS = HOUR;

/** Core minus surface at each time both have a reading: the hottest core less the coolest surface. */
export function differenceSeries(series: readonly SensorSeries[]) {
  const core = new Map<number, number>();
  const surface = new Map<number, number>();
  for (const s of series) {
    const into = s.position === "core" ? core : s.position === "surface" ? surface : null;
    if (!into) continue;
    for (const r of s.readings) {
      const v = into.get(r.t);
      if (s.position === "core" ? v === undefined || r.c > v : v === undefined || r.c < v)
        into.set(r.t, r.c);
    }
  }
  const out: Array<{ t: number; core: number; surface: number; diff: number }> = [];
  for (const [t, c] of core) {
    const s = surface.get(t);
    if (s !== undefined) out.push({ t, core: c, surface: s, diff: Math.round((c - s) * 10) / 10 });
  }
  return out.sort((a, b) => a.t - b.t);
}

type Point = { t: number; v: number; on: boolean };

/** Intervals where `on` holds, closed after BREACH_CLEAR_MS of not holding. */
function intervals(points: readonly Point[], worst: (a: number, b: number) => number) {
  const out: Array<{ start: number; end: number | null; peak: number }> = [];
  let cur: { start: number; end: number | null; peak: number } | null = null;
  let offSince: number | null = null;
  for (const p of points) {
    if (p.on) {
      if (!cur) {
        cur = { start: p.t, end: null, peak: p.v };
        out.push(cur);
      } else cur.peak = worst(cur.peak, p.v);
      offSince = null;
    } else if (cur) {
      offSince ??= p.t;
      if (p.t - offSince >= BREACH_CLEAR_MS) {
        cur.end = offSince;
        cur = null;
        offSince = null;
      }
    }
  }
  return out;
}

export function findBreaches(
  pourId: number,
  limits: readonly Limits[],
  series: readonly SensorSeries[],
): Breach[] {
  const out: Breach[] = [];
  const inConcrete = series.filter((s) => s.position !== "ambient");
  const diff = differenceSeries(series);
  const coreOf = (t: number) =>
    inConcrete.filter((s) => s.position === "core").find((s) => s.readings.some((r) => r.t === t))
      ?.imei ?? "";
  for (const l of limits) {
    const add = (
      kind: BreachKind,
      imei: string,
      found: ReturnType<typeof intervals>,
      threshold: number,
    ) => {
      for (const b of found)
        out.push({
          id: `${pourId}:${l.id}:${kind}:${imei}:${new Date(b.start).toISOString()}`,
          pourId,
          limitId: l.id,
          limitName: l.name,
          kind,
          imei,
          start: b.start,
          end: b.end,
          peak: Math.round(b.peak * 10) / 10,
          threshold,
        });
    };
    for (const s of inConcrete) {
      const pts = s.readings;
      add(
        "max_temp",
        s.imei,
        intervals(
          pts.map((r) => ({ t: r.t, v: r.c, on: r.c > l.max_temp_c })),
          Math.max,
        ),
        l.max_temp_c,
      );
      add(
        "min_temp",
        s.imei,
        intervals(
          pts.map((r) => ({ t: r.t, v: r.c, on: r.c < l.min_temp_c })),
          Math.min,
        ),
        l.min_temp_c,
      );
      // Cooling over the last hour, so one noisy reading is not a rate.
      const rate: Point[] = [];
      let j = 0;
      for (const r of pts) {
        while (j < pts.length && pts[j]!.t < r.t - HOUR) j++;
        const back = pts[j]!;
        const hours = (r.t - back.t) / HOUR;
        const v = hours >= 0.75 ? (back.c - r.c) / hours : 0;
        rate.push({ t: r.t, v, on: v > l.max_cooling_c_per_h });
      }
      add("cooling", s.imei, intervals(rate, Math.max), l.max_cooling_c_per_h);
    }
    if (diff.length) {
      const found = intervals(
        diff.map((d) => ({ t: d.t, v: d.diff, on: d.diff > l.max_diff_c })),
        Math.max,
      );
      for (const b of found) add("difference", coreOf(b.start), [b], l.max_diff_c);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Readings thinned to one per `stepMs` (the last of each step) for charts. */
export function thin<T extends { t: number }>(points: readonly T[], stepMs: number): T[] {
  const out: T[] = [];
  let bucket = -Infinity;
  for (const p of points) {
    const b = Math.floor(p.t / stepMs);
    if (b !== bucket) {
      out.push(p);
      bucket = b;
    }
  }
  return out;
}
