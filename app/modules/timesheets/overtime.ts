/**
 * Overtime: which of a person's worked minutes are ordinary time, overtime (at which multiplier)
 * or public-holiday time, under a payroll group's rule set. Pure and exact: minutes are integers,
 * every worked minute lands in exactly one line, and each line names the rule that produced it.
 *
 * Conventions (shown on the overtime screen):
 * - A shift belongs to the local day (company time zone) it starts on, as on paper timesheets.
 * - Workweeks start on the rule set's `weekStartsOn` at local midnight, so a week across a
 *   daylight-saving change has 167 or 169 real hours; worked time is real elapsed time.
 * - Daily tiers count the day's worked minutes in order: past 8 h at 1.5×, past 12 h at 2×…
 * - The weekly threshold counts only straight time (minutes not already paid as daily, seventh-day
 *   or holiday time), in order through the week, so no minute is paid twice.
 * - The seventh consecutive day worked in a workweek uses its own tiers from the day's first minute.
 * - On a public holiday every minute is holiday time at the holiday multiplier.
 */
import { addDays, dayKey } from "~/lib/zoned-days";

export type Tier = { afterHours: number; multiplier: number };

export type OvertimeRuleSet = {
  id: string;
  name: string;
  daily: Tier[];
  weekly: Tier | null;
  seventhDay: Tier[] | null;
  publicHolidayMultiplier: number | null;
  /** 0 Sunday … 6 Saturday. */
  weekStartsOn: number;
};

export const OVERTIME_PRESETS = {
  none: {
    id: "none",
    name: "No overtime",
    daily: [],
    weekly: null,
    seventhDay: null,
    publicHolidayMultiplier: null,
    weekStartsOn: 1,
  },
  us_federal: {
    id: "us_federal",
    name: "US federal (FLSA): over 40 h a week at 1.5×",
    daily: [],
    weekly: { afterHours: 40, multiplier: 1.5 },
    seventhDay: null,
    publicHolidayMultiplier: null,
    weekStartsOn: 0,
  },
  california: {
    id: "california",
    name: "California: over 8 h a day 1.5×, over 12 h 2×, over 40 h a week 1.5×, seventh day",
    daily: [
      { afterHours: 8, multiplier: 1.5 },
      { afterHours: 12, multiplier: 2 },
    ],
    weekly: { afterHours: 40, multiplier: 1.5 },
    seventhDay: [
      { afterHours: 0, multiplier: 1.5 },
      { afterHours: 8, multiplier: 2 },
    ],
    publicHolidayMultiplier: null,
    weekStartsOn: 0,
  },
} as const satisfies Record<string, OvertimeRuleSet>;

export type PayCategory = "ordinary" | "overtime" | "public_holiday";

export type WorkEntry = {
  /** Start and end instants (ms). */
  start: number;
  end: number;
  /** Unpaid break minutes within the shift. */
  breakMinutes?: number;
};

export type HoursLine = {
  category: PayCategory;
  multiplier: number;
  minutes: number;
  /** "Daily: over 8 h at 1.5×", "Weekly: over 40 h at 1.5×", "Ordinary time"… */
  rule: string;
};

const x = (m: number) => `${m}×`;
const h = (hours: number) => `${hours} h`;

/** Worked minutes of an entry: elapsed time less breaks, never below zero. */
export function workedMinutes(e: WorkEntry): number {
  return Math.max(0, Math.round((e.end - e.start) / 60_000) - (e.breakMinutes ?? 0));
}

/** The first local day of the workweek containing `day` ("YYYY-MM-DD"). */
export function weekStartOf(day: string, weekStartsOn: number): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow - weekStartsOn + 7) % 7));
}

/** Splits `minutes` worked after `before` minutes of the day into tier slices (below the first tier: null). */
function tierSlices(before: number, minutes: number, tiers: readonly Tier[]) {
  const bounds = [...tiers].sort((a, b) => a.afterHours - b.afterHours);
  const out: { tier: Tier | null; minutes: number }[] = [];
  let at = before;
  const end = before + minutes;
  while (at < end) {
    let tier: Tier | null = null;
    let next = end;
    for (const t of bounds) {
      if (at >= t.afterHours * 60) tier = t;
      else {
        next = Math.min(next, t.afterHours * 60);
        break;
      }
    }
    out.push({ tier, minutes: next - at });
    at = next;
  }
  return out;
}

class Lines {
  private map = new Map<string, HoursLine>();
  add(category: PayCategory, multiplier: number, minutes: number, rule: string) {
    if (minutes <= 0) return;
    const key = `${category}|${multiplier}|${rule}`;
    const line = this.map.get(key);
    if (line) line.minutes += minutes;
    else this.map.set(key, { category, multiplier, minutes, rule });
  }
  list(): HoursLine[] {
    const order: Record<PayCategory, number> = { ordinary: 0, overtime: 1, public_holiday: 2 };
    return [...this.map.values()].sort(
      (a, b) => order[a.category] - order[b.category] || a.multiplier - b.multiplier,
    );
  }
}

/**
 * One person's worked time over a period, classified into lines. `holidays` holds local days
 * ("YYYY-MM-DD") that are public holidays for the person's payroll group.
 */
export function classifyHours(
  entries: readonly WorkEntry[],
  rules: OvertimeRuleSet,
  opts: { timeZone: string; holidays?: ReadonlySet<string> },
): HoursLine[] {
  const holidays = opts.holidays ?? new Set<string>();
  // Days and weeks, with each day's entries in order.
  const days = new Map<string, WorkEntry[]>();
  for (const e of [...entries].sort((a, b) => a.start - b.start)) {
    const day = dayKey(e.start, opts.timeZone);
    const list = days.get(day);
    if (list) list.push(e);
    else days.set(day, [e]);
  }
  const weeks = new Map<string, string[]>();
  for (const day of [...days.keys()].sort()) {
    const week = weekStartOf(day, rules.weekStartsOn);
    const list = weeks.get(week);
    if (list) list.push(day);
    else weeks.set(week, [day]);
  }
  const lines = new Lines();
  const weeklyAfter = rules.weekly ? rules.weekly.afterHours * 60 : Infinity;
  for (const [week, weekDays] of weeks) {
    let straightThisWeek = 0;
    const worked = new Set(weekDays.filter((d) => days.get(d)!.some((e) => workedMinutes(e) > 0)));
    for (const day of weekDays) {
      const dayEntries = days.get(day)!;
      const total = dayEntries.reduce((s, e) => s + workedMinutes(e), 0);
      if (total === 0) continue;
      if (holidays.has(day) && rules.publicHolidayMultiplier !== null) {
        lines.add(
          "public_holiday",
          rules.publicHolidayMultiplier,
          total,
          `Public holiday at ${x(rules.publicHolidayMultiplier)}`,
        );
        continue;
      }
      const seventh =
        rules.seventhDay !== null &&
        day === addDays(week, 6) &&
        [0, 1, 2, 3, 4, 5].every((i) => worked.has(addDays(week, i)));
      const tiers = seventh ? rules.seventhDay! : rules.daily;
      for (const slice of tierSlices(0, total, tiers)) {
        if (slice.tier && slice.tier.multiplier !== 1) {
          lines.add(
            "overtime",
            slice.tier.multiplier,
            slice.minutes,
            seventh
              ? `Seventh consecutive day: ${slice.tier.afterHours ? `over ${h(slice.tier.afterHours)}` : "first hours"} at ${x(slice.tier.multiplier)}`
              : `Daily: over ${h(slice.tier.afterHours)} at ${x(slice.tier.multiplier)}`,
          );
          continue;
        }
        // Straight time: ordinary until the weekly threshold, weekly overtime after it.
        const ordinary = Math.max(0, Math.min(slice.minutes, weeklyAfter - straightThisWeek));
        lines.add("ordinary", 1, ordinary, "Ordinary time");
        if (rules.weekly)
          lines.add(
            "overtime",
            rules.weekly.multiplier,
            slice.minutes - ordinary,
            `Weekly: over ${h(rules.weekly.afterHours)} at ${x(rules.weekly.multiplier)}`,
          );
        straightThisWeek += slice.minutes;
      }
    }
  }
  return lines.list();
}
