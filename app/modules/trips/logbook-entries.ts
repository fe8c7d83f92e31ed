/** Logbook entries: from and back to the upstream's triples, order, and the duplicate rule. */
import type { LogEntry } from "~/services/upstream/schemas";
import type { LogbookEntry, Purpose } from "./logbook-summary";

/** A finite number, or 0 for a missing or broken odometer reading. */
export const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

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
