/** Local time for the engine: the clock of an instant in a zone, time windows and quiet hours. */
const MINUTE = 60_000;

const clocks = new Map<string, Intl.DateTimeFormat>();
const clockCache = new Map<string, { minutes: number; dow: number }>();
const DOW: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Minutes since local midnight and the local weekday (0 = Sunday) of `ms` in `timeZone`. */
export function localClock(ms: number, timeZone: string): { minutes: number; dow: number } {
  const minute = Math.floor(ms / MINUTE);
  const key = `${timeZone}|${minute}`;
  const hit = clockCache.get(key);
  if (hit) return hit;
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    clocks.set(timeZone, f);
  }
  let hour = 0;
  let min = 0;
  let dow = 0;
  for (const p of f.formatToParts(new Date(minute * MINUTE))) {
    if (p.type === "hour") hour = Number(p.value) % 24;
    else if (p.type === "minute") min = Number(p.value);
    else if (p.type === "weekday") dow = DOW[p.value] ?? 0;
  }
  const out = { minutes: hour * 60 + min, dow };
  if (clockCache.size > 200_000) clockCache.clear();
  clockCache.set(key, out);
  return out;
}

const WEEK = 7 * 1440;
/** Local minutes since Sunday 00:00 from a UTC minute and the zone's offset (1970-01-01 was a Thursday). */
const weekMinute = (localMinute: number) => (((localMinute + 4 * 1440) % WEEK) + WEEK) % WEEK;

/** The zone's offset (minutes) at the start of a UTC minute, read from `localClock`. */
function offsetAt(minute: number, timeZone: string): number {
  const { minutes, dow } = localClock(minute * MINUTE, timeZone);
  let d = (dow * 1440 + minutes - weekMinute(minute)) % WEEK;
  if (d > WEEK / 2) d -= WEEK;
  else if (d <= -WEEK / 2) d += WEEK;
  return d;
}

/** zone → UTC hour → its offset in minutes, or NaN when the offset changes within that hour. */
const hourOffsets = new Map<string, Map<number, number>>();

/**
 * `localClock` as one number, minutes since local Sunday 00:00 (`% 1440`: the minutes, `/ 1440`:
 * the weekday), without a formatter or an object per call: the engine asks it for every event.
 * The offset is read twice per zone and UTC hour (its first and last minute); an hour in which it
 * changes (half-hour zones switch at :30 UTC) is read minute by minute through `localClock`.
 */
export function localWeekMinute(ms: number, timeZone: string): number {
  const minute = Math.floor(ms / MINUTE);
  const hour = Math.floor(minute / 60);
  let byHour = hourOffsets.get(timeZone);
  if (!byHour) hourOffsets.set(timeZone, (byHour = new Map()));
  let off = byHour.get(hour);
  if (off === undefined) {
    const first = offsetAt(hour * 60, timeZone);
    off = first === offsetAt(hour * 60 + 59, timeZone) ? first : NaN;
    if (byHour.size > 100_000) byHour.clear();
    byHour.set(hour, off);
  }
  if (Number.isNaN(off)) {
    const c = localClock(ms, timeZone);
    return c.dow * 1440 + c.minutes;
  }
  return weekMinute(minute + off);
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isHhmm = (s: string) => HHMM.test(s);
export function minutesOf(hhmm: string): number {
  const m = HHMM.exec(hhmm);
  if (!m) throw new Error(`not a time: ${hhmm}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * Whether `ms` is in [start, end) local time on one of `days`. A window that spans midnight
 * (22:00–06:00) belongs to the day it starts: Friday's night shift covers Saturday 03:00. Equal
 * times mean the whole day; no days means every day.
 */
export function inTimeWindow(
  w: { start: string; end: string; days: number[] },
  ms: number,
  timeZone: string,
): boolean {
  const { minutes, dow } = localClock(ms, timeZone);
  const start = minutesOf(w.start);
  const end = minutesOf(w.end);
  const onDay = (d: number) => !w.days.length || w.days.includes(d);
  if (start === end) return onDay(dow);
  if (start < end) return onDay(dow) && minutes >= start && minutes < end;
  return (minutes >= start && onDay(dow)) || (minutes < end && onDay((dow + 6) % 7));
}

/** Quiet hours [start, end) every day; none or equal times: never quiet. */
export function isQuietAt(
  start: string | null | undefined,
  end: string | null | undefined,
  ms: number,
  timeZone: string,
): boolean {
  if (!start || !end || start === end) return false;
  return inTimeWindow({ start, end, days: [] }, ms, timeZone);
}
