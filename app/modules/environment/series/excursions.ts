/**
 * Excursions outside a band and the time spent out of range. Crossing times are found by linear
 * interpolation between the samples on either side (7, 9, 7 °C ten minutes apart against 8 °C is
 * ten minutes out, not twenty), never by whole sample intervals. An interval across a data gap is
 * unmeasured: an excursion running into a gap ends at the last sample before it, flagged.
 */
import type { Band, Series, Window } from "./types";
import { coveredMs, mergeWindows } from "./windows";

export type Excursion = {
  side: "high" | "low";
  limit: number;
  /** Interpolated crossing times (ms). */
  start: number;
  end: number;
  /** Time out of range that counts: end − start less the suppressed part. */
  countedMs: number;
  /** Part of it inside a suppression window (defrost, door open, start-up). */
  suppressedMs: number;
  /** The sample furthest outside the band. */
  peak: { t: number; v: number; index: number };
  /** Still outside at the last sample, or cut short by a data gap: the true end is unknown. */
  openEnded: boolean;
};

export type ExcursionOptions = { gaps?: readonly Window[]; suppress?: readonly Window[] };

export function excursions(s: Series, band: Band, opts: ExcursionOptions = {}): Excursion[] {
  const suppress = mergeWindows(opts.suppress ?? []);
  const gaps = opts.gaps ?? [];
  const out: Excursion[] = [];
  if (band.max !== null) scan(s, band.max, 1, gaps, suppress, out);
  if (band.min !== null) scan(s, band.min, -1, gaps, suppress, out);
  return out.sort((a, b) => a.start - b.start);
}

/** Total counted time out of range (ms). */
export const outOfRangeMs = (list: readonly Excursion[]) =>
  list.reduce((sum, e) => sum + e.countedMs, 0);

/** One side: `dir` 1 looks above `limit`, −1 below it. */
function scan(
  s: Series,
  limit: number,
  dir: 1 | -1,
  gaps: readonly Window[],
  suppress: readonly Window[],
  out: Excursion[],
) {
  const n = s.t.length;
  const side = dir === 1 ? "high" : "low";
  let start: number | null = null;
  let peak = -1;
  const close = (end: number, openEnded: boolean) => {
    const suppressedMs = coveredMs(suppress, start!, end);
    out.push({
      side,
      limit,
      start: start!,
      end,
      countedMs: Math.max(0, end - start! - suppressedMs),
      suppressedMs,
      peak: { t: s.t[peak]!, v: s.v[peak]!, index: peak },
      openEnded,
    });
    start = null;
    peak = -1;
  };
  const over = (i: number) => (s.v[i]! - limit) * dir;
  // Gaps are sorted sample-to-sample intervals: one pointer walks them with the samples.
  let gi = 0;
  for (let i = 0; i < n; i++) {
    const x = (s.v[i]! - limit) * dir;
    if (x > 0) {
      if (start === null) start = s.t[i]!;
      if (peak < 0 || x > over(peak)) peak = i;
    }
    if (i + 1 === n) break;
    const a = s.t[i]!;
    const b = s.t[i + 1]!;
    while (gi < gaps.length && gaps[gi]!.from < a) gi++;
    if (gi < gaps.length && gaps[gi]!.from === a && gaps[gi]!.to === b) {
      if (start !== null) close(a, true);
      continue;
    }
    const y = (s.v[i + 1]! - limit) * dir;
    if (x <= 0 && y > 0) {
      // Entering between the samples: the crossing by linear interpolation.
      start = a + ((b - a) * -x) / (y - x);
      peak = i + 1;
    } else if (x > 0 && y <= 0) {
      close(a + ((b - a) * x) / (x - y), false);
    }
  }
  if (start !== null) close(s.t[n - 1]!, true);
}
