/**
 * Issue 19, a jobsite's page through its route's loader and action, against PostgreSQL and the
 * simulator: tabs linked by URL (an unknown tab or sub-tab is a 404), the vehicles inside the
 * geofence now, visits from trips ending inside it, and the people clocked on there.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listDevices } from "~/modules/fleet/index.server";
import { clock } from "~/modules/timesheets/upstream.server";
import { getTrips } from "~/modules/trips/index.server";
import { upstream } from "~/services/api.server";
import { action, loader } from "~/routes/_shell.admin.jobsite.$id.($primary).($secondary)";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let admin = "";
let auth: { token: string; companyId: number };

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
  auth = await upstreamAuth("admin", "admin123");
}, 60_000);

const json = async <T>(res: Response) => (await res.json()) as T;
/** Adds an inactive circle jobsite through the add form's action; answers its id. */
async function addCircle(name: string, lat: number, lng: number, radius: number) {
  const res = await call(
    action,
    formPost(
      "/admin/jobsite/new",
      {
        intent: "create",
        name,
        shape: "circle",
        lat: String(lat),
        lng: String(lng),
        radius: String(radius),
      },
      { cookie: admin },
    ),
    { params: { id: "new" } },
  );
  expect(res.status).toBe(302);
  return Number(/\/admin\/jobsite\/(\d+)$/.exec(res.headers.get("location")!)![1]);
}
type Page = {
  tab: string;
  sub: string | null;
  vehicles: { imei: string }[];
  visits: { imei: string; arrived: string; left: string | null }[];
  people: { entry: number; name: string; start: string; end: string | null }[];
};
const open = (id: number, primary?: string, secondary?: string) =>
  call(loader, get(`/admin/jobsite/${[id, primary, secondary].filter(Boolean).join("/")}`, admin), {
    params: {
      id: String(id),
      ...(primary ? { primary } : {}),
      ...(secondary ? { secondary } : {}),
    },
  });

describe("a jobsite's page", () => {
  it("links each tab by URL; an unknown tab or sub-tab is a 404", async () => {
    const id = await addCircle("Tab yard", -27.5, 153.0, 150);
    expect(await json<Page>(await open(id))).toMatchObject({ tab: "details", sub: "geofence" });
    expect(await json<Page>(await open(id, "details", "contacts"))).toMatchObject({
      tab: "details",
      sub: "contacts",
    });
    expect((await open(id, "weather")).status).toBe(404);
    expect((await open(id, "vehicles", "contacts")).status).toBe(404);
    expect((await open(id, "details", "weather")).status).toBe(404);
  });

  it("lists the vehicles inside the geofence now, and none outside it", async () => {
    const { devices } = await listDevices(auth);
    // A parked vehicle stays put while the test looks.
    const parked = devices.find((d) => d.lat !== null && d.lng !== null && !d.speed)!;
    const here = await addCircle("Parked yard", parked.lat!, parked.lng!, 300);
    const inside = (await json<Page>(await open(here, "vehicles"))).vehicles.map((v) => v.imei);
    expect(inside).toContain(parked.imei);
    const far = await addCircle("Coral Sea", -20, 160, 100);
    expect((await json<Page>(await open(far, "vehicles"))).vehicles).toEqual([]);
  });

  it("counts a visit from a trip that ended inside the geofence, until the next trip starts", async () => {
    const { devices } = await listDevices(auth);
    const now = Date.now();
    const { trips } = await getTrips(
      auth,
      devices.slice(0, 6).map((d) => d.imei),
      now - 6 * 86_400_000,
      now,
    );
    const trip = trips.find((t) => t.end.lat != null && t.end.lng != null)!;
    const id = await addCircle("Trip end", trip.end.lat!, trip.end.lng!, 60);
    const visits = (await json<Page>(await open(id, "visits"))).visits;
    const visit = visits.find((v) => v.imei === trip.imei && v.arrived === trip.end.time);
    expect(visit).toBeTruthy();
    const next = trips
      .filter((t) => t.imei === trip.imei && t.start.time > trip.end.time)
      .sort((a, b) => a.start.time.localeCompare(b.start.time))[0];
    expect(visit!.left).toBe(next ? next.start.time : null);
  });

  it("shows who is clocked on at the jobsite now, and when they clocked off", async () => {
    // A seeded jobsite: the simulator's timesheets take only those (see STATUS.md).
    const site = 104;
    const before = (await json<Page>(await open(site, "people"))).people;
    expect(before.some((p) => p.end === null)).toBe(false);
    const driver = upstream((await upstreamAuth("driver", "driver123")).token);
    const on = await clock(driver, { action: "on", jobcode_id: null, jobsite_id: site });
    const now = (await json<Page>(await open(site, "people"))).people;
    // Clocked on now: listed first.
    expect(now[0]).toEqual({ entry: on.id, name: on.person.name, start: on.start, end: null });
    expect(now).toHaveLength(before.length + 1);
    const elsewhere = await json<Page>(await open(105, "people"));
    expect(elsewhere.people.map((p) => p.entry)).not.toContain(on.id);
    const off = await clock(driver, { action: "off" });
    const later = (await json<Page>(await open(site, "people"))).people;
    expect(later.find((p) => p.entry === on.id)).toEqual({
      entry: on.id,
      name: on.person.name,
      start: on.start,
      end: off.end,
    });
  });
});
