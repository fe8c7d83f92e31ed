/** Contract test of the delivery, courier and tracking calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../../tests/support/contract";
import {
  changeShipmentStatus,
  createDelivery,
  deleteDelivery,
  getDelivery,
  listDeliveries,
  myShipment,
  myShipments,
  trackDelivery,
  updateDelivery,
  type DeliveryInput,
} from "./upstream.server";

const up = useContractSimulator();
const today = () => new Date(Date.now() + 10 * 3_600_000).toISOString().slice(0, 10);
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function input(over: Partial<DeliveryInput> = {}): DeliveryInput {
  const day = today();
  return {
    date: day,
    customer: "Contract Test Pty Ltd",
    phone: "",
    pickup: { address: "1 Depot Road, Eagle Farm QLD", lat: -27.43, lng: 153.08 },
    dropoff: { address: "5 Main Street, Brisbane City QLD", lat: -27.47, lng: 153.025 },
    window_start: `${day}T00:00:00.000Z`,
    window_end: `${day}T02:00:00.000Z`,
    items: [{ description: "Parcel", quantity: 2 }],
    notes: "",
    imei: null,
    driver_id: null,
    ...over,
  };
}

describe("/deliveries", () => {
  it("lists today's seeded deliveries on moving vehicles, by window, filtered by status", async () => {
    const api = await up.signIn("admin", "admin123");
    const all = await listDeliveries(api, today());
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.map((d) => d.window_start)).toEqual(all.map((d) => d.window_start).sort());
    expect(all.every((d) => d.vehicle !== null && d.driver_name !== null)).toBe(true);
    const delivered = await listDeliveries(api, today(), "delivered");
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((d) => d.status === "delivered" && d.pod?.recipient_name)).toBe(true);
    expect(await listDeliveries(api, "2000-01-01")).toEqual([]);
  });

  it("creates, edits and deletes; validates; refuses another company's ids", async () => {
    const api = await up.signIn("admin", "admin123");
    const imei = up.sim.world.devicesByCompany.get(1)![1]!.imei;
    const made = await createDelivery(api, input({ imei, driver_id: 1003 }));
    expect(made).toMatchObject({ status: "planned", imei, driver_id: 1003 });
    expect(made.driver_name).toBeTruthy();
    const edited = await updateDelivery(api, made.id, input({ customer: "Renamed", imei }));
    expect(edited.customer).toBe("Renamed");
    expect((await getDelivery(api, made.id)).customer).toBe("Renamed");
    const bad = await rejection(createDelivery(api, input({ window_end: input().window_start })));
    expect(bad.status).toBe(400);
    expect(bad.message).toContain("window_end must be after window_start");
    const foreignImei = up.sim.world.devicesByCompany.get(2)![0]!.imei;
    expect((await rejection(createDelivery(api, input({ imei: foreignImei })))).status).toBe(404);
    expect((await rejection(createDelivery(api, input({ driver_id: 2001 })))).status).toBe(404);
    const other = await up.signIn("other", "other123");
    const theirs = (await listDeliveries(other, today()))[0]!;
    expect((await rejection(getDelivery(api, theirs.id))).status).toBe(404);
    expect((await rejection(updateDelivery(api, theirs.id, input()))).status).toBe(404);
    expect((await rejection(deleteDelivery(api, theirs.id))).status).toBe(404);
    expect(await deleteDelivery(api, made.id)).toEqual({ id: made.id });
    expect((await rejection(getDelivery(api, made.id))).status).toBe(404);
  });
});

describe("/courier/shipments", () => {
  it("a driver sees and moves only their own shipments, in order, once per ref, with proof", async () => {
    const admin = await up.signIn("admin", "admin123");
    const driver = await up.signIn("driver", "driver123");
    const mine = await myShipments(driver, today());
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s) => s.driver_id === 1003)).toBe(true);
    expect(await myShipments(admin, today())).toEqual([]);
    const someoneElses = (await listDeliveries(admin, today())).find((d) => d.driver_id !== 1003)!;
    expect((await rejection(myShipment(driver, someoneElses.id))).status).toBe(404);
    expect(
      (
        await rejection(
          changeShipmentStatus(driver, someoneElses.id, { status: "failed", reason: "x" }),
        )
      ).status,
    ).toBe(404);

    const s = await createDelivery(admin, input({ driver_id: 1003 }));
    expect((await myShipment(driver, s.id)).id).toBe(s.id);
    const skip = await rejection(changeShipmentStatus(driver, s.id, { status: "delivered" }));
    expect(skip.status).toBe(409);
    await changeShipmentStatus(driver, s.id, { status: "picked_up", ref: "r1" });
    // The same action again (a phone's queue resending): applied once, no error.
    expect(
      (await changeShipmentStatus(driver, s.id, { status: "picked_up", ref: "r1" })).status,
    ).toBe("picked_up");
    await changeShipmentStatus(driver, s.id, { status: "in_transit", ref: "r2" });
    const noName = await rejection(
      changeShipmentStatus(driver, s.id, {
        status: "delivered",
        pod: { recipient_name: "", lat: null, lng: null, photo: null, signature: null },
      }),
    );
    expect(noName.message).toContain("recipient_name is required");
    const done = await changeShipmentStatus(driver, s.id, {
      status: "delivered",
      pod: { recipient_name: "Sam", lat: -27.47, lng: 153.02, photo: PNG, signature: PNG },
      ref: "r3",
    });
    expect(done.status).toBe("delivered");
    expect(done.pod).toMatchObject({ recipient_name: "Sam", photo: PNG, signature: PNG });
    expect(done.events.map((e) => e.status)).toEqual([
      "planned",
      "picked_up",
      "in_transit",
      "delivered",
    ]);
    const failNoReason = await createDelivery(admin, input({ driver_id: 1003 }));
    expect(
      (await rejection(changeShipmentStatus(driver, failNoReason.id, { status: "failed" })))
        .message,
    ).toContain("reason is required");
  });
});

describe("/deliveries/track/{key}", () => {
  it("answers anonymously, with the vehicle only in transit and proof only once delivered", async () => {
    const admin = await up.signIn("admin", "admin123");
    const anon = up.base.withToken(null);
    const all = await listDeliveries(admin, today());
    for (const d of all) {
      const t = await trackDelivery(anon, d.tracking_key);
      expect(t.status).toBe(d.status);
      expect(t.vehicle !== null).toBe(d.status === "in_transit");
      expect(t.pod !== null).toBe(d.status === "delivered");
      expect(t).not.toHaveProperty("driver_name");
    }
    expect((await rejection(trackDelivery(anon, "nope"))).status).toBe(404);
  });
});
