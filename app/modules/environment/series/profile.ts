/**
 * A load judged against its product profile: several tiered limits, each with a time allowance
 * (Controlant's model: e.g. above 8 °C for at most 60 minutes in all, above 15 °C never), after
 * suppression windows (defrost, door open plus recovery, the start-up ignore period). The load
 * passes when no tier's counted time out of range exceeds its allowance.
 */
import { findGaps } from "./gaps";
import { excursions, outOfRangeMs, type Excursion } from "./excursions";
import { mktOfSeries } from "./mkt";
import type { Series, Window } from "./types";
import { mergeWindows, windowsOn } from "./windows";

export type Tier = { label: string; min: number | null; max: number | null; allowanceMs: number };
export type Suppression = {
  /** Ignore the first minutes after the load starts (pre-cooling, loading). */
  startupMs: number;
  /** Suppress while the unit defrosts, and this long after. */
  defrostAfterMs: number | null;
  /** Suppress while a door is open, and this long after it shuts. */
  doorAfterMs: number | null;
};

export type TierResult = Tier & { excursions: Excursion[]; outMs: number; pass: boolean };
export type LoadVerdict = {
  pass: boolean;
  tiers: TierResult[];
  /** Counted time outside the first (widest-allowance) tier: the headline figure. */
  outOfRangeMs: number;
  mktC: number | null;
  gaps: Window[];
  gapMs: number;
  suppress: Window[];
  samples: number;
};

export function suppressionWindows(
  start: number,
  s: Suppression,
  door: Series | null,
  defrost: Series | null,
): Window[] {
  const list: Window[] = [];
  if (s.startupMs > 0) list.push({ from: start, to: start + s.startupMs });
  if (door && s.doorAfterMs !== null) list.push(...windowsOn(door, s.doorAfterMs));
  if (defrost && s.defrostAfterMs !== null) list.push(...windowsOn(defrost, s.defrostAfterMs));
  return mergeWindows(list);
}

export function evaluateLoad(
  temp: Series,
  tiers: readonly Tier[],
  suppress: readonly Window[],
  expectedIntervalMs: number,
): LoadVerdict {
  const gaps = findGaps(temp, expectedIntervalMs);
  const results = tiers.map((tier): TierResult => {
    const list = excursions(temp, tier, { gaps, suppress });
    const outMs = outOfRangeMs(list);
    return { ...tier, excursions: list, outMs, pass: outMs <= tier.allowanceMs };
  });
  return {
    pass: results.every((r) => r.pass),
    tiers: results,
    outOfRangeMs: results[0]?.outMs ?? 0,
    mktC: mktOfSeries(temp, gaps),
    gaps,
    gapMs: gaps.reduce((s, g) => s + g.to - g.from, 0),
    suppress: [...suppress],
    samples: temp.t.length,
  };
}
