/**
 * Schedule triggers: an RFC 5545 recurrence rule ("FREQ=WEEKLY;BYDAY=MO;BYHOUR=7;BYMINUTE=0")
 * read as wall-clock times in the company's time zone. A rule that never fires, fires more often
 * than every 5 minutes, starts (DTSTART) more than a day from now or takes too long to work out
 * is refused with a message for the field; every walk through a rule is bounded (schedule-walk).
 */
import { RRule } from "~/lib/rrule";
import { zonedLocalToUtc, zoneOffsetMs } from "~/lib/zoned-days";
import { isoDay, isoSecond } from "~/lib/zoned-time";
import { walk, type WalkLimits } from "./schedule-walk";

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MIN_GAP_MS = 5 * 60_000;
const NEVER = "This schedule never fires: it has no time in the next two years";
class NeverError extends Error {}
const HORIZON_MS = 2 * 366 * 86_400_000;
const DAY_MS = 86_400_000;
const TOO_HARD =
  "This schedule takes too long to work out: simplify it, e.g. FREQ=DAILY;BYHOUR=7;BYMINUTE=0";
/** The check on save looks at the first dates of two years; generous, it runs once per save. */
const CHECK: WalkLimits = { maxDates: 1000, maxSteps: 400_000, budgetMs: 250 };
/** The runner's look at one rule (every minute, a 7-day dry run at most: 2,016 dates at 5 min). */
const RUN: WalkLimits = { maxDates: 3000, maxSteps: 200_000, budgetMs: 50 };

/**
 * The rule as saved: a DTSTART (today's local midnight) is added when missing, so "every 2 days"
 * keeps its phase and no search starts years back.
 */
export function withStart(text: string, timeZone: string, now = Date.now()): string {
  if (/DTSTART/i.test(text)) return text.trim();
  const day = isoDay(wall(now, timeZone)).replace(/-/g, "");
  return `DTSTART:${day}T000000\nRRULE:${text.trim().replace(/^RRULE:/i, "")}`;
}

/** A month-day that no chosen month has (30 February) makes rrule search up to the year 9999. */
function impossibleDay(opts: {
  bymonth?: number | number[] | null;
  bymonthday?: number | number[] | null;
}) {
  const days = [opts.bymonthday ?? []].flat();
  if (!days.length) return false;
  const months = [opts.bymonth ?? []].flat();
  const longest = Math.max(
    ...(months.length ? months : [1]).map((m) => DAYS_IN_MONTH[m - 1] ?? 31),
  );
  return days.every((d) => Math.abs(d) > longest);
}

function parse(text: string) {
  const body = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => l.replace(/^RRULE:/i, ""))
    .join("\n");
  const opts = RRule.parseString(body);
  if (opts.freq === undefined) throw new Error("it has no FREQ");
  if (impossibleDay(opts)) throw new NeverError();
  // Floating times: the rule's clock is the company's wall clock, written as if it were UTC.
  return new RRule({ ...opts, dtstart: opts.dtstart ?? new Date(), tzid: undefined });
}

const wall = (ms: number, tz: string) => ms + zoneOffsetMs(ms, tz);
const real = (wallMs: number, tz: string) => zonedLocalToUtc(isoSecond(wallMs), tz);

/** Null if the schedule is usable from `now`; else why not (for the field). */
export function scheduleProblem(text: string, timeZone: string, now = Date.now()): string | null {
  let rule;
  try {
    rule = parse(withStart(text, timeZone, now));
  } catch (e) {
    if (e instanceof NeverError) return NEVER;
    return `Not a schedule: ${(e as Error).message.slice(0, 120)}. Use e.g. FREQ=DAILY;BYHOUR=7;BYMINUTE=0`;
  }
  const from = wall(now, timeZone);
  // rrule walks every period from DTSTART: one in the year 1 is millions of steps on every run.
  if (Math.abs(rule.options.dtstart.getTime() - from) > DAY_MS)
    return "A start (DTSTART) must be within a day of now: leave it out and the schedule starts today";
  const { dates, cut } = walk(rule, new Date(from), new Date(from + HORIZON_MS), CHECK);
  if (cut && dates.length < CHECK.maxDates) return TOO_HARD;
  if (!dates.length) return NEVER;
  for (let i = 1; i < dates.length; i++)
    if (dates[i].getTime() - dates[i - 1].getTime() < MIN_GAP_MS)
      return "This schedule fires more often than every 5 minutes";
  return null;
}

/**
 * Occurrences in (from, to], as real instants (ms). A stored rule is walked from just before
 * `from` and within the runner's budget: one saved before the checks (a DTSTART in the year 1, a
 * loop rrule never leaves) gives what it found in time, never a stalled server.
 */
export function occurrences(text: string, timeZone: string, from: number, to: number): number[] {
  let rule;
  try {
    rule = parse(text);
  } catch {
    return [];
  }
  return walk(rule, new Date(wall(from, timeZone)), new Date(wall(to, timeZone)), RUN)
    .dates.map((d) => real(d.getTime(), timeZone))
    .filter((t) => t > from && t <= to);
}
