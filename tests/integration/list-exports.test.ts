/**
 * Issue 17 item 3, the lists' search, filters and CSV export (fleet, devices offline, geofences)
 * through the real route loaders, against PostgreSQL and the simulator: the file holds exactly the
 * rows the filters select, in the user's units, with formulas neutralised, and only the company's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader as fleetLoader } from "~/routes/dashboard.fleet";
import { loader as offlineLoader } from "~/routes/dashboard.devices-offline";
import { loader as fleetCsvLoader } from "~/routes/dashboard.fleet[.]csv";
import { loader as offlineCsvLoader } from "~/routes/dashboard.devices-offline[.]csv";
import { loader as geofencesCsvLoader } from "~/routes/dashboard.geofences[.]csv";
import { loader as tripsCsvLoader } from "~/routes/dashboard.trips[.]csv";
import { loader as beaconsLoader } from "~/routes/dashboard.beacons";
import { loader as sessionsLoader } from "~/routes/dashboard.sessions";
import { loader as inputsCsvLoader } from "~/routes/dashboard.inputs[.]csv";
import { loader as beaconsCsvLoader } from "~/routes/dashboard.beacons[.]csv";
import { listBeacons } from "~/modules/beacons/beacons.server";
import { listVehicles } from "~/modules/trips/trips.server";
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
    const file = await csvOf(fleetCsvLoader, `/dashboard/fleet.csv?status=${status}`);
    expect(file.name).toMatch(/^fleet-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.header.slice(0, 4)).toEqual(["Vehicle", "IMEI", "Status", "Speed (km/h)"]);
    const withStatus = devices.filter((d) => d.status === status);
    expect(file.rows.map((r) => r[1]).sort()).toEqual(withStatus.map((d) => d.imei).sort());
    // Not paged: a file of a big fleet holds all of it.
    const all = await csvOf(fleetCsvLoader, "/dashboard/fleet.csv?page=2");
    expect(all.rows.length).toBe(devices.length);
    // Offline vehicles have no current speed.
    for (const r of all.rows) if (r[2] === "Offline") expect(r[3]).toBe("");
  });

  it("writes speeds in the user's units and neutralises a name a spreadsheet would run", async () => {
    const { devices } = await listDevices(admin);
    const d = devices.find((x) => x.speed !== null && x.speed > 10 && x.status !== "offline");
    await renameDevice(admin, devices[1]!.imei, '=HYPERLINK("http://evil.example")');
    const file = await csvOf(fleetCsvLoader, "/dashboard/fleet.csv", `${cookie}; ${imperial}`);
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
      fleetCsvLoader,
      "/dashboard/fleet.csv",
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
    const file = await csvOf(offlineCsvLoader, "/dashboard/devices-offline.csv");
    expect(file.name).toMatch(/^devices-offline-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.header).toContain("Last address");
    expect(file.rows.length).toBe(page.total);
  });

  it("geofences: filtered by where the device is now, radius in feet for imperial users", async () => {
    const { devices } = await listDevices(admin);
    const d = devices.find((x) => x.lat !== null && x.lng !== null)!;
    await saveDeviceGeofence(admin, d.imei, { lat: d.lat!, lng: d.lng!, meters: 500 });
    const inside = await csvOf(
      geofencesCsvLoader,
      "/dashboard/geofences.csv?state=inside",
      `${cookie}; ${imperial}`,
    );
    expect(inside.header).toContain("Radius (ft)");
    const row = inside.rows.find((r) => r[1] === d.imei)!;
    expect(row[5]).toBe("1640");
    expect(row[6]).toBe("Inside");
    const outside = await csvOf(geofencesCsvLoader, "/dashboard/geofences.csv?state=outside");
    expect(outside.rows.some((r) => r[1] === d.imei)).toBe(false);
  });
});

describe("active sessions", () => {
  it("searches people by name or username; the count of everyone signed in stays", async () => {
    type Sessions = { sessions: { username: string }[]; total: number; timeZone: string };
    const list = async (qs: string) =>
      (await (
        await call(sessionsLoader, get(`/dashboard/sessions?${qs}`, cookie))
      ).json()) as Sessions;
    const all = await list("");
    expect(all.sessions.map((s) => s.username)).toContain("admin");
    expect(all.timeZone).toBe("Australia/Brisbane");
    expect((await list("q=ADM")).sessions.map((s) => s.username)).toContain("admin");
    const none = await list("q=nobody-by-this-name");
    expect(none.sessions).toEqual([]);
    expect(none.total).toBe(all.total);
  });
});

describe("inputs", () => {
  it("searches and filters by ignition; the CSV holds exactly the matching devices", async () => {
    const { devices } = await listDevices(admin);
    const on = devices.filter((d) => d.ignition === true).map((d) => d.imei);
    const off = devices.filter((d) => d.ignition === false).map((d) => d.imei);
    expect(on.length).toBeGreaterThan(0);
    expect(off.length).toBeGreaterThan(0);
    const file = await csvOf(inputsCsvLoader, "/dashboard/inputs.csv?ignition=on");
    expect(file.name).toMatch(/^inputs-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.header.slice(0, 3)).toEqual(["Device", "IMEI", "Ignition"]);
    expect(file.rows.map((r) => r[1]).sort()).toEqual([...on].sort());
    expect(file.rows.every((r) => r[2] === "On")).toBe(true);
    const one = devices[0]!;
    const found = await csvOf(inputsCsvLoader, `/dashboard/inputs.csv?q=${one.imei}`);
    expect(found.rows.map((r) => r[1])).toEqual([one.imei]);
  });
});

describe("beacons", () => {
  it("filters by status on the server; the CSV holds the same rows, in the same order, with every column", async () => {
    const { beacons } = await listBeacons(admin);
    // The simulator has beacons heard just now and long ago, so a status filter leaves some out.
    expect(new Set(beacons.map((b) => b.status)).size).toBeGreaterThan(1);
    const status = beacons[0]!.status;
    const page = (await (
      await call(
        beaconsLoader,
        get(`/dashboard/beacons?status=${status}&sort=name&dir=desc`, cookie),
      )
    ).json()) as { rows: { uuid: string; status: string }[] };
    const expected = beacons.filter((b) => b.status === status);
    expect(page.rows.length).toBe(expected.length);
    expect(page.rows.every((r) => r.status === status)).toBe(true);
    const csv = await csvOf(
      beaconsCsvLoader,
      `/dashboard/beacons.csv?status=${status}&sort=name&dir=desc`,
    );
    expect(csv.name).toMatch(/^beacons-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.header).toEqual([
      "Beacon",
      "Asset",
      "UUID",
      "Battery (%)",
      "Last seen (Australia/Brisbane)",
      "Seen near",
      "Status",
    ]);
    expect(csv.rows.map((r) => r[2])).toEqual(page.rows.map((r) => r.uuid));
    // Another status's beacons are not in the file.
    const other = beacons.find((b) => b.status !== status);
    if (other) expect(csv.rows.map((r) => r[2])).not.toContain(other.uuid);
  });
});

describe("trips", () => {
  it("exports every trip of the chosen vehicles and days in the user's units", async () => {
    const vehicles = await listVehicles(admin);
    const imeis = vehicles.slice(2, 4).map((d) => d.imei);
    const names = Object.fromEntries(vehicles.map((d) => [d.imei, d.nickname]));
    const file = await csvOf(
      tripsCsvLoader,
      `/dashboard/trips.csv?imei=${imeis[0]}&imei=${imeis[1]}&page=2`,
      `${cookie}; ${imperial}`,
    );
    expect(file.name).toMatch(/^trips-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.header[1]).toMatch(/^Start \(.+\/.+\)$/);
    // Only the chosen vehicles, each trip once.
    const chosen = imeis.map((i) => names[i]);
    for (const r of file.rows) expect(chosen).toContain(r[0]);
    expect(file.rows.length).toBeGreaterThan(0);
    expect(new Set(file.rows.map((r) => `${r[0]}|${r[1]}`)).size).toBe(file.rows.length);
    const distance = file.header.indexOf("Distance (mi)");
    expect(distance).toBeGreaterThan(0);
    for (const r of file.rows) expect(Number(r[distance])).toBeGreaterThanOrEqual(0);
  });

  it("another company's vehicle in the address is a 404, not an empty file", async () => {
    const { devices } = await listDevices(admin);
    const res = await call(
      tripsCsvLoader,
      get(
        `/dashboard/trips.csv?imei=${devices[2]!.imei}`,
        await sessionCookie("other", "other123"),
      ),
    );
    expect(res.status).toBe(404);
  });
});
