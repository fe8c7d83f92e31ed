import type { LoaderFunctionArgs } from "@remix-run/node";
import { offlineCsv } from "~/modules/fleet/fleet-csv.server";
import { offlineDevices } from "~/modules/fleet/fleet-pages.server";
import { requireModule } from "~/services/guard.server";

/** GET /dashboard/devices-offline.csv with the devices offline list's filters and order: every matching row, as a file. */
export async function loader({ request }: LoaderFunctionArgs) {
  return offlineCsv(
    await offlineDevices(await requireModule(request, "fleet"), request, { all: true }),
  );
}
