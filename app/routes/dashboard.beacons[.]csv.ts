import type { LoaderFunctionArgs } from "@remix-run/node";
import { beaconsCsv, beaconsPage } from "~/modules/beacons/beacon-pages.server";
import { requireModule } from "~/services/guard.server";

/** GET /dashboard/beacons.csv with the beacon list's search, status and order: every matching row. */
export async function loader({ request }: LoaderFunctionArgs) {
  return beaconsCsv(
    await beaconsPage(await requireModule(request, "beacons"), new URL(request.url)),
  );
}
