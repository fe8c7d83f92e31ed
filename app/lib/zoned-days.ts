/** Days, weeks and months in the company's time zone, and conversions between local and UTC times. */
import { isoDay, isoMinute } from "./zoned-time";
/** A logbook summary's grouping. */
export type Period = "day" | "week" | "month";

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
  return isoDay(d.getTime() - back * 86_400_000);
}

export function periodKey(ms: number, period: Period, timeZone: string): string {
  const day = dayKey(ms, timeZone);
  return period === "day" ? day : period === "week" ? weekKey(day) : day.slice(0, 7);
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** A wall-clock formatter per zone, kept: building one costs more than a conversion (and ICU memory). */
function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partFormatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows a time zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    partFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export type LocalParts = { y: number; m: number; d: number; hh: number; mm: number; ss: number };

/** The wall clock of an instant in a time zone. */
export function localParts(ms: number, timeZone: string): LocalParts {
  const parts = partFormatter(timeZone).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return {
    y: get("year"),
    m: get("month"),
    d: get("day"),
    hh: get("hour") % 24,
    mm: get("minute"),
    ss: get("second"),
  };
}

/** Offset of a time zone from UTC at an instant, in ms (Brisbane: +10 h; Sydney in summer: +11 h). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.hh, p.mm, p.ss) - Math.floor(ms / 1000) * 1000;
}

/** The instant a "YYYY-MM-DD" day starts in a time zone. */
export function startOfDay(day: string, timeZone: string): number {
  const guess = Date.parse(`${day}T00:00:00Z`);
  // Two passes settle days on which the offset changes (daylight saving).
  let t = guess - zoneOffsetMs(guess, timeZone);
  t = guess - zoneOffsetMs(t, timeZone);
  return t;
}

/** "YYYY-MM-DD" plus n days. */
export function addDays(day: string, n: number): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);
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
  return isoMinute(ms + zoneOffsetMs(ms, timeZone));
}
