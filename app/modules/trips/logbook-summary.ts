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
  duplicates: number;
};

/** A drop bigger than this is a meter wrapping round rather than a bad reading. */
export const ROLLOVER_DROP_KM = 500_000;

/** SPEC §5: business km / total km × 100, and 0 when that is not a number (0/0, x/0). */
export function businessPercent(businessKm: number, totalKm: number): number {
  const p = (businessKm / totalKm) * 100;
  return Number.isFinite(p) ? p : 0;
}

function issueKind(from: number, to: number): OdometerIssue["kind"] {
  return from - to >= ROLLOVER_DROP_KM ? "rollover" : "decreasing";
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

function summarizeColumns(c: Columns): LogbookSummary {
  const { n, start, stop, odoA, odoB, business } = c;
  // Order by start, then stop; skip the sort when the input is already in order (the usual case).
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
  const issues: OdometerIssue[] = [];
  let biz = 0;
  let priv = 0;
  let climbed = 0;
  let duplicates = 0;
  let first = -1;
  let prev = -1;
  // Entries with the same start as the current one, for the duplicate check (same imei and stop).
  let groupStart = 0;
  const kept: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = order ? order[k]! : k;
    if (prev >= 0 && start[i] === start[prev]) {
      let dup = false;
      for (let g = groupStart; g < kept.length; g++) {
        const j = kept[g]!;
        if (stop[j] === stop[i] && c.imei(j) === c.imei(i)) {
          dup = true;
          break;
        }
      }
      if (dup) {
        duplicates++;
        continue;
      }
    } else groupStart = kept.length;
    kept.push(i);
    const a = odoA[i]!;
    const b = odoB[i]!;
    const trip = b - a;
    if (trip < 0)
      issues.push({
        id: c.id(i),
        logstart: c.logstart(i),
        kind: issueKind(a, b),
        where: "within",
        from: a,
        to: b,
      });
    const km = trip > 0 ? trip : 0;
    if (business[i]) biz += km;
    else priv += km;
    climbed += km;
    if (prev >= 0) {
      const gap = a - odoB[prev]!;
      if (gap < 0)
        issues.push({
          id: c.id(i),
          logstart: c.logstart(i),
          kind: issueKind(odoB[prev]!, a),
          where: "between",
          from: odoB[prev]!,
          to: a,
        });
      else climbed += gap;
    } else first = i;
    prev = i;
    // Keep the duplicate window small: only entries sharing this start matter.
    if (kept.length > 4096 && groupStart > 2048) {
      kept.splice(0, groupStart);
      groupStart = 0;
    }
  }
  const total = first < 0 ? 0 : issues.length ? climbed : Math.max(0, odoB[prev]! - odoA[first]!);
  return {
    businessKmsTravelled: round(biz),
    totalKmsTravelled: round(total),
    businessPercent: businessPercent(round(biz), round(total)),
    privateKmsTravelled: round(priv),
    trips: n - duplicates,
    startOdometer: first < 0 ? null : odoA[first]!,
    endOdometer: prev < 0 ? null : odoB[prev]!,
    issues,
    duplicates,
  };
}

/**
 * The summary of a vehicle's entries (any order; duplicates counted once).
 * Total km is the last entry's end odometer minus the first entry's start odometer (SPEC §5). A
 * reading that goes down (a bad reading or a meter rollover) would make that negative or wrong,
 * so such readings are flagged and the total becomes the sum of the distances that did go up:
 * with clean readings both are the same number, because the sum telescopes.
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
