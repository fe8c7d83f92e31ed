import type { LoaderFunctionArgs } from "@remix-run/node";
import { inputsCsv } from "~/modules/fleet/fleet-csv.server";
import { inputsTable } from "~/modules/fleet/fleet-pages.server";
import { requireModule } from "~/services/guard.server";

/** GET /dashboard/inputs.csv with the inputs table's search and ignition filter: every matching row. */
export async function loader({ request }: LoaderFunctionArgs) {
  return inputsCsv(await inputsTable(await requireModule(request, "fleet"), request));
}
