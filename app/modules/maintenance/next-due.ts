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

function dimensionStatuses(iv: Interval, due: Due, now: Reading): DueStatus[] {
  const one = (left: number, soon: number): DueStatus =>
    left <= 0 ? "overdue" : left <= soon ? "due_soon" : "ok";
  const out: DueStatus[] = [];
  if (due.km !== null) out.push(one(due.km - now.km, iv.soonKm ?? 0));
  if (due.hours !== null) out.push(one(due.hours - now.hours, iv.soonHours ?? 0));
  if (due.at !== null) out.push(one(due.at - now.at, (iv.soonDays ?? 0) * DAY_MS));
  return out;
}

const RANK: Record<DueStatus, number> = { ok: 0, due_soon: 1, overdue: 2 };

/** ok, due soon or overdue: the worst dimension ("first") or the best one ("last"). */
export function dueStatus(iv: Interval, due: Due, now: Reading): DueStatus {
  const all = dimensionStatuses(iv, due, now);
  if (!all.length) return "ok";
  const pick = iv.rule === "last" ? Math.min : Math.max;
  const r = pick(...all.map((s) => RANK[s]));
  return (Object.keys(RANK) as DueStatus[]).find((s) => RANK[s] === r)!;
}

/** The p-th percentile (0..100) by linear interpolation; NaN for an empty list. */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
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
  for (let i = 0; i + n <= xs.length; i++) out.push(mean(xs.slice(i, i + n)));
  return out;
}

type Span = [expected: number, early: number, late: number];

/** Days until a meter reaches `target` at the usage's mean, P90 and P10 rates. */
function meterSpan(left: number, daily: number[]): Span {
  if (left <= 0) return [0, 0, 0];
  const smooth = rolling(daily);
  const rate = (r: number) => (r > 0 ? left / r : Infinity);
  return [rate(mean(daily)), rate(percentile(smooth, 90)), rate(percentile(smooth, 10))];
}

/** The forecast due date of `due` from `now` and the last 30 days of use. */
export function forecast(iv: Interval, due: Due, now: Reading, use: Usage): Forecast {
  const spans: Span[] = [];
  if (due.km !== null) spans.push(meterSpan(due.km - now.km, use.km));
  if (due.hours !== null) spans.push(meterSpan(due.hours - now.hours, use.hours));
  if (due.at !== null) {
    const d = Math.max(0, (due.at - now.at) / DAY_MS);
    spans.push([d, d, d]);
  }
  if (!spans.length) return { days: null, at: null, earliest: null, latest: null };
  const pick = iv.rule === "last" ? Math.max : Math.min;
  const days = pick(...spans.map((s) => s[0]));
  const early = pick(...spans.map((s) => s[1]));
  const late = pick(...spans.map((s) => s[2]));
  const when = (d: number) => (Number.isFinite(d) ? now.at + d * DAY_MS : null);
  return {
    days: Number.isFinite(days) ? days : null,
    at: when(days),
    earliest: when(early),
    latest: when(late),
  };
}

/** A schedule's whole picture for one vehicle: next due, status and forecast. */
export function schedulePlan(iv: Interval, last: Reading, now: Reading, use: Usage) {
  const due = nextDue(iv, last);
  return { due, status: dueStatus(iv, due, now), forecast: forecast(iv, due, now, use) };
}
