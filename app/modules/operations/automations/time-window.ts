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
