/**
 * Pure maintenance arithmetic, shared by pages, jobs and the bench: when a schedule is next due (by
 * date, km and engine hours), its status, and a forecast date from the vehicle's own daily use.
 *
 * - Next due = the last service's reading + each interval (months are calendar months, UTC). A
 *   back-dated completion is just an older reading: next due counts from it, not from today.
 * - "first" (the default): due when any dimension is reached; "last": when all of them are.
 * - Forecast = now + (due meter − current meter) / average daily use over the last 30 days; the
 *   range comes from the spread of daily use, P90 (busiest) to P10 (quietest), taken over rolling
 *   7-day averages so a vehicle parked at weekends does not get an open-ended range.
 */
export const DAY_MS = 86_400_000;

export type Interval = {
  km: number | null;
  hours: number | null;
  days: number | null;
  months: number | null;
  soonKm: number | null;
  soonHours: number | null;
  soonDays: number | null;
  rule: "first" | "last";
};
/** A meter reading: epoch ms, odometer km, engine hours (decimal). */
export type Reading = { at: number; km: number; hours: number };
export type Due = { at: number | null; km: number | null; hours: number | null };
export type DueStatus = "ok" | "due_soon" | "overdue";
/** km and engine hours per day, oldest first (30 days). */
export type Usage = { km: number[]; hours: number[] };
export type Forecast = {
  /** Days from now to the expected due moment (0 when already due); null when it never comes. */
  days: number | null;
  at: number | null;
  /** The range: earliest (busy days) and latest (quiet days); latest null = open-ended. */
  earliest: number | null;
  latest: number | null;
};

const hasAny = (v: number | null): v is number => v !== null && v > 0;

export function addMonths(t: number, months: number): number {
  const d = new Date(t);
  const whole = Math.trunc(months);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + whole);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/** When a schedule is next due after `last`, per dimension (null where it has no interval). */
export function nextDue(iv: Interval, last: Reading): Due {
  let at: number | null = null;
  if (hasAny(iv.days) || hasAny(iv.months)) {
    at = last.at;
    if (hasAny(iv.months)) at = addMonths(at, iv.months);
    if (hasAny(iv.days)) at += iv.days * DAY_MS;
  }
  return {
    at,
    km: hasAny(iv.km) ? round(last.km + iv.km) : null,
    hours: hasAny(iv.hours) ? round(last.hours + iv.hours) : null,
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

const BY_RANK: DueStatus[] = ["ok", "due_soon", "overdue"];

/** One dimension's rank: 0 ok, 1 due soon, 2 overdue. */
function rank(left: number, soon: number): number {
  return left <= 0 ? 2 : left <= soon ? 1 : 0;
}

/** ok, due soon or overdue: the worst dimension ("first") or the best one ("last"). */
export function dueStatus(iv: Interval, due: Due, now: Reading): DueStatus {
  const last = iv.rule === "last";
  let r = -1;
  if (due.km !== null) r = rank(due.km - now.km, iv.soonKm ?? 0);
  if (due.hours !== null) {
    const x = rank(due.hours - now.hours, iv.soonHours ?? 0);
    r = r < 0 ? x : last ? Math.min(r, x) : Math.max(r, x);
  }
  if (due.at !== null) {
    const x = rank(due.at - now.at, (iv.soonDays ?? 0) * DAY_MS);
    r = r < 0 ? x : last ? Math.min(r, x) : Math.max(r, x);
  }
  return r < 0 ? "ok" : BY_RANK[r]!;
}

/** The p-th percentile (0..100) by linear interpolation; NaN for an empty list. */
export function percentile(xs: number[], p: number): number {
  return fromSorted(Float64Array.from(xs).sort(), p);
}

/** percentile() of numbers already sorted ascending. */
function fromSorted(s: ArrayLike<number>, p: number): number {
  if (!s.length) return NaN;
  const i = ((s.length - 1) * p) / 100;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return s[lo]! + (s[hi]! - s[lo]!) * (i - lo);
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Averages over each run of `n` consecutive days (all of them when there are fewer). */
export function rolling(xs: number[], n = 7): number[] {
  if (xs.length <= n) return xs.length ? [mean(xs)] : [];
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < n; i++) sum += xs[i]!;
  out.push(sum / n);
  // A sliding sum: each window adds its newest day and drops its oldest.
  for (let i = n; i < xs.length; i++) {
    sum += xs[i]! - xs[i - n]!;
    out.push(sum / n);
  }
  return out;
}

type Rates = { mean: number; p90: number; p10: number };

/**
 * The mean, P90 and P10 daily rates of one vehicle's use, computed once per usage array: a
 * vehicle's schedules share its usage, so 5 schedules cost one pass, not five.
 */
const ratesCache = new WeakMap<number[], Rates>();
function ratesOf(daily: number[]): Rates {
  let r = ratesCache.get(daily);
  if (!r) {
    const smooth = Float64Array.from(rolling(daily)).sort();
    r = { mean: mean(daily), p90: fromSorted(smooth, 90), p10: fromSorted(smooth, 10) };
    ratesCache.set(daily, r);
  }
  return r;
}

/** Days to use up `left` at a daily rate (Infinity when the rate is nil). */
const daysAt = (left: number, rate: number) => (left <= 0 ? 0 : rate > 0 ? left / rate : Infinity);

/** The forecast due date of `due` from `now` and the last 30 days of use. */
export function forecast(iv: Interval, due: Due, now: Reading, use: Usage): Forecast {
  // Per dimension: expected, early (busy days) and late (quiet days) days from now; "first"
  // keeps the soonest of each over the dimensions, "last" the latest.
  const pick = iv.rule === "last" ? Math.max : Math.min;
  let n = 0;
  let days = 0;
  let early = 0;
  let late = 0;
  if (due.km !== null) {
    const left = due.km - now.km;
    const r = ratesOf(use.km);
    days = daysAt(left, r.mean);
    early = daysAt(left, r.p90);
    late = daysAt(left, r.p10);
    n++;
  }
  if (due.hours !== null) {
    const left = due.hours - now.hours;
    const r = ratesOf(use.hours);
    const [d, e, l] = [daysAt(left, r.mean), daysAt(left, r.p90), daysAt(left, r.p10)];
    days = n ? pick(days, d) : d;
    early = n ? pick(early, e) : e;
    late = n ? pick(late, l) : l;
    n++;
  }
  if (due.at !== null) {
    const d = Math.max(0, (due.at - now.at) / DAY_MS);
    days = n ? pick(days, d) : d;
    early = n ? pick(early, d) : d;
    late = n ? pick(late, d) : d;
    n++;
  }
  if (!n) return { days: null, at: null, earliest: null, latest: null };
  return {
    days: Number.isFinite(days) ? days : null,
    at: Number.isFinite(days) ? now.at + days * DAY_MS : null,
    earliest: Number.isFinite(early) ? now.at + early * DAY_MS : null,
    latest: Number.isFinite(late) ? now.at + late * DAY_MS : null,
  };
}

/** A schedule's whole picture for one vehicle: next due, status and forecast. */
export function schedulePlan(iv: Interval, last: Reading, now: Reading, use: Usage) {
  const due = nextDue(iv, last);
  return { due, status: dueStatus(iv, due, now), forecast: forecast(iv, due, now, use) };
}
