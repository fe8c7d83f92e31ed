import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { authOf } from "~/services/company-context.server";
import { findPlaces } from "~/modules/fleet/addresses.server";
import { requireModule } from "~/services/guard.server";

/** The map's address search: `?q=` → places (label, lat, lng), best first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = authOf((await requireModule(request, "fleet")).session);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return json(await findPlaces(auth, q), { headers: { "Cache-Control": "private, no-store" } });
}
