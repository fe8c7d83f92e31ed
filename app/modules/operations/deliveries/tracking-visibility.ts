/**
 * When a recipient's tracking page may show where the delivery's vehicle is (pure, browser-safe).
 *
 * The link lives for days, the vehicle for years: without a rule, a delivery left `in_transit`
 * would show the driver's live position (the depot at night, their lunch stop, the next
 * customer's street) to anyone holding the link. So the vehicle is shown only while it is
 * plausibly on its way to this drop-off: in transit, inside the delivery window widened by an
 * hour each side, for at most a few hours since it set off, with the ignition on and a recent
 * position. Anything else answers "on its way" without a position.
 */
import { ETA_MODEL } from "./eta";
import type { DeliveryStatus } from "./status";

export const TRACKING_VISIBILITY = {
  beforeWindowMinutes: 60,
  afterWindowMinutes: 60,
  maxInTransitHours: 4,
  /** A position older than the ETA's own limit says nothing about the way to this stop. */
  freshMinutes: ETA_MODEL.staleMinutes,
} as const;

export type VisibilityInput = {
  status: DeliveryStatus;
  windowStart: string;
  windowEnd: string;
  /** When the delivery went in transit; null when unknown (then it is never shown). */
  inTransitSince: string | null;
  vehicle: { reported_at: string; ignition?: boolean | null } | null;
  now: number;
};

export type Visibility = { show: true } | { show: false; reason: string };

const MIN = 60_000;
const hidden = (reason: string): Visibility => ({ show: false, reason });

export function vehicleVisibility(i: VisibilityInput): Visibility {
  const v = TRACKING_VISIBILITY;
  if (i.status !== "in_transit") return hidden("not in transit");
  if (!i.vehicle) return hidden("no vehicle");
  const from = Date.parse(i.windowStart) - v.beforeWindowMinutes * MIN;
  const to = Date.parse(i.windowEnd) + v.afterWindowMinutes * MIN;
  if (!Number.isFinite(from) || !Number.isFinite(to)) return hidden("no window");
  if (i.now < from) return hidden("before the window");
  if (i.now > to) return hidden("after the window");
  const since = i.inTransitSince === null ? NaN : Date.parse(i.inTransitSince);
  if (!Number.isFinite(since)) return hidden("unknown start");
  if (i.now - since > v.maxInTransitHours * 60 * MIN) return hidden("in transit too long");
  // Only a known "on": an upstream that does not say is not taken as driving.
  if (i.vehicle.ignition !== true) return hidden("ignition off");
  const seen = Date.parse(i.vehicle.reported_at);
  if (!Number.isFinite(seen) || i.now - seen > v.freshMinutes * MIN)
    return hidden("stale position");
  return { show: true };
}
