/**
 * Data gaps: where consecutive samples are further apart than the device's cadence allows. A gap
 * is shown as a break and flagged; nothing inside it is ever treated as measured.
 */
import type { Series, Window } from "./types";

/** Intervals longer than `factor` × the expected interval, as windows between the two samples. */
export function findGaps(s: Series, expectedMs: number, factor = 2.5): Window[] {
  const out: Window[] = [];
  const limit = expectedMs * factor;
  for (let i = 0; i + 1 < s.t.length; i++) {
    const a = s.t[i]!;
    const b = s.t[i + 1]!;
    if (b - a > limit) out.push({ from: a, to: b });
  }
  return out;
}

/** Whether the interval between samples at `a` and `b` is one of the gaps (sorted, found above). */
export function gapAt(gaps: readonly Window[], a: number, b: number): boolean {
  // Gaps are sample-to-sample intervals, so an exact match on `from` is enough; binary search.
  let lo = 0;
  let hi = gaps.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const g = gaps[mid]!;
    if (g.from === a) return g.to === b;
    if (g.from < a) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** The median sample interval: the cadence when the device does not say. */
export function typicalInterval(s: Series): number {
  const n = s.t.length;
  if (n < 2) return 0;
  const step = Math.max(1, Math.floor((n - 1) / 501));
  const d: number[] = [];
  for (let i = 0; i + 1 < n; i += step) d.push(s.t[i + 1]! - s.t[i]!);
  d.sort((x, y) => x - y);
  return d[d.length >> 1]!;
}
