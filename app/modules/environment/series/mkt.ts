/**
 * Mean kinetic temperature (USP <1079>): MKT = (ΔH/R) / −ln(Σ tᵢ·e^(−ΔH/(R·Tᵢ)) / Σ tᵢ), with
 * ΔH/R = 10,000 K and Tᵢ in kelvin; tᵢ is the time spent at Tᵢ.
 */
import type { Series, Window } from "./types";

export const DELTA_H_OVER_R = 10_000;
const KELVIN = 273.15;

/** MKT in °C of temperatures (°C) each held for `weights[i]` (any time unit); null when no time. */
export function mktWeighted(tempsC: ArrayLike<number>, weights: ArrayLike<number>): number | null {
  let num = 0;
  let den = 0;
  // Factored by the hottest term so e^(−ΔH/RT) never underflows for cold (frozen) loads.
  let hottest = -Infinity;
  for (let i = 0; i < tempsC.length; i++)
    if (weights[i]! > 0 && tempsC[i]! > hottest) hottest = tempsC[i]!;
  if (hottest === -Infinity) return null;
  const ref = DELTA_H_OVER_R / (hottest + KELVIN);
  for (let i = 0; i < tempsC.length; i++) {
    const w = weights[i]!;
    if (!(w > 0)) continue;
    num += w * Math.exp(ref - DELTA_H_OVER_R / (tempsC[i]! + KELVIN));
    den += w;
  }
  const kelvin = DELTA_H_OVER_R / (ref - Math.log(num / den));
  return kelvin - KELVIN;
}

/**
 * MKT of a series: each sample stands for half the interval to each neighbour, and an interval
 * across a gap counts for nothing (unmeasured time is not assumed to be at any temperature).
 */
export function mktOfSeries(s: Series, gaps: readonly Window[] = []): number | null {
  const n = s.t.length;
  if (n === 0) return null;
  if (n === 1) return s.v[0]!;
  let hottest = -Infinity;
  for (let i = 0; i < n; i++) if (s.v[i]! > hottest) hottest = s.v[i]!;
  const ref = DELTA_H_OVER_R / (hottest + KELVIN);
  // One pass: each interval not across a gap adds half its length to each end sample's term.
  let num = 0;
  let den = 0;
  let gi = 0;
  let fa = Math.exp(ref - DELTA_H_OVER_R / (s.v[0]! + KELVIN));
  for (let i = 0; i + 1 < n; i++) {
    const a = s.t[i]!;
    const b = s.t[i + 1]!;
    const fb = Math.exp(ref - DELTA_H_OVER_R / (s.v[i + 1]! + KELVIN));
    while (gi < gaps.length && gaps[gi]!.from < a) gi++;
    if (!(gi < gaps.length && gaps[gi]!.from === a && gaps[gi]!.to === b)) {
      const half = (b - a) / 2;
      num += half * (fa + fb);
      den += b - a;
    }
    fa = fb;
  }
  if (den === 0)
    return mktWeighted(
      s.v,
      Array.from({ length: n }, () => 1),
    );
  return DELTA_H_OVER_R / (ref - Math.log(num / den)) - KELVIN;
}
