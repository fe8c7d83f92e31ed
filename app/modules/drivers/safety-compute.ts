/**
 * Pure pieces of the driver safety page: the period from the address, weeks, and the per-driver
 * and fleet figures of a slice of events and sessions.
 */
import type { Behaviour } from "./behaviours";
import { fleetScore, scoreDrivers, type ScoreSettings } from "./score";

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

/** Scores, fleet score and incident count of [from, to). Dismissed events count nowhere. */
export function periodFigures(
  events: Ev[],
  sessions: Ses[],
  from: number,
  to: number,
  settings: ScoreSettings,
  dismissed: ReadonlySet<string>,
) {
  const ev = slice(events, (e) => e.time, from, to);
  const scores = scoreDrivers(
    { events: ev, sessions: slice(sessions, (s) => s.start, from, to), dismissed },
    settings,
  );
  // The drivers' tallies already left dismissed events out; only unidentified ones are added.
  let incidents = 0;
  for (const x of scores.values()) incidents += x.incidents;
  for (const e of ev) if (e.driver_id === null && !dismissed.has(e.id)) incidents++;
  return { scores, fleet: fleetScore([...scores.values()]), incidents };
}

/** The closed weeks (oldest first) of the trend ending before the week holding `now`. */
export function trendWeeks(now: number, n = TREND_WEEKS): number[] {
  const current = weekStart(now);
  return Array.from({ length: n }, (_, i) => current - (n - i) * 7 * DAY);
}

export const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
