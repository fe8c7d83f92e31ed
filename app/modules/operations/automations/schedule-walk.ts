/**
 * A bounded walk through a recurrence rule. rrule steps through every period from DTSTART, and
 * filters that never match (BYYEARDAY=366;BYMONTH=1) keep it stepping to the year 9999 without
 * a single date: a rule starting in the year 1 held the event loop for a minute (issue 36). So
 * the start is moved forward by whole intervals to just before the window (the same dates inside
 * it), and the walk stops after a number of steps or a time budget, saying that it was cut.
 */
import { RRule } from "~/lib/rrule";

type Rule = InstanceType<typeof RRule>;
type Parsed = Rule["options"];

const DAY = 86_400_000;
const FIXED_MS: Partial<Record<number, number>> = {
  [RRule.WEEKLY]: 7 * DAY,
  [RRule.DAILY]: DAY,
  [RRule.HOURLY]: 3_600_000,
  [RRule.MINUTELY]: 60_000,
  [RRule.SECONDLY]: 1000,
};

/**
 * DTSTART moved forward by whole intervals to two intervals or more before `from`. The parsed
 * options already hold every default DTSTART gave (BYHOUR, BYMONTHDAY, BYDAY...), and rrule's
 * periods fall on the same lattice, so every date from the first whole period on is unchanged.
 * A COUNT counts from the real start, so such a rule keeps it (and relies on the step budget).
 */
export function startNear(o: Parsed, from: number): Date {
  const start = o.dtstart.getTime();
  if (o.count != null || start >= from) return o.dtstart;
  const n = Math.max(1, o.interval || 1);
  const fixed = FIXED_MS[o.freq];
  if (fixed) {
    const k = Math.floor((from - start) / (n * fixed)) - 2;
    return k > 0 ? new Date(start + k * n * fixed) : o.dtstart;
  }
  // Months and years differ in length: the period's first day instead (its dates before `from`).
  const d = o.dtstart;
  const f = new Date(from);
  const step = o.freq === RRule.YEARLY ? 12 * n : n;
  const months = (f.getUTCFullYear() - d.getUTCFullYear()) * 12 + f.getUTCMonth() - d.getUTCMonth();
  const k = Math.floor(months / step) - 2;
  if (k <= 0) return d;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k * step, 1));
}

export type WalkLimits = { maxDates: number; maxSteps: number; budgetMs: number };
export type Walk = { dates: Date[]; cut: boolean };

/** Exposes rrule's own iteration so a result object of ours can stop it. */
class WalkableRule extends RRule {
  walk(result: Stopper): Date[] {
    return this._iter(result as never) as unknown as Date[];
  }
}

/** rrule's IterResult for "between", counting steps and stopping on a limit. */
class Stopper {
  readonly dates: Date[] = [];
  cut = false;
  private steps = 0;
  private readonly deadline: number;
  constructor(
    private readonly after: Date,
    private readonly before: Date,
    private readonly limits: WalkLimits,
  ) {
    this.deadline = performance.now() + limits.budgetMs;
  }
  /** One step; false once over a limit (and stays false). */
  step(): boolean {
    if (this.cut) return false;
    this.steps++;
    if (
      this.steps > this.limits.maxSteps ||
      ((this.steps & 255) === 0 && performance.now() > this.deadline)
    )
      this.cut = true;
    return !this.cut;
  }
  accept(date: Date): boolean {
    if (!this.step()) return false;
    if (date < this.after) return true;
    if (date > this.before) return false;
    this.dates.push(date);
    if (this.dates.length >= this.limits.maxDates) {
      this.cut = true;
      return false;
    }
    return true;
  }
  getValue(): Date[] {
    return this.dates;
  }
}

/** A BYHOUR/BYMINUTE/BYSECOND list whose look-ups are steps; once cut, every value is "in it". */
function counted(list: number[] | null, stopper: Stopper): number[] | null {
  if (!list?.length) return list;
  class Counted extends Array<number> {
    override indexOf(v: number): number {
      return stopper.step() ? super.indexOf(v) : 0;
    }
  }
  return Counted.from(list);
}

/**
 * Dates of `rule` in [after, before], within the limits. rrule's loops call nothing of ours where
 * its filters drop every day (BYYEARDAY=366;BYMONTH=1 steps to the year 9999) or where its time
 * of day never reaches BYHOUR (FREQ=HOURLY;INTERVAL=2;BYHOUR=7 steps forever), so the walk also
 * counts rrule's reads: of `interval` once per period (reading 0 there ends its loop; its other
 * read, for the step itself, alternates with that one and keeps the real value) and of the
 * BYHOUR/BYMINUTE/BYSECOND look-ups (once cut, a look-up finds its value, which ends those loops).
 * Written against rrule 2.8's iter(); the tests walk the rules that hang it.
 */
export function walk(rule: Rule, after: Date, before: Date, limits: WalkLimits): Walk {
  const stopper = new Stopper(after, before, limits);
  const o = rule.options;
  const parsed: Parsed = {
    ...o,
    dtstart: startNear(o, after.getTime()),
    byhour: counted(o.byhour, stopper)!,
    byminute: counted(o.byminute, stopper)!,
    bysecond: counted(o.bysecond, stopper)!,
  };
  let reads = 0;
  Object.defineProperty(parsed, "interval", {
    get: () => (reads++ % 2 === 1 && !stopper.step() ? 0 : o.interval),
    enumerable: true,
  });
  const walkable = new WalkableRule({ freq: o.freq }, true);
  walkable.options = parsed;
  walkable.walk(stopper);
  return { dates: stopper.dates, cut: stopper.cut };
}
