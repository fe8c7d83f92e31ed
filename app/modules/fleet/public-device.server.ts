import { redirect } from "@remix-run/node";
import { getAuth } from "~/services/auth.server";
import { requireDevice } from "./devices-read.server";
import { authOf } from "~/services/company-context.server";
import { tileConfig } from "~/services/map-tiles.server";
import { resolveShareLink } from "./sharing.server";

/**
 * The public asset views (assets/dashboard/{imei}, assets/details/{imei}) never show a position
 * to someone who only knows the imei: they need a share link's token for that same imei
 * (`?share=`). A signed-in user of the owning company is sent to the full page instead.
 * Anything else is a 404, the same answer as for an imei that does not exist.
 */
export async function publicDevice(request: Request, imei: string, signedInPath: string) {
  const token = new URL(request.url).searchParams.get("share");
  if (token) {
    const shared = await resolveShareLink(token);
    if (shared.imei !== imei) throw new Response("Not found", { status: 404 });
    return { expiresAt: shared.expiresAt, vehicle: shared.vehicle, tiles: tileConfig() };
  }
  const session = await getAuth(request);
  if (session) {
    await requireDevice(authOf(session), imei);
    throw redirect(signedInPath);
  }
  throw new Response("Not found", { status: 404 });
}
