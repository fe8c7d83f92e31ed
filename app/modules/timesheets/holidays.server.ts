/**
 * Public holidays of a company's country and region, from the `date-holidays` package (kept on the
 * server: its data is large). Only whole days count as days off: Queensland's Christmas Eve holiday
 * from 6 pm is a public holiday in the calendar but not a day off for leave counts.
 */
import Holidays from "date-holidays";
import { calendarDayOf } from "~/lib/zoned-time";

export type PublicHoliday = { day: string; name: string; wholeDay: boolean };

const cache = new Map<string, PublicHoliday[]>();

/** The public holidays of `year` for a country ("AU") and optional region ("QLD"); [] if unknown. */
export function publicHolidays(
  country: string,
  region: string | null,
  year: number,
): PublicHoliday[] {
  const key = `${country}|${region ?? ""}|${year}`;
  let list = cache.get(key);
  if (!list) {
    const hd = region ? new Holidays(country, region) : new Holidays(country);
    const found = hd.getHolidays(year) || [];
    list = found
      .filter((x) => x.type === "public")
      .map((x) => ({
        day: calendarDayOf(x.date),
        name: x.name,
        wholeDay: x.date.endsWith("00:00:00"),
      }));
    cache.set(key, list);
  }
  return list;
}

/** Whole-day public holidays between two local days (inclusive), as a set of "YYYY-MM-DD". */
export function holidayDays(
  country: string,
  region: string | null,
  from: string,
  to: string,
): Set<string> {
  const out = new Set<string>();
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++)
    for (const h of publicHolidays(country, region, y))
      if (h.wholeDay && h.day >= from && h.day <= to) out.add(h.day);
  return out;
}
