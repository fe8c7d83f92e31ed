import type { LoaderFunctionArgs } from "@remix-run/node";
import { incompleteExport, tripsCsv } from "~/modules/trips/trips-csv.server";
import { tripsList } from "~/modules/trips/trips-list.server";
import { measurementOf } from "~/services/measurement.server";
import { requireModule } from "~/services/guard.server";

/** GET /dashboard/trips.csv with the trips page's vehicles and days: every trip, as a file. */
export async function loader({ request }: LoaderFunctionArgs) {
  const list = await tripsList(await requireModule(request, "trips"), request, { file: true });
  if (list.partial) throw incompleteExport();
  return tripsCsv(list.trips, {
    names: Object.fromEntries(list.vehicles.map((v) => [v.imei, v.nickname])),
    measurement: measurementOf(request),
    timeZone: list.timeZone,
  });
}
