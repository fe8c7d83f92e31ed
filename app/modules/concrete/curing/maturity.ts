/**
 * The maturity method (ASTM C1074). Readings are a concrete temperature log: `t` epoch ms,
 * `c` °C, in time order. Every function is one pass with no per-reading allocation, because a
 * pour's page and the benchmark run them over hundreds of thousands of readings.
 */
export type Reading = { t: number; c: number };

/** ASTM C1074's usual datum temperature for Nurse–Saul when the mix has none of its own. */
export const DEFAULT_DATUM_C = -10;
/** Activation energy over the gas constant, E/R, in kelvin (ASTM C1074 X1: 40 kJ/mol ≈ 5000 K). */
export const DEFAULT_Q_K = 5000;
/** The reference temperature equivalent age is expressed at. */
export const DEFAULT_REFERENCE_C = 20;

const MS_PER_HOUR = 3_600_000;
const KELVIN = 273.15;

export type MaturityOptions = {
  /** Datum temperature T₀ in °C (Nurse–Saul). */
  datum?: number;
  /** Q = E/R in kelvin (Arrhenius). */
  q?: number;
  /** Reference temperature Tₛ in °C (Arrhenius). */
  reference?: number;
};

/**
 * Nurse–Saul temperature–time factor M = Σ (Tₐ − T₀)·Δt in °C·h. Tₐ is the mean of the two
 * readings bounding an interval; an interval with Tₐ ≤ T₀ adds nothing, and so does one whose
 * time does not move forward (see `firstOutOfOrder` to reject such a log instead).
 */
export function nurseSaulMaturity(readings: readonly Reading[], datum = DEFAULT_DATUM_C): number {
  let total = 0;
  const n = readings.length;
  if (n < 2) return 0;
  let prev = readings[0]!;
  for (let i = 1; i < n; i++) {
    const r = readings[i]!;
    const dt = r.t - prev.t;
    const excess = (r.c + prev.c) / 2 - datum;
    if (dt > 0 && excess > 0) total += excess * dt;
    prev = r;
  }
  return total / MS_PER_HOUR;
}

/** The Arrhenius age factor of one interval at mean temperature `meanC`. */
export function arrheniusFactor(meanC: number, q = DEFAULT_Q_K, reference = DEFAULT_REFERENCE_C) {
  return Math.exp(-q * (1 / (meanC + KELVIN) - 1 / (reference + KELVIN)));
}

/**
 * Equivalent age at the reference temperature, tₑ = Σ exp(−Q·(1/Tₐ − 1/Tₛ))·Δt in hours, with
 * temperatures in kelvin. No datum: cold concrete still gains (slowly) under Arrhenius.
 */
export function equivalentAge(
  readings: readonly Reading[],
  q = DEFAULT_Q_K,
  reference = DEFAULT_REFERENCE_C,
): number {
  return maturityAndAge(readings, { q, reference }).equivalentAge;
}

/** Both measures in one pass over the log (what a pour's page and the benchmark need). */
export function maturityAndAge(
  readings: readonly Reading[],
  options: MaturityOptions = {},
): { maturity: number; equivalentAge: number; hours: number } {
  const datum = options.datum ?? DEFAULT_DATUM_C;
  const q = options.q ?? DEFAULT_Q_K;
  const invRef = 1 / ((options.reference ?? DEFAULT_REFERENCE_C) + KELVIN);
  const n = readings.length;
  if (n < 2) return { maturity: 0, equivalentAge: 0, hours: 0 };
  let m = 0;
  let age = 0;
  let span = 0;
  let prev = readings[0]!;
  for (let i = 1; i < n; i++) {
    const r = readings[i]!;
    const dt = r.t - prev.t;
    if (dt > 0) {
      const mean = (r.c + prev.c) / 2;
      if (mean > datum) m += (mean - datum) * dt;
      age += Math.exp(-q * (1 / (mean + KELVIN) - invRef)) * dt;
      span += dt;
    }
    prev = r;
  }
  return { maturity: m / MS_PER_HOUR, equivalentAge: age / MS_PER_HOUR, hours: span / MS_PER_HOUR };
}

/**
 * Running totals at each reading (index 0 is 0): for charts of maturity and strength over time.
 * One typed array each, filled in one pass.
 */
export function maturitySeries(
  readings: readonly Reading[],
  options: MaturityOptions = {},
): { maturity: Float64Array; equivalentAge: Float64Array } {
  const datum = options.datum ?? DEFAULT_DATUM_C;
  const q = options.q ?? DEFAULT_Q_K;
  const invRef = 1 / ((options.reference ?? DEFAULT_REFERENCE_C) + KELVIN);
  const n = readings.length;
  const maturity = new Float64Array(n);
  const equivalent = new Float64Array(n);
  let m = 0;
  let age = 0;
  for (let i = 1; i < n; i++) {
    const a = readings[i - 1]!;
    const b = readings[i]!;
    const dt = (b.t - a.t) / MS_PER_HOUR;
    if (dt > 0) {
      const mean = (a.c + b.c) / 2;
      if (mean > datum) m += (mean - datum) * dt;
      age += Math.exp(-q * (1 / (mean + KELVIN) - invRef)) * dt;
    }
    maturity[i] = m;
    equivalent[i] = age;
  }
  return { maturity, equivalentAge: equivalent };
}

/** The index of the first reading whose time is not after the one before it, or -1. */
export function firstOutOfOrder(readings: readonly Reading[]): number {
  for (let i = 1; i < readings.length; i++) {
    if (!(readings[i]!.t > readings[i - 1]!.t)) return i;
  }
  return -1;
}
