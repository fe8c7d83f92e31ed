import { redirect } from "@remix-run/node";
import { formatZonedLabelled } from "~/lib/zoned-time";
import { isValidTimeZone } from "~/lib/zoned-days";
import { getAuth } from "~/services/auth.server";
import { prisma } from "~/services/db.server";
import { authOf } from "~/services/company-context.server";
import { tileConfig } from "~/services/map-tiles.server";
import { requireDevice } from "./devices-read.server";
import { statusThresholds } from "./devices.server";
import { deviceStatus, STATUS_LABELS } from "./device-status";
import { resolveShareLink } from "./sharing.server";

/** The viewer's own zone, as their browser reported it (cookie `tz`); UTC until it has. */
export const VIEWER_ZONE_COOKIE = "tz";

export function viewerZone(request: Request): string {
  const pair = (request.headers.get("cookie") ?? "")
    .split(/;\s*/)
    .find((c) => c.startsWith(`${VIEWER_ZONE_COOKIE}=`));
  const zone = pair ? decodeURIComponent(pair.slice(VIEWER_ZONE_COOKIE.length + 1)) : "";
  return zone && zone.length <= 64 && isValidTimeZone(zone) ? zone : "UTC";
}

export type PublicAssetPage = "dashboard" | "details";

/**
 * The public asset views (SPEC §2.1 assets/dashboard/{imei}, assets/details/{imei}) never show a
 * position to someone who only knows the imei: they need a share link's token for that same imei
 * (`?share=`). A signed-in user of the owning company is sent to the full page instead.
 * Anything else is a 404, the same answer as for an imei that does not exist.
 * The dashboard is where the vehicle is now (map, status, last report); the details page what it
 * is (icon, odometer, battery, ignition, heading). Both name only what a recipient of the link
 * needs: no driver, group, tag or company.
 */
export async function publicDevice(
  request: Request,
  imei: string,
  signedInPath: string,
  page: PublicAssetPage,
) {
  const token = new URL(request.url).searchParams.get("share");
  if (!token) {
    const session = await getAuth(request);
    if (session) {
      await requireDevice(authOf(session), imei);
      throw redirect(signedInPath);
    }
    throw new Response("Not found", { status: 404 });
  }
  const shared = await resolveShareLink(token);
  if (shared.imei !== imei) throw new Response("Not found", { status: 404 });
  const d = await prisma.device.findFirst({
    where: { imei, companyId: shared.companyId },
    select: { odometer: true, battery: true, ignition: true, speed: true, lastContactAt: true },
  });
  if (!d) throw new Response("Not found", { status: 404 });
  const now = Date.now();
  const { status, outdated } = deviceStatus(d, now, statusThresholds());
  const zone = viewerZone(request);
  const at = shared.vehicle.lastContactAt;
  const q = `?share=${encodeURIComponent(token)}`;
  return {
    page,
    expiresAt: shared.expiresAt,
    vehicle: shared.vehicle,
    status: { key: status, label: STATUS_LABELS[status], outdated },
    lastReport: { at, text: at ? formatZonedLabelled(at, zone, "full", now) : "never", zone },
    expires: formatZonedLabelled(shared.expiresAt, zone, "full", now),
    details:
      page === "details"
        ? { odometer: d.odometer, battery: d.battery, ignition: d.ignition }
        : null,
    links: { dashboard: `/assets/dashboard/${imei}${q}`, details: `/assets/details/${imei}${q}` },
    tiles: tileConfig(),
  };
}

export type PublicAsset = Awaited<ReturnType<typeof publicDevice>>;
