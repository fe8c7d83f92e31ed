import type { LoaderFunctionArgs } from "@remix-run/node";
import { fleetCsv } from "~/modules/fleet/fleet-csv.server";
import { fleetTable } from "~/modules/fleet/fleet-pages.server";
import { requireModule } from "~/services/guard.server";

/** GET /dashboard/fleet.csv with the fleet table's filters and order: every matching row, as a file. */
export async function loader({ request }: LoaderFunctionArgs) {
  return fleetCsv(await fleetTable(await requireModule(request, "fleet"), request, { all: true }));
}
