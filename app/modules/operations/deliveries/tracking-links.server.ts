/**
 * Recipients' tracking links (/track/{token}): made and revoked by the dispatcher on a delivery's
 * page, kept in PostgreSQL (DeliveryTrackingLink). The public page asks the upstream for the
 * delivery's public view by its tracking key, anonymously: the link is all a recipient holds.
 * Unknown, badly signed, expired and revoked links all answer the same 404.
 */
import { upstream } from "~/services/api.server";
import { appSecrets } from "~/services/env.server";
import { prisma } from "~/services/db.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { deliveryEta } from "./eta";
import { isFinished } from "./status";
import {
  newTrackingToken,
  trackingExpiry,
  trackingLinkState,
  verifyTrackingToken,
} from "./tracking-token.server";
import { vehicleVisibility } from "./tracking-visibility";
import { trackDelivery } from "./upstream.server";

export type TrackingLinkView = {
  id: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  state: "active" | "expired" | "revoked";
};

/**
 * The delivery's links: those made for its current tracking key. A number the upstream gave again
 * after losing writes is another delivery with another key; the old delivery's links are not its.
 */
export async function trackingLinksOf(
  companyId: number,
  delivery: { id: number; tracking_key: string },
  now = Date.now(),
): Promise<TrackingLinkView[]> {
  const rows = await prisma.deliveryTrackingLink.findMany({
    where: { companyId, deliveryId: delivery.id, trackingKey: delivery.tracking_key },
    orderBy: { createdAt: "desc" },
    take: 20,
  });
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    state: trackingLinkState(r, now),
  }));
}

/** A new link for a delivery the caller has already read (so it is the company's). */
export async function createTrackingLink(
  delivery: { id: number; tracking_key: string },
  companyId: number,
  userId: number,
  days: number,
  now = Date.now(),
) {
  return prisma.deliveryTrackingLink.create({
    data: {
      id: newTrackingToken(appSecrets()[0]!),
      companyId,
      deliveryId: delivery.id,
      trackingKey: delivery.tracking_key,
      createdBy: userId,
      createdAt: new Date(now),
      expiresAt: trackingExpiry(now, days),
    },
  });
}

/** Revokes one live link of this delivery of the company; false when there is none. */
export async function revokeTrackingLink(
  companyId: number,
  deliveryId: number,
  id: string,
  now = Date.now(),
): Promise<boolean> {
  const { count } = await prisma.deliveryTrackingLink.updateMany({
    where: { id, companyId, deliveryId, revokedAt: null },
    data: { revokedAt: new Date(now) },
  });
  return count > 0;
}

const HEADLINE = {
  planned: "Your delivery is planned",
  picked_up: "Your delivery has been picked up",
  in_transit: "Your delivery is on its way to you",
  delivered: "Your delivery has arrived",
  failed: "Your delivery could not be made",
} as const;

const gone = () => new Response("Not found", { status: 404 });

/** What the recipient's page shows, or a 404. */
export async function trackingPage(token: string, now = Date.now()) {
  if (!verifyTrackingToken(token, appSecrets())) throw gone();
  const link = await prisma.deliveryTrackingLink.findUnique({ where: { id: token } });
  if (!link || trackingLinkState(link, now) !== "active") throw gone();
  let d;
  try {
    d = await trackDelivery(upstream(null), link.trackingKey);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw gone();
    throw e;
  }
  // The vehicle only while it is on its way to this stop (tracking-visibility.ts): never parked
  // at the depot the next morning of a delivery left in transit.
  const visible = vehicleVisibility({
    status: d.status,
    windowStart: d.window_start,
    windowEnd: d.window_end,
    // An upstream without the field: the last change of an in-transit delivery is that move.
    inTransitSince: d.in_transit_since ?? (d.status === "in_transit" ? d.updated_at : null),
    vehicle: d.vehicle,
    now,
  }).show;
  const vehicle = visible && d.vehicle ? { lat: d.vehicle.lat, lng: d.vehicle.lng } : null;
  const eta =
    vehicle && d.vehicle ? deliveryEta({ ...d, pickup: d.dropoff }, d.vehicle, now) : null;
  return {
    reference: d.reference,
    customer: d.customer,
    dropoff: d.dropoff,
    window: { start: d.window_start, end: d.window_end },
    status: d.status,
    // Without the vehicle nothing on the page says where the driver is, nor that it is near.
    headline:
      d.status === "in_transit" && !vehicle ? "Your delivery is on its way" : HEADLINE[d.status],
    failedReason: d.failed_reason,
    vehicle,
    eta: eta?.kind === "eta" ? { at: new Date(eta.at).toISOString(), minutes: eta.minutes } : null,
    showMap: !isFinished(d.status),
    pod: d.status === "delivered" ? d.pod : null,
    updatedAt: d.updated_at,
    expiresAt: link.expiresAt.toISOString(),
  };
}
