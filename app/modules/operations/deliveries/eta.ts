/**
 * A delivery's live ETA from its vehicle's last position (pure, browser-safe):
 *
 *   remaining km = straight-line distance of each leg still to drive × ROAD_FACTOR
 *   ETA          = position time + remaining km / AVERAGE_KMH (+ PICKUP_MINUTES when the
 *                  pickup is still ahead)
 *
 * Legs still to drive: planned = vehicle → pickup → drop-off; picked up or in transit = vehicle →
 * drop-off. A position older than STALE_MINUTES gives no ETA (the vehicle may be anywhere), and a
 * finished delivery has none. The average is an urban one, not the vehicle's momentary speed,
 * which is zero at every red light.
 */
import { formatSpeed, type Measurement } from "~/lib/units";
import type { DeliveryStatus } from "./status";

export const ETA_MODEL = {
  /** Roads are longer than the straight line between two points in a city. */
  roadFactor: 1.3,
  averageKmh: 35,
  pickupMinutes: 10,
  staleMinutes: 30,
} as const;

type LatLng = { lat: number; lng: number };

/** Great-circle distance (km). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const R = 6371;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type Eta =
  { kind: "eta"; at: number; km: number; minutes: number } | { kind: "none"; reason: string };

export function deliveryEta(
  d: { status: DeliveryStatus; pickup: LatLng; dropoff: LatLng },
  vehicle: (LatLng & { reported_at: string }) | null,
  now: number,
): Eta {
  if (d.status === "delivered") return { kind: "none", reason: "Delivered" };
  if (d.status === "failed") return { kind: "none", reason: "Not delivered" };
  if (!vehicle) return { kind: "none", reason: "No vehicle assigned" };
  const seen = Date.parse(vehicle.reported_at);
  if (!Number.isFinite(seen) || now - seen > ETA_MODEL.staleMinutes * 60_000)
    return { kind: "none", reason: "No recent position from the vehicle" };
  const straight =
    d.status === "planned"
      ? haversineKm(vehicle, d.pickup) + haversineKm(d.pickup, d.dropoff)
      : haversineKm(vehicle, d.dropoff);
  const km = straight * ETA_MODEL.roadFactor;
  const minutes =
    (km / ETA_MODEL.averageKmh) * 60 + (d.status === "planned" ? ETA_MODEL.pickupMinutes : 0);
  // Counted from the position's time, never earlier than now.
  const at = Math.max(now, seen + minutes * 60_000);
  return {
    kind: "eta",
    at,
    km: Math.round(km * 10) / 10,
    minutes: Math.round((at - now) / 60_000),
  };
}

export const etaExplained = (m: Measurement) =>
  `ETA: the straight-line distance still to drive (via the pickup while it is ahead) × ` +
  `${ETA_MODEL.roadFactor} for the roads, at an average ${formatSpeed(ETA_MODEL.averageKmh, m)}` +
  `, plus ${ETA_MODEL.pickupMinutes} min at the pickup, from the vehicle's last position.`;
