/**
 * Server-side downsampling for charts: the minimum and maximum of each bucket (so spikes survive,
 * unlike averaging), plus every index the caller must keep (each excursion's peak), plus a null
 * at each data gap so the line breaks there instead of drawing across unmeasured time.
 */
import type { Series, Window } from "./types";

export type ChartSeries = { t: number[]; v: Array<number | null> };

export function downsample(
  s: Series,
  maxPoints: number,
  opts: { keep?: readonly number[]; gaps?: readonly Window[] } = {},
): ChartSeries {
  const n = s.t.length;
  const gaps = opts.gaps ?? [];
  const keep = opts.keep ?? [];
  const mark = new Uint8Array(n);
  for (const k of keep) if (k >= 0 && k < n) mark[k] = 1;
  const kept = mark.reduce((c, x) => c + x, 0);
  if (n + gaps.length <= maxPoints) mark.fill(1);
  else if (n > 0) {
    mark[0] = 1;
    mark[n - 1] = 1;
    const budget = maxPoints - gaps.length - kept - 2;
    const buckets = Math.floor(budget / 2);
    if (buckets > 0) {
      const size = n / buckets;
      for (let b = 0; b < buckets; b++) {
        const lo = Math.floor(b * size);
        const hi = Math.min(n, Math.floor((b + 1) * size));
        let min = lo;
        let max = lo;
        for (let i = lo + 1; i < hi; i++) {
          const v = s.v[i]!;
          if (v < s.v[min]!) min = i;
          if (v > s.v[max]!) max = i;
        }
        mark[min] = 1;
        mark[max] = 1;
      }
    }
  }
  const t: number[] = [];
  const v: Array<number | null> = [];
  let g = 0;
  for (let i = 0; i < n; i++) {
    if (!mark[i]) continue;
    const at = s.t[i]!;
    while (g < gaps.length && gaps[g]!.to <= at) {
      const gap = gaps[g++]!;
      if (t.length && gap.from >= t[t.length - 1]!) {
        t.push((gap.from + gap.to) / 2);
        v.push(null);
      }
    }
    t.push(at);
    v.push(s.v[i]!);
  }
  return { t, v };
}
