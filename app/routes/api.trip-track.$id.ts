import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireModule } from "~/services/guard.server";
import { tripTrack } from "~/modules/trips/trips.server";

/** GET /api/trip-track/:id — the replay track of one of the company's trips (401 signed out, 404 foreign). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { auth } = await requireModule(request, "trips");
  const { trip, points } = await tripTrack(auth, params.id ?? "");
  return json(
    { id: trip.id, imei: trip.imei, points },
    { headers: { "cache-control": "private, max-age=300" } },
  );
}
