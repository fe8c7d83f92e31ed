/**
 * Weeks and totals of timesheet entries (pure, browser-safe): a week runs Monday to Sunday in the
 * company's time zone, an entry counts on the local day it starts, and worked time is elapsed time
 * less breaks (the core's `workedMinutes`).
 */
import { addDays, dayKey, startOfDay, weekKey } from "~/lib/zoned-days";
import { workedMinutes } from "./overtime";

export type Span = { start: string; end: string | null; break_minutes: number };

export type WeekRange = { monday: string; days: string[]; from: number; to: number };

/** The week (Monday first) containing a local day, with its instants [from, to). */
export function weekOf(day: string, timeZone: string): WeekRange {
  const monday = weekKey(day);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  return {
    monday,
    days,
    from: startOfDay(monday, timeZone),
    to: startOfDay(addDays(monday, 7), timeZone),
  };
}

/** Worked minutes of an entry; an open entry counts up to `now`. */
export function entryMinutes(e: Span, now: number): number {
  const start = Date.parse(e.start);
  const end = e.end === null ? Math.max(start, now) : Date.parse(e.end);
  return workedMinutes({ start, end, breakMinutes: e.break_minutes });
}

/** Minutes per local day of the week and the week's total. */
export function weekTotals(
  entries: readonly Span[],
  week: WeekRange,
  timeZone: string,
  now: number,
) {
  const byDay = Object.fromEntries(week.days.map((d) => [d, 0])) as Record<string, number>;
  for (const e of entries) {
    const day = dayKey(Date.parse(e.start), timeZone);
    if (day in byDay) byDay[day] += entryMinutes(e, now);
  }
  return { byDay, total: Object.values(byDay).reduce((s, m) => s + m, 0) };
}

/** "7.50 h" style hours (two decimals, exact enough for timesheets). */
export const hoursText = (minutes: number) => `${(minutes / 60).toFixed(1)} h`;

/** A valid "YYYY-MM-DD" from a query value, or null. */
export const dayParam = (v: string | null) =>
  v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : null;
