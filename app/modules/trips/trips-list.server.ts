/** The trips list's query (vehicles and days from the address) and its trips: the page and its CSV share it. */
import type { ModuleContext } from "~/services/guard.server";
import { dayRange } from "./trip-query";
import { tripsContext } from "./trips-route.server";
import { getTrips, MAX_TRIPS_DAYS, pageWaitMs, requireVehicle } from "./trips.server";
import { addDays, startOfDay } from "~/lib/zoned-days";

/** More vehicles than this on one page is a report, not a trips list. */
export const MAX_VEHICLES = 8;

export async function tripsList(ctx: ModuleContext, request: Request, { file = false } = {}) {
  const { auth, vehicles, timeZone } = await tripsContext(ctx);
  const params = new URL(request.url).searchParams;
  const asked = [...new Set(params.getAll("imei").filter(Boolean))];
  const selected = (asked.length ? asked : vehicles.slice(0, 1).map((v) => v.imei)).slice(
    0,
    MAX_VEHICLES,
  );
  for (const imei of selected) requireVehicle(vehicles, imei);
  const range = dayRange(params, timeZone, 7, MAX_TRIPS_DAYS);
  const from = startOfDay(range.from, timeZone);
  const to = startOfDay(addDays(range.to, 1), timeZone);
  // A page answers from the cache after a short wait; a file waits for the whole period.
  const result = await getTrips(auth, selected, from, to, "trips", Date.now(), {
    waitMs: file ? undefined : pageWaitMs(),
  });
  return {
    ...result,
    params,
    vehicles,
    timeZone,
    selected,
    tooMany: asked.length > MAX_VEHICLES,
    range,
  };
}
