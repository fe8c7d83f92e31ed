/**
 * Plant hire arithmetic (pure; browser-safe). Days are ISO dates in the company's time zone; the
 * off-hire day is a hire day. Hours available are the working days so far (Monday to Friday) at a
 * standard shift, because a machine is not expected to work weekends.
 */
export const STANDARD_SHIFT_HOURS = 8;
/** How many days before the off-hire date the overstay warning starts. */
export const OVERSTAY_WARNING_DAYS = 2;

export type RateUnit = "hour" | "day" | "week";
export type Usage = {
  engine_hours: number | null;
  ignition_hours: number;
  idle_hours: number;
  days_on_site: number;
};
export type Terms = {
  on_hire: string;
  off_hire: string;
  rate: number;
  rate_unit: RateUnit;
  minimum_charge: number;
};

const DAY_MS = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Calendar days from `from` to `to`, both counted (0 when `to` is before `from`). */
export function daysInclusive(from: string, to: string): number {
  return Math.max(0, Math.round((ms(to) - ms(from)) / DAY_MS) + 1);
}

/** Monday–Friday days from `from` to `to`, both counted. */
export function workingDays(from: string, to: string): number {
  let n = 0;
  for (let t = ms(from); t <= ms(to); t += DAY_MS) {
    const wd = new Date(t).getUTCDay();
    if (wd !== 0 && wd !== 6) n++;
  }
  return n;
}

/** The last day counted so far: today, but never past the off-hire date. */
const lastDay = (t: Terms, today: string) => (today < t.off_hire ? today : t.off_hire);

/** Days on hire so far (0 before the on-hire date) and in all. */
export function hireDays(t: Terms, today: string) {
  return {
    so_far: daysInclusive(t.on_hire, lastDay(t, today)),
    total: daysInclusive(t.on_hire, t.off_hire),
  };
}

const ratio = (a: number, b: number) => (b > 0 ? Math.min(1, a / b) : null);

/** Hours used (engine hours, else ignition time) over hours available, days on site over days hired. */
export function utilisation(t: Terms, u: Usage, today: string) {
  const hoursUsed = u.engine_hours ?? u.ignition_hours;
  const hoursAvailable =
    today < t.on_hire ? 0 : workingDays(t.on_hire, lastDay(t, today)) * STANDARD_SHIFT_HOURS;
  const days = hireDays(t, today).so_far;
  return {
    hours_used: hoursUsed,
    hours_source: u.engine_hours === null ? ("ignition" as const) : ("engine" as const),
    hours_available: hoursAvailable,
    hours_ratio: ratio(hoursUsed, hoursAvailable),
    days_on_site: Math.min(u.days_on_site, days),
    days_hired: days,
    days_ratio: ratio(u.days_on_site, days),
    idle_hours: u.idle_hours,
    idle_ratio: ratio(u.idle_hours, u.ignition_hours),
  };
}

/** The charge so far: hours used at an hourly rate, days or pro-rata weeks otherwise; never below the minimum. */
export function chargeSoFar(t: Terms, u: Usage, today: string): number {
  if (today < t.on_hire) return 0;
  const days = hireDays(t, today).so_far;
  const raw =
    t.rate_unit === "hour"
      ? (u.engine_hours ?? u.ignition_hours) * t.rate
      : t.rate_unit === "day"
        ? days * t.rate
        : (days / 7) * t.rate;
  return Math.round(Math.max(raw, t.minimum_charge) * 100) / 100;
}

export type HireState = "upcoming" | "on-hire" | "ending-soon" | "overdue" | "ended";

/**
 * Where a hire stands today. "ending-soon" is the overstay warning: the off-hire date is within
 * OVERSTAY_WARNING_DAYS and the machine is still working on site; "overdue" is after it while the
 * machine still works. Without recent use after the off-hire date it has "ended".
 */
export function hireState(t: Terms, today: string, stillWorking: boolean): HireState {
  if (today < t.on_hire) return "upcoming";
  if (today > t.off_hire) return stillWorking ? "overdue" : "ended";
  const left = daysInclusive(today, t.off_hire) - 1;
  return left <= OVERSTAY_WARNING_DAYS && stillWorking ? "ending-soon" : "on-hire";
}
