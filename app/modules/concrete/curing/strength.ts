import { curveStrength, maturityForStrength, type Curve } from "./curves";
import {
  DEFAULT_DATUM_C,
  DEFAULT_Q_K,
  DEFAULT_REFERENCE_C,
  arrheniusFactor,
  maturityAndAge,
  type MaturityOptions,
  type Reading,
} from "./maturity";

/** Which maturity index a mix's calibration (and so its curve) is expressed in. */
export type MaturityBasis = "maturity" | "equivalent_age";

export type StrengthModel = MaturityOptions & { curve: Curve; basis: MaturityBasis };

export type InPlace = {
  maturity: number;
  equivalentAge: number;
  /** The curve at the pour's current maturity index, MPa. */
  strength: number;
};

/** In-place strength now: the curve at the log's maturity (or equivalent age). One pass. */
export function inPlaceStrength(readings: readonly Reading[], model: StrengthModel): InPlace {
  const { maturity, equivalentAge } = maturityAndAge(readings, model);
  const x = model.basis === "maturity" ? maturity : equivalentAge;
  return { maturity, equivalentAge, strength: curveStrength(model.curve, x) };
}

export type Trend = { slopePerHour: number; current: number; at: number };

/**
 * The recent temperature trend: a least-squares line through the readings of the last
 * `windowHours` (a whole day by default, so the day/night swing does not pass for a trend).
 */
export function temperatureTrend(readings: readonly Reading[], windowHours = 24): Trend | null {
  const n = readings.length;
  if (n === 0) return null;
  const last = readings[n - 1]!;
  const from = last.t - windowHours * 3_600_000;
  let count = 0;
  let mx = 0;
  let my = 0;
  let i = n - 1;
  while (i > 0 && readings[i - 1]!.t >= from) i--;
  for (let j = i; j < n; j++) {
    mx += (readings[j]!.t - last.t) / 3_600_000;
    my += readings[j]!.c;
    count++;
  }
  mx /= count;
  my /= count;
  let sxy = 0;
  let sxx = 0;
  for (let j = i; j < n; j++) {
    const x = (readings[j]!.t - last.t) / 3_600_000 - mx;
    sxy += x * (readings[j]!.c - my);
    sxx += x * x;
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  // The line's value now, not the last (noisy) reading.
  return { slopePerHour: slope, current: my - slope * mx, at: last.t };
}

export type Forecast =
  | { status: "reached"; at: number }
  | { status: "forecast"; at: number; hours: number }
  | { status: "unreachable"; reason: "curve" | "temperature" | "horizon" };

export type ForecastOptions = {
  /** How far back the trend looks, and how far ahead it is followed before it is held flat. */
  windowHours?: number;
  /** Give up after this many hours ahead. */
  horizonHours?: number;
  /** Integration step. */
  stepHours?: number;
};

/**
 * When the pour reaches `target` MPa. If it already has, the time of the reading at which it
 * did. Otherwise the temperature is projected from the recent trend: along the trend line for at
 * most one window ahead (a trend is not extrapolated further than the data it came from), then
 * held at that value; maturity accrues at the projected temperature until the curve reaches the
 * target.
 */
export function forecastTime(
  readings: readonly Reading[],
  model: StrengthModel,
  target: number,
  options: ForecastOptions = {},
): Forecast {
  const needed = maturityForStrength(model.curve, target);
  if (!Number.isFinite(needed)) return { status: "unreachable", reason: "curve" };
  const datum = model.datum ?? DEFAULT_DATUM_C;
  const q = model.q ?? DEFAULT_Q_K;
  const reference = model.reference ?? DEFAULT_REFERENCE_C;
  const useMaturity = model.basis === "maturity";
  const rate = (c: number) =>
    useMaturity ? (c > datum ? c - datum : 0) : arrheniusFactor(c, q, reference);

  // Already there? Walk the log once, interval by interval, to find the moment.
  let x = 0;
  for (let i = 1; i < readings.length; i++) {
    const a = readings[i - 1]!;
    const b = readings[i]!;
    const dt = (b.t - a.t) / 3_600_000;
    if (!(dt > 0)) continue;
    const gain = rate((a.c + b.c) / 2) * dt;
    if (x + gain >= needed && gain > 0) {
      return { status: "reached", at: a.t + ((needed - x) / gain) * (b.t - a.t) };
    }
    x += gain;
  }
  if (readings.length > 0 && needed <= 0) return { status: "reached", at: readings[0]!.t };

  const trend = temperatureTrend(readings, options.windowHours ?? 24);
  if (!trend) return { status: "unreachable", reason: "temperature" };
  const window = options.windowHours ?? 24;
  const horizon = options.horizonHours ?? 24 * 120;
  const step = options.stepHours ?? 0.25;
  const held = trend.current + trend.slopePerHour * window;
  if (rate(held) <= 0 && rate(trend.current) <= 0) {
    return { status: "unreachable", reason: "temperature" };
  }
  for (let h = 0; h < horizon; h += step) {
    const mid = h + step / 2;
    const c = mid < window ? trend.current + trend.slopePerHour * mid : held;
    const gain = rate(c) * step;
    if (gain > 0 && x + gain >= needed) {
      const hours = h + ((needed - x) / gain) * step;
      return { status: "forecast", at: trend.at + hours * 3_600_000, hours };
    }
    x += gain;
  }
  return { status: "unreachable", reason: "horizon" };
}
