/**
 * When a scheduled report is due and which period it covers. Pure: the scheduler job, the
 * schedule form (its "next run" preview) and the tests share it.
 *
 * A schedule names a wall-clock time in a time zone. Each local calendar day yields at most one
 * instant, so a daylight-saving change can neither skip nor double a run: a time that does not
 * exist that day (the spring-forward gap) runs at the same distance after the gap's start, and a
 * time that happens twice (autumn) runs at its first occurrence.
 */
import { localParts, zoneOffsetMs as offsetAt } from "~/lib/zoned-days";

export const FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const PERIODS = ["yesterday", "last_week", "last_month"] as const;
export type SchedulePeriod = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<SchedulePeriod, string> = {
  yesterday: "Yesterday",
  last_week: "Last week (Monday to Sunday)",
  last_month: "Last month",
};
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
};
/** 0 = Sunday, as Date.getUTCDay. */
export const WEEKDAY_LABELS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

export type ScheduleRule = {
  frequency: Frequency;
  /** Weekly: the days it runs on (0 = Sunday). */
  weekdays: number[];
  /** Monthly: day of the month 1–31; a shorter month runs on its last day. */
  monthDay: number | null;
  /** "HH:mm", 24-hour. */
  timeOfDay: string;
  timeZone: string;
};

export { isValidTimeZone, localParts, zoneOffsetMs as offsetAt } from "~/lib/zoned-days";

/**
 * The instant of a wall-clock time in a time zone. Ambiguous (autumn): the first occurrence.
 * Missing (spring gap): shifted forward by the gap, e.g. 02:30 on the day Sydney jumps from 02:00 to
 * 03:00 is 03:30.
 */
export function localToInstant(
  y: number,
  m: number,
  d: number,
  hh: number,
  mm: number,
  timeZone: string,
): number {
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets a day either side cover both sides of any transition on that day.
  const before = offsetAt(wall - 36 * 3_600_000, timeZone);
  const after = offsetAt(wall + 36 * 3_600_000, timeZone);
  const candidates = [...new Set([wall - before, wall - after])].sort((a, b) => a - b);
  const exact = candidates.filter((t) => t + offsetAt(t, timeZone) === wall);
  if (exact.length) return exact[0]!;
  return wall - before;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function parseTime(timeOfDay: string): [number, number] {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(timeOfDay);
  if (!match) throw new Error(`Invalid time of day: ${timeOfDay}`);
  return [Number(match[1]), Number(match[2])];
}

/** Whether the rule runs on a local calendar day. */
export function runsOn(rule: ScheduleRule, y: number, m: number, d: number): boolean {
  if (rule.frequency === "daily") return true;
  if (rule.frequency === "weekly")
    return rule.weekdays.includes(new Date(Date.UTC(y, m - 1, d)).getUTCDay());
  const want = Math.min(rule.monthDay ?? 1, daysInMonth(y, m));
  return d === want;
}

/** The first due instant strictly after `afterMs`, or null when the rule never runs (weekly with no days). */
export function nextDue(rule: ScheduleRule, afterMs: number): number | null {
  if (rule.frequency === "weekly" && rule.weekdays.length === 0) return null;
  const [hh, mm] = parseTime(rule.timeOfDay);
  const start = localParts(afterMs, rule.timeZone);
  // Start a day early: the due instant of "yesterday" local can still be after `afterMs` near a transition.
  let day = Date.UTC(start.y, start.m - 1, start.d) - 86_400_000;
  for (let i = 0; i < 400; i++, day += 86_400_000) {
    const dt = new Date(day);
    const [y, m, d] = [dt.getUTCFullYear(), dt.getUTCMonth() + 1, dt.getUTCDate()];
    if (!runsOn(rule, y, m, d)) continue;
    const at = localToInstant(y, m, d, hh, mm, rule.timeZone);
    if (at > afterMs) return at;
  }
  return null;
}

/** Every due instant in (fromMs, toMs], oldest first (for tests and the form's preview). */
export function dueBetween(
  rule: ScheduleRule,
  fromMs: number,
  toMs: number,
  limit = 1000,
): number[] {
  const out: number[] = [];
  let t = fromMs;
  while (out.length < limit) {
    const next = nextDue(rule, t);
    if (next === null || next > toMs) break;
    out.push(next);
    t = next;
  }
  return out;
}

function startOfLocalDay(y: number, m: number, d: number, timeZone: string): number {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return localToInstant(dt.getUTCFullYear(), dt.getUTCMonth() + 1, dt.getUTCDate(), 0, 0, timeZone);
}

/**
 * The period a run due at `dueMs` covers, [from, to), in whole local days of the time zone:
 * yesterday; last week (Monday to Sunday before the week of the due day); last month.
 */
export function periodFor(
  period: SchedulePeriod,
  dueMs: number,
  timeZone: string,
): { from: number; to: number } {
  const p = localParts(dueMs, timeZone);
  if (period === "yesterday")
    return {
      from: startOfLocalDay(p.y, p.m, p.d - 1, timeZone),
      to: startOfLocalDay(p.y, p.m, p.d, timeZone),
    };
  if (period === "last_week") {
    const weekday = new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay();
    const monday = p.d - ((weekday + 6) % 7);
    return {
      from: startOfLocalDay(p.y, p.m, monday - 7, timeZone),
      to: startOfLocalDay(p.y, p.m, monday, timeZone),
    };
  }
  return {
    from: startOfLocalDay(p.y, p.m - 1, 1, timeZone),
    to: startOfLocalDay(p.y, p.m, 1, timeZone),
  };
}

/** "Every Monday and Friday at 07:00 (Australia/Sydney)". */
export function describeRule(rule: ScheduleRule): string {
  const when =
    rule.frequency === "daily"
      ? "Every day"
      : rule.frequency === "weekly"
        ? `Every ${
            [...rule.weekdays]
              .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
              .map((d) => WEEKDAY_LABELS[d])
              .join(", ") || "(no day chosen)"
          }`
        : `Monthly on day ${rule.monthDay ?? 1}`;
  return `${when} at ${rule.timeOfDay} (${rule.timeZone})`;
}
