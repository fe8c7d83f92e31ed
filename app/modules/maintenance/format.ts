/** How maintenance numbers read on the pages (browser-safe). Engine hours always say "h". */
import { formatDistanceGrouped, type Measurement } from "~/lib/units";
import { formatDay, formatZoned, isoDay } from "~/lib/zoned-time";
type Intervals = {
  interval_km: number | null;
  interval_hours: number | null;
  interval_days: number | null;
  interval_months: number | null;
  rule: "first" | "last";
};

const nf = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 1 });
/** A stored distance (km) in the reader's unit: "5,000 mi", "259,400.4 km". */
export const distance = (n: number | null | undefined, m: Measurement) =>
  n == null ? "–" : formatDistanceGrouped(n, m);
export const hours = (n: number | null | undefined) => (n == null ? "–" : `${nf.format(n)} h`);
/** A service or due date, on the company's calendar (a UTC date was a day early in Honolulu). */
export const day = (t: string | number | null | undefined, timeZone: string) =>
  t == null ? "–" : formatZoned(t, timeZone, "date");
/** A task's due date: a calendar day kept as its UTC midnight, the same day in every zone. */
export const dueDay = (t: string | null | undefined, timeZone: string) =>
  t == null ? "–" : formatDay(isoDay(t), timeZone);

export function describeInterval(t: Intervals, m: Measurement): string {
  const parts: string[] = [];
  if (t.interval_km) parts.push(distance(t.interval_km, m));
  if (t.interval_hours) parts.push(hours(t.interval_hours));
  if (t.interval_months) parts.push(`${t.interval_months} months`);
  if (t.interval_days) parts.push(`${t.interval_days} days`);
  const each = `Every ${parts.join(" or ")}`;
  return parts.length > 1
    ? `${each}, whichever comes ${t.rule === "last" ? "last" : "first"}`
    : each;
}
