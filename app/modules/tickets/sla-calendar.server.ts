/**
 * The company's SLA calendar: office hours in its time zone without its public holidays (the
 * timesheets module knows the company's holiday country and region). A company whose holidays
 * cannot be read still gets its office hours.
 */
import { holidayDays, leaveSetup } from "~/modules/timesheets/index.server";
import type { Upstream } from "~/services/upstream/client.server";
import { unlessFault } from "~/services/upstream/errors";
import { addDays, dayKey } from "~/lib/zoned-days";
import type { BusinessCalendar } from "./business-hours";
import { calendarOf } from "./ticket-sla";

/** Public holidays from the day `from` (epoch ms) to a year past `now`, sorted. */
export async function companyCalendar(
  up: Upstream,
  timeZone: string,
  from: number,
  now = Date.now(),
): Promise<BusinessCalendar> {
  const setup = await leaveSetup(up).catch(unlessFault(null));
  if (!setup) return calendarOf(timeZone);
  const first = addDays(dayKey(Math.min(from, now), timeZone), -1);
  const last = addDays(dayKey(now, timeZone), 400);
  const days = [...holidayDays(setup.country, setup.region, first, last)].sort();
  return calendarOf(timeZone, days);
}
