/**
 * Roster expansion: the shifts a roster expects of each person between two days, in the company's
 * time zone. A roster is a weekly pattern (days 0 = Sunday … 6) or an RFC 5545 recurrence rule
 * (the `rrule` package) whose first occurrence is counted from `valid_from`; a group roster expects
 * a shift of every member. A shift ending at or before its start time runs overnight.
 */
import { RRule } from "~/lib/rrule";
import { addDays, zonedLocalToUtc } from "~/lib/zoned-days";
import { isoDay } from "~/lib/zoned-time";

export type RosterRule = {
  id: number;
  name: string;
  username_id: number | null;
  compgroups_id: number | null;
  pattern: "weekly" | "rrule";
  days: number[];
  rrule: string | null;
  start_time: string;
  end_time: string;
  break_minutes: number;
  jobsite_id: number | null;
  valid_from: string;
  valid_to: string | null;
};
export type Member = { username_id: number; group_ids: number[] };
export type Shift = {
  username_id: number;
  roster_id: number;
  roster: string;
  day: string;
  start: number;
  end: number;
  break_minutes: number;
  jobsite_id: number | null;
};

/** Days ("YYYY-MM-DD") from `from` to `to` inclusive on which the roster has a shift. */
export function rosterDays(r: RosterRule, from: string, to: string): string[] {
  const lo = from > r.valid_from ? from : r.valid_from;
  const hi = r.valid_to && r.valid_to < to ? r.valid_to : to;
  if (hi < lo) return [];
  if (r.pattern === "weekly") {
    const out: string[] = [];
    for (let d = lo; d <= hi; d = addDays(d, 1))
      if (r.days.includes(new Date(`${d}T00:00:00Z`).getUTCDay())) out.push(d);
    return out;
  }
  if (!r.rrule) return [];
  // Floating dates: every occurrence is a calendar day at 00:00 "UTC", never shifted by a zone.
  const opts = RRule.parseString(r.rrule.replace(/^RRULE:/i, ""));
  const rule = new RRule({ ...opts, dtstart: new Date(`${r.valid_from}T00:00:00Z`) });
  return rule
    .between(new Date(`${lo}T00:00:00Z`), new Date(`${hi}T00:00:00Z`), true)
    .map((d) => isoDay(d));
}

/** Who a roster is for: its person, or every member of its group. */
export function rosterPeople(r: RosterRule, people: readonly Member[]): number[] {
  if (r.username_id !== null) return [r.username_id];
  return people
    .filter((p) => p.group_ids.includes(r.compgroups_id ?? -1))
    .map((p) => p.username_id);
}

/** Every expected shift from `from` to `to` (days, inclusive), sorted by start. */
export function expandRosters(
  rosters: readonly RosterRule[],
  people: readonly Member[],
  from: string,
  to: string,
  timeZone: string,
): Shift[] {
  const out: Shift[] = [];
  for (const r of rosters) {
    const who = rosterPeople(r, people);
    for (const day of rosterDays(r, from, to)) {
      const start = zonedLocalToUtc(`${day}T${r.start_time}`, timeZone);
      const endDay = r.end_time <= r.start_time ? addDays(day, 1) : day;
      const end = zonedLocalToUtc(`${endDay}T${r.end_time}`, timeZone);
      for (const username_id of who)
        out.push({
          username_id,
          roster_id: r.id,
          roster: r.name,
          day,
          start,
          end,
          break_minutes: r.break_minutes,
          jobsite_id: r.jobsite_id,
        });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.username_id - b.username_id);
}

/** Paid hours of one shift of the roster (length less the break). */
export function shiftHours(r: Pick<RosterRule, "start_time" | "end_time" | "break_minutes">) {
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  let len = m(r.end_time) - m(r.start_time);
  if (len <= 0) len += 24 * 60;
  return Math.max(0, len - r.break_minutes) / 60;
}
