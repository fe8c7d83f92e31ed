import { listDeliveries } from "~/modules/operations/deliveries/upstream.server";
import { defineSweep, type SweepCase } from "./kit";

const today = () => new Date(Date.now() + 10 * 3_600_000).toISOString().slice(0, 10);

const form = (over: Record<string, string>) => ({
  customer: "Mine",
  pickup_address: "Fortitude Valley",
  dropoff_address: "South Brisbane",
  date: today(),
  window_from: "09:00",
  window_to: "10:00",
  items: "1 x Box",
  ...over,
});

/**
 * Deliveries and courier: company 2's deliveries opened, edited, assigned, deleted, shared or moved
 * by company 1 (and its vehicle and driver named in company 1's new delivery).
 */
export default defineSweep({
  seed: async ({ upB, imeiB }) => {
    const d = (await listDeliveries(upB, today()))[0]!;
    return { deliveryB: d.id, driverB: d.driver_id ?? 2001, imeiB };
  },
  cases: ({ deliveryB, driverB, imeiB }): SweepCase[] => [
    {
      file: "dashboard.deliverymanagement._index.tsx",
      method: "GET",
      url: `/dashboard/deliverymanagement?edit=${deliveryB}`,
    },
    {
      file: "dashboard.deliverymanagement._index.tsx",
      method: "POST",
      url: "/dashboard/deliverymanagement",
      body: { intent: "update", ...form({ id: String(deliveryB) }) },
    },
    {
      file: "dashboard.deliverymanagement._index.tsx",
      method: "POST",
      url: "/dashboard/deliverymanagement",
      body: { intent: "create", ...form({ imei: imeiB }) },
    },
    {
      file: "dashboard.deliverymanagement._index.tsx",
      method: "POST",
      url: "/dashboard/deliverymanagement",
      body: { intent: "create", ...form({ driver_id: String(driverB) }) },
    },
    {
      file: "dashboard.deliverymanagement.$id.tsx",
      method: "GET",
      url: `/dashboard/deliverymanagement/${deliveryB}`,
    },
    ...["assign", "delete", "link-create", "link-revoke"].map((intent): SweepCase => ({
      file: "dashboard.deliverymanagement.$id.tsx",
      method: "POST",
      url: `/dashboard/deliverymanagement/${deliveryB}`,
      body: { intent, confirm: "yes", imei: "", driver_id: "", days: "2", link: "x" },
    })),
    // The public tracking page: a token no link was made with shows nothing.
    { file: "track.$token.tsx", method: "GET", url: `/track/${"A".repeat(54)}` },
    {
      file: "_shell.courier.shipment.$id.tsx",
      method: "GET",
      url: `/courier/shipment/${deliveryB}`,
    },
    {
      file: "_shell.courier.shipment.$id.tsx",
      method: "POST",
      url: `/courier/shipment/${deliveryB}`,
      body: { intent: "status", status: "failed", reason: "Address not found" },
    },
  ],
  own: ({ deliveryB }) => [`/dashboard/deliverymanagement/${deliveryB}`],
  // The vehicle's position moves with the clock; the deliveries themselves must not change.
  snapshot: async ({ upB }) =>
    (await listDeliveries(upB, today())).map(({ vehicle: _v, ...d }) => d),
});
