/**
 * Logbook maths (SPEC §3 "Trip log entry", "Logbook summary"; §4 trip saving; §5 business percent
 * and total km). Pure and fast: the summary of 100,000 entries must take well under 50 ms, so
 * timestamps are parsed once and sorting is skipped when the input is already in order.
 */
import type { LogEntry } from "~/services/upstream/schemas";
import { isoMs, num, purposeOf } from "./logbook-entries";
import { periodKey, type Period } from "~/lib/zoned-days";

export type Purpose = "business" | "private";

/** One logbook line, flattened from the upstream triple. Odometers in km, times as ISO and ms. */
export type LogbookEntry = {
  id: string;
  imei: string;
  logstart: string;
  logstop: string;
  startMs: number;
  stopMs: number;
  startOdometer: number;
  endOdometer: number;
  /** end − start odometer; 0 (and flagged) when the reading went down. */
  km: number;
  purpose: Purpose;
  description: string;
  driver: string | null;
  startAddress: string | null;
  endAddress: string | null;
};

export type OdometerIssue = {
  /** The entry whose reading is suspicious. */
  id: string;
  logstart: string;
  /** decreasing: a reading lower than the one before; rollover: a drop so large the meter wrapped. */
  kind: "decreasing" | "rollover";
  /** within: end below start in one trip; between: a trip starting below the previous trip's end. */
  where: "within" | "between";
  from: number;
  to: number;
};

/** A trip the summary left out because its readings do not fit the vehicle's other readings. */
export type LeftOutTrip = {
  id: string;
  logstart: string;
  startOdometer: number;
  endOdometer: number;
  /** within: its end reading is below its start; sequence: it breaks the run of the other trips. */
  reason: "within" | "sequence";
};

/** SPEC §3 Logbook summary, plus what the screen and the paper logbook need. */
export type LogbookSummary = {
  businessKmsTravelled: number;
  totalKmsTravelled: number;
  businessPercent: number;
  privateKmsTravelled: number;
  trips: number;
  startOdometer: number | null;
  endOdometer: number | null;
  issues: OdometerIssue[];
  /** Trips whose readings do not fit: not in any total, named on the page. */
  leftOut: LeftOutTrip[];
  duplicates: number;
};

/** A drop bigger than this is a meter wrapping round rather than a bad reading. */
export const ROLLOVER_DROP_KM = 500_000;

/**
 * Odometer gaps between two trips must be drivable in the time between them: at most this speed
 * plus a little slack for rounded, hand-typed readings. A reading of 100 km on a vehicle at
 * 247,160 km is then an outlier, not 247,060 km of untracked driving.
 */
export const MAX_GAP_SPEED_KMH = 300;
export const GAP_SLACK_KM = 10;

/** How many trips back a run may reach: up to this many outliers in a row are skipped. */
const LOOK_BACK = 8;

/** SPEC §5: business km / total km × 100, and 0 when that is not a number (0/0, x/0). */
export function businessPercent(businessKm: number, totalKm: number): number {
  const p = (businessKm / totalKm) * 100;
  return Number.isFinite(p) ? p : 0;
}

function issueKind(from: number, to: number): OdometerIssue["kind"] {
  return from - to >= ROLLOVER_DROP_KM ? "rollover" : "decreasing";
}

/**
 * The km between trip `j`'s end and trip `i`'s start when `i` can follow `j` (0 across a meter
 * rollover), or -1 when it cannot: a reading going down, or a jump no vehicle could drive in the
 * time between the two trips.
 */
export function gapBetween(
  endOdometer: number,
  endMs: number,
  startOdometer: number,
  startMs: number,
): number {
  const hours = Number.isFinite(startMs - endMs) ? Math.max(0, startMs - endMs) / 3_600_000 : 0;
  const drivable = MAX_GAP_SPEED_KMH * hours + GAP_SLACK_KM;
  let gap = startOdometer - endOdometer;
  if (gap < 0) {
    if (-gap < ROLLOVER_DROP_KM) return -1;
    // A meter wraps from all nines (999,999) to 0: only a reading just short of that and one
    // just past 0 are a rollover; 976,770 km followed by 100 km is a bad reading.
    const nines = 10 ** Math.ceil(Math.log10(endOdometer + 1)) - 1;
    gap = Math.max(0, nines - endOdometer) + startOdometer;
  }
  return gap <= drivable ? gap : -1;
}

/** The columns the summary needs, in flat arrays: 100,000 entries sum without making 100,000 objects. */
type Columns = {
  n: number;
  start: Float64Array;
  stop: Float64Array;
  odoA: Float64Array;
  odoB: Float64Array;
  business: Uint8Array;
  imei: (i: number) => string;
  id: (i: number) => string;
  logstart: (i: number) => string;
};

/** Indices in order of start (then stop), duplicates (same imei, start and stop) dropped. */
function orderedUnique(c: Columns): { seq: Uint32Array; duplicates: number } {
  const { n, start, stop } = c;
  // Skip the sort when the input is already in order (the usual case).
  let sorted = true;
  for (let i = 1; i < n && sorted; i++)
    if (start[i]! < start[i - 1]! || (start[i] === start[i - 1] && stop[i]! < stop[i - 1]!))
      sorted = false;
  let order: Uint32Array | null = null;
  if (!sorted) {
    order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((x, y) => start[x]! - start[y]! || stop[x]! - stop[y]! || x - y);
  }
  const seq = new Uint32Array(n);
  let m = 0;
  // Entries sharing the current start begin at seq[groupStart]: only those can be duplicates.
  let groupStart = 0;
  for (let k = 0; k < n; k++) {
    const i = order ? order[k]! : k;
    if (m > 0 && start[i] === start[seq[m - 1]!]) {
      let dup = false;
      for (let g = groupStart; g < m && !dup; g++) {
        const j = seq[g]!;
        dup = stop[j] === stop[i] && c.imei(j) === c.imei(i);
      }
      if (dup) continue;
    } else groupStart = m;
    seq[m++] = i;
  }
  return { seq: seq.subarray(0, m), duplicates: n - m };
}

/**
 * The longest run of trips whose readings follow one another (see gapBetween), reaching back over
 * at most LOOK_BACK − 1 trips that do not fit. Returns, per position in `seq`, whether it is in.
 */
function longestRun(c: Columns, seq: Uint32Array): Uint8Array {
  const m = seq.length;
  const { odoA, odoB, start, stop } = c;
  const len = new Int32Array(m);
  const parent = new Int32Array(m).fill(-1);
  let best = -1;
  for (let k = 0; k < m; k++) {
    const i = seq[k]!;
    if (odoB[i]! < odoA[i]!) continue; // a trip running backwards is never in (len 0)
    len[k] = 1;
    for (let q = k - 1; q >= 0 && q >= k - LOOK_BACK; q--) {
      if (len[q]! + 1 <= len[k]!) continue;
      const j = seq[q]!;
      if (gapBetween(odoB[j]!, stop[j]!, odoA[i]!, start[i]!) >= 0) {
        len[k] = len[q]! + 1;
        parent[k] = q;
      }
    }
    // Ties go to the later run: the readings closest to the vehicle's odometer now.
    if (best < 0 || len[k]! >= len[best]!) best = k;
  }
  const inRun = new Uint8Array(m);
  for (let k = best; k >= 0 && len[k]! > 0; k = parent[k]!) inRun[k] = 1;
  return inRun;
}

function summarizeColumns(c: Columns): LogbookSummary {
  const { odoA, odoB, business, start, stop } = c;
  const { seq, duplicates } = orderedUnique(c);
  const m = seq.length;
  // Every drop is reported, in the order the trips were driven.
  const issues: OdometerIssue[] = [];
  for (let k = 0; k < m; k++) {
    const i = seq[k]!;
    const a = odoA[i]!;
    const b = odoB[i]!;
    if (b < a)
      issues.push({
        id: c.id(i),
        logstart: c.logstart(i),
        kind: issueKind(a, b),
        where: "within",
        from: a,
        to: b,
      });
    if (k > 0) {
      const before = odoB[seq[k - 1]!]!;
      if (a < before)
        issues.push({
          id: c.id(i),
          logstart: c.logstart(i),
          kind: issueKind(before, a),
          where: "between",
          from: before,
          to: a,
        });
    }
  }
  // The totals come from the longest run of readings that fit; the rest is named, not summed.
  // With clean readings the run is every trip, and trip km plus gaps telescope to SPEC §5's
  // "last entry's end odometer minus first entry's start odometer".
  const inRun = longestRun(c, seq);
  const leftOut: LeftOutTrip[] = [];
  let biz = 0;
  let priv = 0;
  let total = 0;
  let first = -1;
  let prev = -1;
  for (let k = 0; k < m; k++) {
    const i = seq[k]!;
    if (!inRun[k]) {
      leftOut.push({
        id: c.id(i),
        logstart: c.logstart(i),
        startOdometer: odoA[i]!,
        endOdometer: odoB[i]!,
        reason: odoB[i]! < odoA[i]! ? "within" : "sequence",
      });
      continue;
    }
    const km = odoB[i]! - odoA[i]!;
    if (business[i]) biz += km;
    else priv += km;
    total += km;
    if (prev >= 0) total += gapBetween(odoB[prev]!, stop[prev]!, odoA[i]!, start[i]!);
    else first = i;
    prev = i;
  }
  return {
    businessKmsTravelled: round(biz),
    totalKmsTravelled: round(total),
    businessPercent: businessPercent(round(biz), round(total)),
    privateKmsTravelled: round(priv),
    trips: m,
    startOdometer: first < 0 ? null : odoA[first]!,
    endOdometer: prev < 0 ? null : odoB[prev]!,
    issues,
    leftOut,
    duplicates,
  };
}

/**
 * The summary of a vehicle's entries (any order; duplicates counted once).
 * Total km is the last entry's end odometer minus the first entry's start odometer (SPEC §5). A
 * reading that breaks the sequence (lower than the trip before, or a jump no vehicle could drive
 * in the time between) would swallow the period, so the summary is taken over the longest run of
 * trips whose readings fit, and the trips left out are listed for the page to name.
 */
export function summarize(input: readonly LogbookEntry[]): LogbookSummary {
  const n = input.length;
  const c: Columns = {
    n,
    start: new Float64Array(n),
    stop: new Float64Array(n),
    odoA: new Float64Array(n),
    odoB: new Float64Array(n),
    business: new Uint8Array(n),
    imei: (i) => input[i]!.imei,
    id: (i) => input[i]!.id,
    logstart: (i) => input[i]!.logstart,
  };
  for (let i = 0; i < n; i++) {
    const e = input[i]!;
    c.start[i] = e.startMs;
    c.stop[i] = e.stopMs;
    c.odoA[i] = e.startOdometer;
    c.odoB[i] = e.endOdometer;
    c.business[i] = e.purpose === "business" ? 1 : 0;
  }
  return summarizeColumns(c);
}

/** Odometers carry one decimal; keep sums free of float noise like 0.30000000000000004. */
function round(km: number): number {
  return Math.round(km * 1000) / 1000;
}

/** The summary straight from upstream triples (no intermediate objects). */
export function summarizeLogEntries(entries: readonly LogEntry[]): LogbookSummary {
  const n = entries.length;
  const c: Columns = {
    n,
    start: new Float64Array(n),
    stop: new Float64Array(n),
    odoA: new Float64Array(n),
    odoB: new Float64Array(n),
    business: new Uint8Array(n),
    imei: (i) => entries[i]![2].imei,
    id: (i) => entries[i]![2].id ?? `${entries[i]![2].imei}-${c.start[i]}`,
    logstart: (i) => entries[i]![2].logstart,
  };
  for (let i = 0; i < n; i++) {
    const [a, b, meta] = entries[i]!;
    c.start[i] = isoMs(meta.logstart);
    c.stop[i] = isoMs(meta.logstop);
    c.odoA[i] = num(a.obdodometer);
    c.odoB[i] = num(b.obdodometer);
    c.business[i] = purposeOf(meta.purpose, meta.description) === "business" ? 1 : 0;
  }
  return summarizeColumns(c);
}

// ------------------------------------------------------------------ filters

export type LogbookFilter = {
  from?: number;
  to?: number;
  purpose?: Purpose | "all";
  driver?: string | null;
};

/** Entries starting in [from, to) with the purpose and driver asked for. */
export function filterEntries(entries: readonly LogbookEntry[], f: LogbookFilter): LogbookEntry[] {
  return entries.filter(
    (e) =>
      (f.from === undefined || e.startMs >= f.from) &&
      (f.to === undefined || e.startMs < f.to) &&
      (!f.purpose || f.purpose === "all" || e.purpose === f.purpose) &&
      (!f.driver || e.driver === f.driver),
  );
}

export function driversOf(entries: readonly LogbookEntry[]): string[] {
  return [...new Set(entries.map((e) => e.driver).filter((d): d is string => !!d))].sort((a, b) =>
    a.localeCompare(b),
  );
}

// ------------------------------------------------------------------ distance per period

export type { Period };

/** Total km per period key, keyed by the day each trip started in the time zone. */
export function kmByPeriod(
  entries: readonly { startMs: number; km: number }[],
  period: Period,
  timeZone: string,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of entries) {
    const k = periodKey(e.startMs, period, timeZone);
    out.set(k, round((out.get(k) ?? 0) + (Number.isFinite(e.km) && e.km > 0 ? e.km : 0)));
  }
  return out;
}
