/**
 * Issue 36, finding 1: a recipient's tracking link showed the vehicle's live position for as long
 * as the delivery stayed in transit (the probe saw it parked at the depot, ignition off, hours
 * after a 23:00–01:00 UTC window). Through the tracking route's loader against the simulator,
 * with the app's clock set by the test: the vehicle shows while it is on its way inside the window,
 * and not that evening, nor with the ignition off; the page then says only "on its way".
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as list from "~/routes/dashboard.deliverymanagement._index";
import * as detail from "~/routes/dashboard.deliverymanagement.$id";
import * as shipment from "~/routes/_shell.courier.shipment.$id";
import * as track from "~/routes/track.$token";
import { prisma } from "~/services/db.server";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

const MIN = 60_000;
// The Brisbane (the demo company's zone) day of the real clock, at 07:00 there.
const day = new Date(Date.now() + 10 * 3_600_000).toISOString().slice(0, 10);
const brisbane = (hhmm: string) => Date.parse(`${day}T${hhmm}:00+10:00`);

let admin = "";
let driver = "";

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(brisbane("07:00"));
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
  driver = await sessionCookie("driver", "driver123");
}, 60_000);
afterAll(() => vi.useRealTimers());

const post = (path: string, fields: Record<string, string>, cookie: string) => {
  const r = formPost(path, fields);
  r.headers.set("cookie", cookie);
  return r;
};

type Fix = { ignition?: boolean; reported_at: string } | null;

describe("tracking link privacy", () => {
  it("shows the vehicle only inside the window with the ignition on; 'on its way' otherwise", async () => {
    const made = await call(
      list.action,
      post(
        "/dashboard/deliverymanagement",
        {
          intent: "create",
          customer: "Privacy Test Co",
          pickup_address: "Fortitude Valley",
          dropoff_address: "South Brisbane",
          window_from: "09:00",
          window_to: "11:00",
          items: "Satchel",
          driver_id: "1003",
          date: day,
          imei: "354800100000002",
        },
        admin,
      ),
    );
    expect(made.status).toBe(302);
    const id = /(\d+)$/.exec(made.headers.get("location")!)![1]!;
    await call(
      detail.action,
      post(`/dashboard/deliverymanagement/${id}`, { intent: "link-create", days: "14" }, admin),
      { params: { id } },
    );
    const link = await prisma.deliveryTrackingLink.findFirstOrThrow({
      where: { deliveryId: Number(id) },
    });
    const move = (status: string) =>
      call(shipment.action, post(`/courier/shipment/${id}`, { intent: "status", status }, driver), {
        params: { id },
      });
    const fixAt = async (t: number): Promise<Fix> => {
      vi.setSystemTime(t);
      const r = await call(detail.loader, get(`/dashboard/deliverymanagement/${id}`, admin), {
        params: { id },
      });
      return ((await r.json()) as { delivery: { vehicle: Fix } }).delivery.vehicle;
    };
    const view = async (t: number) => {
      vi.setSystemTime(t);
      const r = await call(track.loader, get(`/track/${link.id}`), { params: { token: link.id } });
      expect(r.status).toBe(200);
      return (await r.json()) as { vehicle: unknown; headline: string; eta: unknown };
    };

    vi.setSystemTime(brisbane("08:00"));
    expect((await move("picked_up")).status).toBe(302);
    vi.setSystemTime(brisbane("08:10"));
    expect((await move("in_transit")).status).toBe(302);

    // The probe's times: 08:28 and 09:16 UTC, that evening in Brisbane, still in transit.
    for (const t of [brisbane("18:28"), brisbane("19:16"), brisbane("23:59") + 6 * 86_400_000]) {
      const later = await view(t);
      expect(later.vehicle).toBeNull();
      expect(later.eta).toBeNull();
      expect(later.headline).toBe("Your delivery is on its way");
    }

    // Inside the window: the simulator's vehicle drives and stops; find one time of each.
    let on: number | null = null;
    let off: number | null = null;
    for (let t = brisbane("09:00"); t <= brisbane("11:00"); t += 5 * MIN) {
      const f = await fixAt(t);
      const fresh = f && t - Date.parse(f.reported_at) < 20 * MIN;
      if (fresh && f.ignition === true) on ??= t;
      if (f && f.ignition === false) off ??= t;
    }
    expect(on, "the simulated vehicle drives some time between 09:00 and 11:00").not.toBeNull();
    const driving = await view(on!);
    expect(driving.vehicle).not.toBeNull();
    expect(driving.headline).toBe("Your delivery is on its way to you");

    expect(off, "and is parked some time between 09:00 and 11:00").not.toBeNull();
    const parked = await view(off!);
    expect(parked.vehicle).toBeNull();
    expect(parked.headline).toBe("Your delivery is on its way");
  }, 60_000);
});
