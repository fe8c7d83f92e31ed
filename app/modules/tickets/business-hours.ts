/**
 * Business-hours arithmetic for ticket SLAs (first response and resolution are counted in the
 * company's working hours, as Zammad and Odoo do): working windows per weekday in the company's time
 * zone, public holidays left out, and statuses during which the clock is paused ("waiting for the
 * customer"). Pure functions over epoch milliseconds.
 */
import { addDays, dayKey, zonedLocalToUtc } from "~/lib/zoned-days";

/** "HH:mm"–"HH:mm" windows per ISO weekday (1 = Monday … 7 = Sunday). */
export type WorkingWeek = Partial<Record<1 | 2 | 3 | 4 | 5 | 6 | 7, Array<[string, string]>>>;

export type BusinessCalendar = {
  timeZone: string;
  week: WorkingWeek;
  /** "YYYY-MM-DD" days off (the company's public holidays). */
  holidays?: readonly string[];
};

export const OFFICE_HOURS: WorkingWeek = {
  1: [["08:00", "17:00"]],
  2: [["08:00", "17:00"]],
  3: [["08:00", "17:00"]],
  4: [["08:00", "17:00"]],
  5: [["08:00", "17:00"]],
};

const MINUTE = 60_000;

function isoWeekday(day: string): 1 | 2 | 3 | 4 | 5 | 6 | 7 {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (d === 0 ? 7 : d) as 1 | 2 | 3 | 4 | 5 | 6 | 7;
}

/** The working intervals [start, end) of one local day, as instants. */
function windowsOf(day: string, cal: BusinessCalendar): Array<[number, number]> {
  if (cal.holidays?.includes(day)) return [];
  return (cal.week[isoWeekday(day)] ?? [])
    .map(
      ([a, b]) =>
        [
          zonedLocalToUtc(`${day}T${a}`, cal.timeZone),
          zonedLocalToUtc(`${day}T${b}`, cal.timeZone),
        ] as [number, number],
    )
    .filter(([a, b]) => b > a);
}

function hasAnyWindow(cal: BusinessCalendar) {
  return Object.values(cal.week).some((w) => w?.some(([a, b]) => b > a));
}

/** Working minutes between two instants (0 when end ≤ start). */
export function businessMinutesBetween(start: number, end: number, cal: BusinessCalendar): number {
  if (end <= start) return 0;
  let total = 0;
  for (let day = addDays(dayKey(start, cal.timeZone), -1); ; day = addDays(day, 1)) {
    const windows = windowsOf(day, cal);
    for (const [a, b] of windows) {
      const from = Math.max(a, start);
      const to = Math.min(b, end);
      if (to > from) total += to - from;
    }
    if (day > dayKey(end, cal.timeZone)) break;
  }
  return total / MINUTE;
}

/**
 * The instant at which `minutes` working minutes have passed since `start` (a due time). Refuses a
 * calendar without working time, which would never reach it.
 */
export function addBusinessMinutes(start: number, minutes: number, cal: BusinessCalendar): number {
  if (!hasAnyWindow(cal)) throw new Error("The working week has no working hours");
  let left = minutes * MINUTE;
  if (left <= 0) return start;
  for (let day = addDays(dayKey(start, cal.timeZone), -1), guard = 0; guard < 3700; guard++) {
    for (const [a, b] of windowsOf(day, cal)) {
      const from = Math.max(a, start);
      if (b <= from) continue;
      if (b - from >= left) return from + left;
      left -= b - from;
    }
    day = addDays(day, 1);
  }
  throw new Error("No working time within ten years");
}

/** A span during which the SLA clock stands still (a paused status). */
export type Pause = { from: number; to: number | null };

/** Working minutes that count towards an SLA: elapsed working time minus the paused working time. */
export function slaMinutesUsed(
  start: number,
  now: number,
  pauses: readonly Pause[],
  cal: BusinessCalendar,
): number {
  let used = businessMinutesBetween(start, now, cal);
  for (const p of mergePauses(pauses, now)) {
    used -= businessMinutesBetween(Math.max(p.from, start), Math.min(p.to, now), cal);
  }
  return Math.max(0, used);
}

function mergePauses(pauses: readonly Pause[], now: number): Array<{ from: number; to: number }> {
  const spans = pauses
    .map((p) => ({ from: p.from, to: p.to ?? now }))
    .filter((p) => p.to > p.from)
    .sort((a, b) => a.from - b.from);
  const out: Array<{ from: number; to: number }> = [];
  for (const s of spans) {
    const last = out.at(-1);
    if (last && s.from <= last.to) last.to = Math.max(last.to, s.to);
    else out.push({ ...s });
  }
  return out;
}

export type SlaState = "on_time" | "at_risk" | "breached" | "met";

/** At risk once three quarters of the allowance are used; met when done within it. */
export const AT_RISK_SHARE = 0.75;

export function slaState(usedMinutes: number, allowedMinutes: number, done: boolean): SlaState {
  if (usedMinutes > allowedMinutes) return "breached";
  if (done) return "met";
  return usedMinutes >= allowedMinutes * AT_RISK_SHARE ? "at_risk" : "on_time";
}
