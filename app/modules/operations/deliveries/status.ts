/**
 * A delivery's statuses and the moves between them, shared by the dispatcher's page, the courier's
 * buttons and the recipient's page (browser-safe). The upstream enforces the same order.
 */
export const DELIVERY_STATUSES = [
  "planned",
  "picked_up",
  "in_transit",
  "delivered",
  "failed",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const STATUS_LABEL: Record<DeliveryStatus, string> = {
  planned: "Planned",
  picked_up: "Picked up",
  in_transit: "In transit",
  delivered: "Delivered",
  failed: "Failed",
};

export const STATUS_COLOR: Record<DeliveryStatus, string> = {
  planned: "gray",
  picked_up: "blue",
  in_transit: "indigo",
  delivered: "teal",
  failed: "red",
};

const NEXT: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  planned: ["picked_up", "failed"],
  picked_up: ["in_transit", "failed"],
  in_transit: ["delivered", "failed"],
  delivered: [],
  failed: [],
};

/** The statuses a delivery in `from` may move to next (none once it is finished). */
export const nextStatuses = (from: DeliveryStatus): readonly DeliveryStatus[] => NEXT[from];

export const canMove = (from: DeliveryStatus, to: DeliveryStatus) => NEXT[from].includes(to);

export const isFinished = (s: DeliveryStatus) => s === "delivered" || s === "failed";

export const isStatus = (v: unknown): v is DeliveryStatus =>
  typeof v === "string" && (DELIVERY_STATUSES as readonly string[]).includes(v);
