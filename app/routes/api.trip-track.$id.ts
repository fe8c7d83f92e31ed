import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ruleForPath } from "~/lib/menu";
import { isAllowed } from "~/lib/access";
import { requireAuthApi } from "~/services/auth.server";
import { tripTrack } from "~/modules/trips/trips.server";

/** GET /api/trip-track/:id — the replay track of one of the company's trips (401 signed out, 404 foreign). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, token } = await requireAuthApi(request);
  if (!isAllowed(user, ruleForPath("/dashboard/trips")))
    throw new Response("Forbidden", { status: 403 });
  const { trip, points } = await tripTrack({ token, companyId: user.companyid }, params.id ?? "");
  return json(
    { id: trip.id, imei: trip.imei, points },
    { headers: { "cache-control": "private, max-age=300" } },
  );
}
