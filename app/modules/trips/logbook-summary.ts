/**
 * Logbook maths (SPEC §3 "Trip log entry", "Logbook summary"; §4 trip saving; §5 business percent
 * and total km). Pure and fast: the summary of 100,000 entries must take well under 50 ms, so
 * timestamps are parsed once and sorting is skipped when the input is already in order.
 */
import type { LogEntry } from "~/services/upstream/schemas";

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

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** Purpose when the upstream leaves it out: the description says "private", or it is business. */
export function purposeOf(purpose: unknown, description: string | null | undefined): Purpose {
  if (purpose === "business" || purpose === "private") return purpose;
  return /^\s*private\b/i.test(description ?? "") ? "private" : "business";
}

export function fromLogEntry(entry: LogEntry): LogbookEntry {
  const [a, b, meta] = entry;
  const startOdometer = num(a.obdodometer);
  const endOdometer = num(b.obdodometer);
  const startMs = isoMs(meta.logstart);
  const stopMs = isoMs(meta.logstop);
  return {
    id: meta.id ?? `${meta.imei}-${startMs}`,
    imei: meta.imei,
    logstart: meta.logstart,
    logstop: meta.logstop,
    startMs,
    stopMs,
    startOdometer,
    endOdometer,
    km: Math.max(0, endOdometer - startOdometer),
    purpose: purposeOf(meta.purpose, meta.description),
    description: meta.description ?? "",
    driver: meta.driver ?? null,
    startAddress: a.address ?? null,
    endAddress: b.address ?? null,
  };
}

/** Back to the upstream triple (for changePurpose / deleteTripv2). */
export function toLogEntry(e: LogbookEntry): LogEntry {
  return [
    {
      obdodometer: e.startOdometer,
      ...(e.startAddress ? { address: e.startAddress } : {}),
      timestamp: e.logstart,
    },
    {
      obdodometer: e.endOdometer,
      ...(e.endAddress ? { address: e.endAddress } : {}),
      timestamp: e.logstop,
    },
    {
      id: e.id,
      logstart: e.logstart,
      logstop: e.logstop,
      description: e.description,
      imei: e.imei,
      purpose: e.purpose,
      driver: e.driver,
    },
  ];
}

const byStart = (x: LogbookEntry, y: LogbookEntry) => x.startMs - y.startMs || x.stopMs - y.stopMs;

/** Sorted by logstart (then logstop); a copy, and O(n) when already in order. */
export function sortEntries(entries: readonly LogbookEntry[]): LogbookEntry[] {
  for (let i = 1; i < entries.length; i++) {
    if (byStart(entries[i - 1]!, entries[i]!) > 0) return [...entries].sort(byStart);
  }
  return [...entries];
}

/** SPEC §4: the same vehicle, logstart and logstop is the same trip. */
export const tripKey = (e: { imei: string; startMs: number; stopMs: number }) =>
  `${e.imei}|${e.startMs}|${e.stopMs}`;

/** Drops repeats of a trip (same imei, logstart and logstop), keeping the first. */
export function dedupeEntries(entries: readonly LogbookEntry[]): {
  entries: LogbookEntry[];
  duplicates: number;
} {
  const seen = new Set<string>();
  const out: LogbookEntry[] = [];
  for (const e of entries) {
    const k = tripKey(e);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(e);
  }
  return { entries: out, duplicates: entries.length - out.length };
}

/** True when a trip with this start and stop already exists (the duplicate rule of SPEC §4). */
export function isDuplicateTrip(
  existing: readonly LogbookEntry[],
  imei: string,
  logstart: string,
  logstop: string,
): boolean {
  const s = Date.parse(logstart);
  const t = Date.parse(logstop);
  return existing.some((e) => e.imei === imei && e.startMs === s && e.stopMs === t);
}

/** SPEC §5: business km / total km × 100, and 0 when that is not a number (0/0, x/0). */
export function businessPercent(businessKm: number, totalKm: number): number {
  const p = (businessKm / totalKm) * 100;
  return Number.isFinite(p) ? p : 0;
}

function issueKind(from: number, to: number): OdometerIssue["kind"] {
  return from - to >= ROLLOVER_DROP_KM ? "rollover" : "decreasing";
}

const C0 = 48;
const d2 = (s: string, i: number) => (s.charCodeAt(i) - C0) * 10 + s.charCodeAt(i + 1) - C0;

/**
 * Milliseconds of an ISO instant. The upstream's "2026-03-01T13:30:00.000Z" form is read by hand
 * (Date.parse costs most of a 100,000-entry summary); anything else goes to Date.parse.
 */
export function isoMs(s: string): number {
  const len = s.length;
  if (
    (len === 24 || len === 20) &&
    s.charCodeAt(len - 1) === 90 /* Z */ &&
    s.charCodeAt(10) === 84 /* T */
  ) {
    let y = d2(s, 0) * 100 + d2(s, 2);
    const m = d2(s, 5);
    const d = d2(s, 8);
    const h = d2(s, 11);
    const mi = d2(s, 14);
    const sec = d2(s, 17);
    const ms = len === 24 ? (s.charCodeAt(20) - C0) * 100 + d2(s, 21) : 0;
    // Days 29-31 need the month's length: leave those to Date.parse, like anything unusual.
    if (
      m >= 1 &&
      m <= 12 &&
      d >= 1 &&
      d <= 28 &&
      h < 24 &&
      mi < 60 &&
      sec < 60 &&
      ms >= 0 &&
      ms < 1000 &&
      y >= 1970
    ) {
      // Days since 1970-01-01 (H. Hinnant's days_from_civil), without Date's overhead.
      y -= m <= 2 ? 1 : 0;
      const era = Math.floor(y / 400);
      const yoe = y - era * 400;
      const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
      const days =
        era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
      return ((days * 24 + h) * 60 + mi) * 60_000 + sec * 1000 + ms;
    }
  }
  return Date.parse(s);
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
    if (kept.length > 4096 && groupStart > 2048) (kept.splice(0, groupStart), (groupStart = 0));
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

// ------------------------------------------------------------------ days in the company's time zone

const formatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** "YYYY-MM-DD" of an instant in a time zone: a trip crossing midnight belongs to the day it started. */
export function dayKey(ms: number, timeZone: string): string {
  return dayFormatter(timeZone).format(new Date(ms));
}

/** Monday of the ISO week of a "YYYY-MM-DD" day. */
export function weekKey(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

export type Period = "day" | "week" | "month";

export function periodKey(ms: number, period: Period, timeZone: string): string {
  const day = dayKey(ms, timeZone);
  return period === "day" ? day : period === "week" ? weekKey(day) : day.slice(0, 7);
}

/** Offset of a time zone from UTC at an instant, in ms (Brisbane: +10 h). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour") % 24,
    get("minute"),
    get("second"),
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant a "YYYY-MM-DD" day starts in a time zone. */
export function startOfDay(day: string, timeZone: string): number {
  const guess = Date.parse(`${day}T00:00:00Z`);
  // Two passes settle days on which the offset changes (daylight saving).
  let t = guess - zoneOffsetMs(guess, timeZone);
  t = guess - zoneOffsetMs(t, timeZone);
  return t;
}

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

/** "YYYY-MM-DD" plus n days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** A wall-clock "YYYY-MM-DDTHH:mm" in a time zone, as an instant (for manual trips typed by the user). */
export function zonedLocalToUtc(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(asUtc)) return Number.NaN;
  let t = asUtc - zoneOffsetMs(asUtc, timeZone);
  t = asUtc - zoneOffsetMs(t, timeZone);
  return t;
}

/** An instant as the "YYYY-MM-DDTHH:mm" wall clock of a time zone (for datetime-local inputs). */
export function utcToZonedLocal(ms: number, timeZone: string): string {
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 16);
}
