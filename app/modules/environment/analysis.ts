/**
 * One channel over a range, ready for a page or a report: gaps flagged, excursions against the
 * limit (its minimum duration applied), MKT of temperature, and a chart series of at most
 * CHART_POINTS points that keeps every excursion's peak. Pure: the loaders fetch, this computes.
 */
import {
  downsample,
  excursions,
  findGaps,
  mktOfSeries,
  type Band,
  type ChartSeries,
  type Excursion,
  type Series,
  type Window,
} from "./series";
import type { SensorLimit } from "./upstream.server";
import { toCanonical } from "./units";

export const CHART_POINTS = 2000;

export type Analysis = {
  chart: ChartSeries;
  gaps: Window[];
  excursions: Excursion[];
  /** Excursions at least as long as the limit's minimum duration: the ones that alert. */
  alarms: Excursion[];
  outMs: number;
  mkt: number | null;
  samples: number;
  late: number;
  min: number | null;
  max: number | null;
  mean: number | null;
};

export function analyse(
  s: Series & { late?: readonly unknown[] },
  band: Band | null,
  opts: { intervalMs: number; minDurationMs?: number; suppress?: Window[]; temperature?: boolean },
): Analysis {
  const gaps = findGaps(s, opts.intervalMs);
  const list = band ? excursions(s, band, { gaps, suppress: opts.suppress }) : [];
  const minMs = opts.minDurationMs ?? 0;
  const alarms = list.filter((e) => e.countedMs > 0 && e.countedMs >= minMs);
  let lo = Infinity;
  let hi = -Infinity;
  let sum = 0;
  for (const v of s.v) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
    sum += v;
  }
  const n = s.v.length;
  return {
    chart: downsample(s, CHART_POINTS, { keep: list.map((e) => e.peak.index), gaps }),
    gaps,
    excursions: list,
    alarms,
    outMs: list.reduce((a, e) => a + e.countedMs, 0),
    mkt: opts.temperature ? mktOfSeries(s, gaps) : null,
    samples: n,
    late: s.late?.length ?? 0,
    min: n ? lo : null,
    max: n ? hi : null,
    mean: n ? sum / n : null,
  };
}

/** A limit's bounds in the canonical unit (°C, %). */
export const bandOf = (l: Pick<SensorLimit, "min" | "max" | "unit">): Band => ({
  min: l.min === null ? null : toCanonical(l.min, l.unit),
  max: l.max === null ? null : toCanonical(l.max, l.unit),
});
