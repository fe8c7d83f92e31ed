/**
 * Pure pieces of the driver safety page: the period from the address, weeks, and the per-driver
 * and fleet figures of a slice of events and sessions.
 */
import type { Behaviour } from "./behaviours";
import {
  driverScore,
  fleetScore,
  tallyByDriver,
  type DriverTally,
  type ScoreSettings,
} from "./score";

export const DAY = 86_400_000;
export const PERIODS = [7, 14, 30] as const;
export const MAX_CUSTOM_DAYS = 45;
export const TREND_WEEKS = 8;

export type Period = { days: number; from: number; to: number; prevFrom: number; custom: boolean };

const dayOf = (s: string | null) =>
  s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) ? Date.parse(s) : null;

/** ?days=7|14|30, or ?from=&to= (UTC days, inclusive, at most 45 days); else the last 7 days. */
export function periodOf(params: URLSearchParams, now: number): Period {
  const f = dayOf(params.get("from"));
  const t = dayOf(params.get("to"));
  if (f !== null && t !== null && f <= t && t - f < MAX_CUSTOM_DAYS * DAY) {
    const to = Math.min(t + DAY, now);
    const days = Math.round((t + DAY - f) / DAY);
    return { days, from: f, to, prevFrom: f - days * DAY, custom: true };
  }
  const days = PERIODS.find((d) => String(d) === params.get("days")) ?? 7;
  return { days, from: now - days * DAY, to: now, prevFrom: now - 2 * days * DAY, custom: false };
}

/** Monday 00:00 UTC of the week holding t. */
export function weekStart(t: number): number {
  const day = Math.floor(t / DAY);
  const dow = (day + 3) % 7; // 1970-01-01 was a Thursday: Monday = 0
  return (day - dow) * DAY;
}

export type Ev = {
  id: string;
  time: string;
  driver_id: number | null;
  behaviour: Behaviour;
};
export type Ses = { start: string; driver_id: number | null; distance_km: number };

/** Per array (the cached range's events and sessions): each row's time in ms, parsed once. */
const timesCache = new WeakMap<object, { times: Float64Array; sorted: boolean }>();

function timesOf<T>(rows: T[], time: (r: T) => string) {
  let hit = timesCache.get(rows);
  if (!hit || hit.times.length !== rows.length) {
    const times = new Float64Array(rows.length);
    let sorted = true;
    for (let i = 0; i < rows.length; i++) {
      times[i] = Date.parse(time(rows[i]!));
      if (i && times[i]! < times[i - 1]!) sorted = false;
    }
    timesCache.set(rows, (hit = { times, sorted }));
  }
  return hit;
}

/** First index whose time is ≥ t in a sorted array. */
function lowerBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The rows of [from, to). The times of an array are parsed once and kept with it (a page slices
 * the same cached range for both periods and every week of the trend); rows in time order (the
 * upstream answers oldest first) are cut by binary search.
 */
export function slice<T>(rows: T[], time: (r: T) => string, from: number, to: number): T[] {
  const { times, sorted } = timesOf(rows, time);
  if (sorted) return rows.slice(lowerBound(times, from), lowerBound(times, to));
  return rows.filter((_, i) => times[i]! >= from && times[i]! < to);
}

/** Per-driver tallies of one UTC day (dismissed events left out) and its unidentified events. */
type DayTotals = { drivers: Map<number, DriverTally>; unidentified: number };
type Days = {
  sessions: Ses[];
  sizes: string;
  dismissedKey: string;
  days: Map<number, DayTotals>;
};

/** Per events array (the cached range): its days, built for one sessions array and dismissed set. */
const daysCache = new WeakMap<object, Days>();

/**
 * A fingerprint of a set of ids, the same whatever its order: two string hashes summed over the
 * ids, and the size. A new dismissal changes it, so the days are tallied again.
 */
function setKey(ids: ReadonlySet<string>): string {
  let a = 0;
  let b = 0;
  for (const id of ids) {
    let h1 = 0x811c9dc5;
    let h2 = 5381;
    for (let i = 0; i < id.length; i++) {
      const c = id.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = (Math.imul(h2, 33) + c) | 0;
    }
    a = (a + (h1 >>> 0)) % 4_294_967_296;
    b = (b + (h2 >>> 0)) % 4_294_967_296;
  }
  return `${ids.size}:${a}:${b}`;
}

const dayOfTime = (t: number) => Math.floor(t / DAY);

/**
 * The range's per-driver daily totals: distance, counts per behaviour and incidents, without the
 * dismissed events; one pass over the range, kept with its events array while the dismissed set
 * and the sessions stay the same. A period or a week then sums its days.
 */
function daysOf(events: Ev[], sessions: Ses[], dismissed: ReadonlySet<string>): Days["days"] {
  const dismissedKey = setKey(dismissed);
  // An array that grew is tallied again, as its times are parsed again.
  const sizes = `${events.length}:${sessions.length}`;
  const hit = daysCache.get(events);
  if (hit && hit.sessions === sessions && hit.sizes === sizes && hit.dismissedKey === dismissedKey)
    return hit.days;
  const days = new Map<number, DayTotals>();
  const day = (t: number) => {
    const k = dayOfTime(t);
    let d = days.get(k);
    if (!d) days.set(k, (d = { drivers: new Map(), unidentified: 0 }));
    return d;
  };
  const tally = (d: DayTotals, id: number) => {
    let t = d.drivers.get(id);
    if (!t) d.drivers.set(id, (t = { distanceKm: 0, counts: {}, incidents: 0 }));
    return t;
  };
  const st = timesOf(sessions, (x) => x.start).times;
  sessions.forEach((x, i) => {
    if (x.driver_id !== null) tally(day(st[i]!), x.driver_id).distanceKm += x.distance_km;
  });
  const et = timesOf(events, (e) => e.time).times;
  events.forEach((e, i) => {
    if (dismissed.has(e.id)) return;
    const d = day(et[i]!);
    if (e.driver_id === null) {
      d.unidentified++;
      return;
    }
    const t = tally(d, e.driver_id);
    t.counts[e.behaviour] = (t.counts[e.behaviour] ?? 0) + 1;
    t.incidents++;
  });
  daysCache.set(events, { sessions, sizes, dismissedKey, days });
  return days;
}

function addTally(into: Map<number, DriverTally>, id: number, t: DriverTally) {
  let x = into.get(id);
  if (!x) into.set(id, (x = { distanceKm: 0, counts: {}, incidents: 0 }));
  x.distanceKm += t.distanceKm;
  x.incidents += t.incidents;
  for (const b in t.counts) {
    const k = b as Behaviour;
    x.counts[k] = (x.counts[k] ?? 0) + t.counts[k]!;
  }
}

/** Per-driver tallies and unidentified incidents of [from, to), straight from the events. */
function tallyEvents(
  events: Ev[],
  sessions: Ses[],
  from: number,
  to: number,
  dismissed: ReadonlySet<string>,
) {
  const ev = slice(events, (e) => e.time, from, to);
  const tallies = tallyByDriver({
    events: ev,
    sessions: slice(sessions, (s) => s.start, from, to),
    dismissed,
  });
  let unidentified = 0;
  for (const e of ev) if (e.driver_id === null && !dismissed.has(e.id)) unidentified++;
  return { tallies, unidentified };
}

function figuresOf(
  tallies: Map<number, DriverTally>,
  unidentified: number,
  settings: ScoreSettings,
) {
  const scores = new Map<number, ReturnType<typeof scoreOf>>();
  let incidents = unidentified;
  for (const [id, t] of tallies) {
    scores.set(id, scoreOf(t, settings));
    incidents += t.incidents;
  }
  return { scores, fleet: fleetScore([...scores.values()]), incidents };
}

const scoreOf = (t: DriverTally, s: ScoreSettings) => ({
  ...driverScore(t.counts, t.distanceKm, s),
  incidents: t.incidents,
  counts: t.counts,
});

/**
 * Scores, fleet score and incident count of [from, to). Dismissed events count nowhere. Whole
 * UTC days are summed from the range's daily totals; only the parts of a day at either end of the
 * period (a "last 7 days" starts and ends mid-day) are tallied from their events.
 */
export function periodFigures(
  events: Ev[],
  sessions: Ses[],
  from: number,
  to: number,
  settings: ScoreSettings,
  dismissed: ReadonlySet<string>,
) {
  const first = Math.ceil(from / DAY);
  const last = Math.floor(to / DAY);
  if (first >= last) return periodFiguresByEvents(events, sessions, from, to, settings, dismissed);
  const days = daysOf(events, sessions, dismissed);
  const head = tallyEvents(events, sessions, from, first * DAY, dismissed);
  const tail = tallyEvents(events, sessions, last * DAY, to, dismissed);
  const tallies = head.tallies;
  let unidentified = head.unidentified + tail.unidentified;
  for (let k = first; k < last; k++) {
    const d = days.get(k);
    if (!d) continue;
    unidentified += d.unidentified;
    for (const [id, t] of d.drivers) addTally(tallies, id, t);
  }
  for (const [id, t] of tail.tallies) addTally(tallies, id, t);
  return figuresOf(tallies, unidentified, settings);
}

/** periodFigures from every event of the period (the reference the daily totals must match). */
export function periodFiguresByEvents(
  events: Ev[],
  sessions: Ses[],
  from: number,
  to: number,
  settings: ScoreSettings,
  dismissed: ReadonlySet<string>,
) {
  const { tallies, unidentified } = tallyEvents(events, sessions, from, to, dismissed);
  return figuresOf(tallies, unidentified, settings);
}

/** The closed weeks (oldest first) of the trend ending before the week holding `now`. */
export function trendWeeks(now: number, n = TREND_WEEKS): number[] {
  const current = weekStart(now);
  return Array.from({ length: n }, (_, i) => current - (n - i) * 7 * DAY);
}

/** Rows sent at first; "show more" (?leaders=, ?incidents=) asks for as many again. */
export const LEADER_ROWS = 50;
export const INCIDENT_ROWS = 25;

/** How many rows of a list to send: ?{param}=n rounded up to a whole step, at least one step. */
export function shownRows(p: URLSearchParams, param: string, step: number): number {
  const n = Number(p.get(param));
  return Number.isFinite(n) && n > step ? Math.min(Math.ceil(n / step), 1000) * step : step;
}

export const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
