/**
 * Issue 17 item 3, the lists' search, filters and CSV export (fleet, devices offline, geofences)
 * through the real route loaders, against PostgreSQL and the simulator: the file holds exactly the
 * rows the filters select, in the user's units, with formulas neutralised, and only the company's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader as fleetLoader } from "~/routes/dashboard.fleet";
import { loader as offlineLoader } from "~/routes/dashboard.devices-offline";
import { loader as geofencesLoader } from "~/routes/dashboard.geofences";
import { getTrips } from "~/modules/trips/trips.server";
import { tripsCsv } from "~/modules/trips/trips-csv.server";
import { listDevices } from "~/modules/fleet/devices-read.server";
import { renameDevice, saveDeviceGeofence } from "~/modules/fleet/devices-write.server";
import { DEFAULT_SETTINGS, SETTINGS_COOKIE } from "~/lib/settings";
import type { Auth } from "~/services/company-context.server";
import { parseCsv } from "../support/csv";
import { useTestDatabase } from "../support/db";
import { call, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let admin: Auth;
let cookie = "";
const imperial = `${SETTINGS_COOKIE}=${encodeURIComponent(
  JSON.stringify({ ...DEFAULT_SETTINGS, measurement: "imperial" }),
)}`;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await upstreamAuth("admin", "admin123");
  cookie = await sessionCookie("admin", "admin123");
}, 60_000);

type Loader = Parameters<typeof call>[0];
async function csvOf(loader: Loader, path: string, withCookie = cookie) {
  const res = await call(loader, get(path, withCookie));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  const [header, ...rows] = parseCsv((await res.text()).replace(/^\uFEFF/, ""));
  return { name, header: header!, rows };
}

type Page = { rows: { imei: string; nickname: string; status: string }[]; paging: unknown };
const pageOf = async (loader: Loader, path: string) =>
  (await (await call(loader, get(path, cookie))).json()) as Page;

describe("fleet table", () => {
  it("searches and filters on the server, and the CSV holds every matching row in the page's order", async () => {
    const { devices } = await listDevices(admin);
    const q = devices[0]!.nickname.slice(0, 3).toLowerCase();
    const found = await pageOf(fleetLoader, `/dashboard/fleet?q=${encodeURIComponent(q)}`);
    const expected = devices.filter(
      (d) => d.nickname.toLowerCase().includes(q) || d.imei.includes(q),
    );
    expect(found.rows.length).toBe(Math.min(100, expected.length));

    const status = devices[0]!.status;
    const file = await csvOf(fleetLoader, `/dashboard/fleet?status=${status}&format=csv`);
    expect(file.name).toMatch(/^fleet-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.header.slice(0, 4)).toEqual(["Vehicle", "IMEI", "Status", "Speed (km/h)"]);
    const withStatus = devices.filter((d) => d.status === status);
    expect(file.rows.map((r) => r[1]).sort()).toEqual(withStatus.map((d) => d.imei).sort());
    // Not paged: a file of a big fleet holds all of it.
    const all = await csvOf(fleetLoader, "/dashboard/fleet?format=csv&page=2");
    expect(all.rows.length).toBe(devices.length);
    // Offline vehicles have no current speed.
    for (const r of all.rows) if (r[2] === "Offline") expect(r[3]).toBe("");
  });

  it("writes speeds in the user's units and neutralises a name a spreadsheet would run", async () => {
    const { devices } = await listDevices(admin);
    const d = devices.find((x) => x.speed !== null && x.speed > 10 && x.status !== "offline");
    await renameDevice(admin, devices[1]!.imei, '=HYPERLINK("http://evil.example")');
    const file = await csvOf(fleetLoader, "/dashboard/fleet?format=csv", `${cookie}; ${imperial}`);
    expect(file.header[3]).toBe("Speed (mph)");
    const renamed = file.rows.find((r) => r[1] === devices[1]!.imei)!;
    expect(renamed[0]).toBe('\'=HYPERLINK("http://evil.example")');
    if (d) {
      const row = file.rows.find((r) => r[1] === d.imei)!;
      expect(Number(row[3])).toBeCloseTo(d.speed! / 1.609344, -1);
    }
  });

  it("another company's export holds none of this company's vehicles", async () => {
    const { devices } = await listDevices(admin);
    const mine = new Set(devices.map((d) => d.imei));
    const file = await csvOf(
      fleetLoader,
      "/dashboard/fleet?format=csv",
      await sessionCookie("other", "other123"),
    );
    expect(file.rows.length).toBeGreaterThan(0);
    for (const r of file.rows) expect(mine.has(r[1]!)).toBe(false);
  });
});

describe("devices offline and geofences", () => {
  it("devices offline: searchable, exported with the last address column", async () => {
    const page = (await (
      await call(offlineLoader, get("/dashboard/devices-offline?q=zzzz-no-such", cookie))
    ).json()) as { rows: unknown[]; total: number };
    expect(page.rows).toEqual([]);
    const file = await csvOf(offlineLoader, "/dashboard/devices-offline?format=csv");
    expect(file.name).toMatch(/^devices-offline-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.header).toContain("Last address");
    expect(file.rows.length).toBe(page.total);
  });

  it("geofences: filtered by where the device is now, radius in feet for imperial users", async () => {
    const { devices } = await listDevices(admin);
    const d = devices.find((x) => x.lat !== null && x.lng !== null)!;
    await saveDeviceGeofence(admin, d.imei, { lat: d.lat!, lng: d.lng!, meters: 500 });
    const inside = await csvOf(
      geofencesLoader,
      "/dashboard/geofences?state=inside&format=csv",
      `${cookie}; ${imperial}`,
    );
    expect(inside.header).toContain("Radius (ft)");
    const row = inside.rows.find((r) => r[1] === d.imei)!;
    expect(row[5]).toBe("1640");
    expect(row[6]).toBe("Inside");
    const outside = await csvOf(geofencesLoader, "/dashboard/geofences?state=outside&format=csv");
    expect(outside.rows.some((r) => r[1] === d.imei)).toBe(false);
  });
});

describe("trips", () => {
  // The trips route's module graph holds the replay map (Leaflet needs a window), so its CSV
  // branch is called as the route calls it; the browser test downloads it from the page.
  it("exports every trip of the chosen vehicles and days in the user's units", async () => {
    const { devices } = await listDevices(admin);
    const imeis = devices.slice(2, 4).map((d) => d.imei);
    const now = Date.now();
    const { trips } = await getTrips(admin, imeis, now - 7 * 86_400_000, now);
    expect(trips.length).toBeGreaterThan(0);
    const names = Object.fromEntries(devices.map((d) => [d.imei, d.nickname]));
    const res = tripsCsv(trips, { names, measurement: "imperial", timeZone: "Australia/Brisbane" });
    expect(res.headers.get("content-disposition")).toMatch(
      /filename="trips-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = parseCsv((await res.text()).replace(/^\uFEFF/, ""));
    expect(rows.length).toBe(trips.length);
    expect(header![1]).toBe("Start (Australia/Brisbane)");
    const distance = header!.indexOf("Distance (mi)");
    const miles = rows.reduce((sum, r) => sum + Number(r[distance]), 0);
    const km = trips.reduce((sum, t) => sum + t.distance_km, 0);
    expect(miles).toBeCloseTo(km / 1.609344, -1);
    expect(rows.map((r) => r[0])).toEqual(trips.map((t) => names[t.imei]));
  });
});
