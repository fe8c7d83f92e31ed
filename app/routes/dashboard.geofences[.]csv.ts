import type { LoaderFunctionArgs } from "@remix-run/node";
import { geofencesCsv } from "~/modules/fleet/fleet-csv.server";
import { geofenceList } from "~/modules/fleet/fleet-pages.server";
import { requireModule } from "~/services/guard.server";

/** GET /dashboard/geofences.csv with the geofences list's filters and order: every matching row, as a file. */
export async function loader({ request }: LoaderFunctionArgs) {
  return geofencesCsv(
    await geofenceList(await requireModule(request, "fleet"), request, { all: true }),
  );
}
