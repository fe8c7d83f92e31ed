/**
 * Issue 26, deliveries: the dispatcher's page (list, ETA, create with errors beside the fields,
 * assignment), the courier's pages (own shipments only, status moves, proof of delivery with a
 * photo, the limits) and the recipient's tracking link (map on the open legs, proof
 * after delivery, 404 once revoked or expired), through the route loaders and actions against
 * PostgreSQL and the simulator.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as list from "~/routes/dashboard.deliverymanagement._index";
import * as detail from "~/routes/dashboard.deliverymanagement.$id";
import * as courier from "~/routes/_shell.courier._index";
import * as shipment from "~/routes/_shell.courier.shipment.$id";
import * as track from "~/routes/track.$token";
import { prisma } from "~/services/db.server";
import { useTestDatabase } from "../support/db";
import { APP, call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let admin = "";
let driver = "";
const today = () => new Date(Date.now() + 10 * 3_600_000).toISOString().slice(0, 10);
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
  driver = await sessionCookie("driver", "driver123");
}, 60_000);

type Row = { id: number; status: string; eta: unknown; driver_id: number | null };
const page = async (query = "") => {
  const res = await call(list.loader, get(`/dashboard/deliverymanagement${query}`, admin));
  expect(res.status).toBe(200);
  return (await res.json()) as { rows: Row[]; total: number; date: string };
};
const post = (path: string, fields: Record<string, string>, cookie: string) => {
  const r = formPost(path, fields);
  r.headers.set("cookie", cookie);
  return r;
};
const newDelivery = {
  intent: "create",
  customer: "Integration Test Co",
  pickup_address: "Fortitude Valley",
  dropoff_address: "South Brisbane",
  window_from: "09:00",
  window_to: "11:00",
  items: "2 x Carton\nSatchel",
  driver_id: "1003",
};

function multipart(path: string, fields: Record<string, string | Blob>, cookie: string) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return new Request(APP + path, { method: "POST", body: fd, headers: { cookie, origin: APP } });
}

describe("delivery management", () => {
  it("lists the day's deliveries with a live ETA for open ones, filtered by status", async () => {
    const all = await page();
    expect(all.total).toBeGreaterThanOrEqual(8);
    const transit = all.rows.filter((r) => r.status === "in_transit");
    expect(transit.length).toBeGreaterThan(0);
    expect(transit.every((r) => r.eta !== null)).toBe(true);
    expect(all.rows.filter((r) => r.status === "delivered").every((r) => r.eta === null)).toBe(
      true,
    );
    const failed = await page("?status=failed");
    expect(failed.rows.length).toBeGreaterThan(0);
    expect(failed.rows.every((r) => r.status === "failed")).toBe(true);
    expect((await page("?date=2000-01-01")).rows).toEqual([]);
  });

  it("says what is wrong beside the field, geocodes addresses, and assigns", async () => {
    const bad = await call(
      list.action,
      post(
        "/dashboard/deliverymanagement",
        { ...newDelivery, date: today(), window_to: "08:00" },
        admin,
      ),
    );
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { result: { error: Record<string, string[]> } };
    expect(badBody.result.error.window_to).toEqual(["The window must end after it starts"]);
    const nowhere = await call(
      list.action,
      post(
        "/dashboard/deliverymanagement",
        { ...newDelivery, date: today(), dropoff_address: "Zzyzx Nowhere Lane" },
        admin,
      ),
    );
    expect(nowhere.status).toBe(400);
    expect(
      ((await nowhere.json()) as { result: { error: Record<string, string[]> } }).result.error
        .dropoff_address?.[0],
    ).toContain("No place matches this address");

    const made = await call(
      list.action,
      post("/dashboard/deliverymanagement", { ...newDelivery, date: today() }, admin),
    );
    expect(made.status).toBe(302);
    const id = Number(
      /\/dashboard\/deliverymanagement\/(\d+)$/.exec(made.headers.get("location")!)![1],
    );
    const open = async () =>
      (await (
        await call(detail.loader, get(`/dashboard/deliverymanagement/${id}`, admin), {
          params: { id: String(id) },
        })
      ).json()) as {
        delivery: Row & { items: unknown; dropoff: { lat: number }; imei: string | null };
      };
    const d = (await open()).delivery;
    expect(d.items).toEqual([
      { description: "Carton", quantity: 2 },
      { description: "Satchel", quantity: 1 },
    ]);
    expect(d.dropoff.lat).toBeLessThan(-27);
    const imei = (await page()).rows.length ? "354800100000002" : "";
    const assigned = await call(
      detail.action,
      post(
        `/dashboard/deliverymanagement/${id}`,
        { intent: "assign", imei, driver_id: "1003" },
        admin,
      ),
      { params: { id: String(id) } },
    );
    expect(assigned.status).toBe(302);
    expect((await open()).delivery.imei).toBe(imei);
  });
});

describe("courier", () => {
  it("shows a driver only their own shipments; another's is a 404", async () => {
    const res = await call(courier.loader, get("/courier", driver));
    const mine = (await res.json()) as { shipments: { id: number }[] };
    expect(mine.shipments.length).toBeGreaterThan(0);
    const others = (await page()).rows.filter((r) => r.driver_id !== 1003);
    const foreign = await call(shipment.loader, get(`/courier/shipment/${others[0]!.id}`, driver), {
      params: { id: String(others[0]!.id) },
    });
    expect(foreign.status).toBe(404);
    const move = await call(
      shipment.action,
      post(
        `/courier/shipment/${others[0]!.id}`,
        { intent: "status", status: "failed", reason: "x" },
        driver,
      ),
      { params: { id: String(others[0]!.id) } },
    );
    expect(move.status).toBe(404);
  });

  it("moves a shipment to delivered with proof, refusing a missing name or a huge photo", async () => {
    const made = await call(
      list.action,
      post("/dashboard/deliverymanagement", { ...newDelivery, date: today() }, admin),
    );
    const id = /(\d+)$/.exec(made.headers.get("location")!)![1]!;
    const path = `/courier/shipment/${id}`;
    const act = (fields: Record<string, string | Blob>) =>
      call(shipment.action, multipart(path, { intent: "status", ...fields }, driver), {
        params: { id },
      });
    expect((await act({ status: "delivered", recipient_name: "X" })).status).toBe(409);
    expect((await act({ status: "picked_up", ref: "a-picked_up" })).status).toBe(302);
    // The same queued form again: applied once, no error.
    expect((await act({ status: "picked_up", ref: "a-picked_up" })).status).toBe(302);
    expect((await act({ status: "in_transit", ref: "a-in_transit" })).status).toBe(302);
    const noName = await act({ status: "delivered" });
    expect(noName.status).toBe(400);
    expect(
      ((await noName.json()) as { errors: Record<string, string> }).errors.recipient_name,
    ).toBe("Enter the name of who received it");
    const huge = await act({
      status: "delivered",
      recipient_name: "Pat",
      // A JPEG by its first bytes (the type is read from them), too large.
      photo: new File([Uint8Array.of(0xff, 0xd8, 0xff), new Uint8Array(600 * 1024)], "big.jpg", {
        type: "image/jpeg",
      }),
    });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { errors: Record<string, string> }).errors.photo).toContain(
      "The photo is too large",
    );
    const done = await act({
      status: "delivered",
      recipient_name: "Pat Recipient",
      photo: new File([PNG], "pod.png", { type: "image/png" }),
      lat: "-27.45",
      lng: "153.04",
      at: new Date().toISOString(),
    });
    expect(done.status).toBe(302);
    const after = (await (
      await call(shipment.loader, get(path, driver), { params: { id } })
    ).json()) as {
      shipment: { status: string; pod: { recipient_name: string; photo: string; lat: number } };
    };
    expect(after.shipment.status).toBe("delivered");
    expect(after.shipment.pod).toMatchObject({ recipient_name: "Pat Recipient", lat: -27.45 });
    expect(after.shipment.pod.photo).toBe(`data:image/png;base64,${PNG.toString("base64")}`);
  });
});

describe("recipient tracking link", () => {
  it("shows the vehicle only in transit, hides the map after delivery, and is a 404 once revoked or expired", async () => {
    const made = await call(
      list.action,
      post(
        "/dashboard/deliverymanagement",
        { ...newDelivery, date: today(), imei: "354800100000002" },
        admin,
      ),
    );
    const id = /(\d+)$/.exec(made.headers.get("location")!)![1]!;
    const linkRes = await call(
      detail.action,
      post(`/dashboard/deliverymanagement/${id}`, { intent: "link-create", days: "2" }, admin),
      { params: { id } },
    );
    expect(linkRes.status).toBe(302);
    const link = await prisma.deliveryTrackingLink.findFirstOrThrow({
      where: { deliveryId: Number(id) },
    });
    const view = async () => {
      const r = await call(track.loader, get(`/track/${link.id}`), { params: { token: link.id } });
      return {
        status: r.status,
        data: r.status === 200 ? ((await r.json()) as Record<string, unknown>) : null,
      };
    };
    let v = await view();
    expect(v.data).toMatchObject({ status: "planned", vehicle: null, showMap: true, pod: null });
    const move = (fields: Record<string, string>) =>
      call(
        shipment.action,
        post(`/courier/shipment/${id}`, { intent: "status", ...fields }, driver),
        {
          params: { id },
        },
      );
    await move({ status: "picked_up" });
    expect((await view()).data).toMatchObject({ status: "picked_up", vehicle: null });
    await move({ status: "in_transit" });
    v = await view();
    // Whether the vehicle shows depends on the window and the ignition: tracking-privacy.test.ts.
    expect(v.data?.status).toBe("in_transit");
    expect(v.data?.showMap).toBe(true);
    await move({ status: "delivered", recipient_name: "Lee" });
    v = await view();
    expect(v.data).toMatchObject({ status: "delivered", vehicle: null, showMap: false });
    expect((v.data?.pod as { recipient_name: string }).recipient_name).toBe("Lee");

    // A forged token, a revoked link and an expired one all answer 404.
    const forged = link.id.slice(0, 40) + "A".repeat(14);
    expect(
      (await call(track.loader, get(`/track/${forged}`), { params: { token: forged } })).status,
    ).toBe(404);
    await call(
      detail.action,
      post(`/dashboard/deliverymanagement/${id}`, { intent: "link-revoke", link: link.id }, admin),
      { params: { id } },
    );
    expect((await view()).status).toBe(404);
    await call(
      detail.action,
      post(`/dashboard/deliverymanagement/${id}`, { intent: "link-create", days: "1" }, admin),
      { params: { id } },
    );
    const second = await prisma.deliveryTrackingLink.findFirstOrThrow({
      where: { deliveryId: Number(id), revokedAt: null },
    });
    await prisma.deliveryTrackingLink.update({
      where: { id: second.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(
      (await call(track.loader, get(`/track/${second.id}`), { params: { token: second.id } }))
        .status,
    ).toBe(404);
  });
});
