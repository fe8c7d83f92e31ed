/**
 * Issue 17, addresses: the upstream's reverse geocoding cached in PostgreSQL (AddressCache), the
 * accurateAddress setting choosing street or suburb level, and the device details of the map's
 * popup and list (speed, ignition, driver, last seen, address) through the route, tenant-scoped.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { loader as detailsLoader } from "~/routes/api.device-details";
import { loader as geocodeLoader } from "~/routes/api.geocode";
import { prisma } from "~/services/db.server";
import type { Auth } from "~/services/company-context.server";
import { addressesFor, cellOf, pruneAddresses } from "~/modules/fleet/addresses.server";
import { listDevices } from "~/modules/fleet/devices-read.server";
import { syncDevices } from "~/modules/fleet/devices-sync.server";
import type { DeviceDetails } from "~/modules/fleet/fleet-view-data";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";
import type { Simulator } from "../../server/sim/index";

let sim: Simulator;
let admin: Auth;
let other: Auth;
const NEAR_CBD = { lat: -27.4688, lng: 153.0262 };
const SYDNEY = { lat: -33.8688, lng: 151.2093 };

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  admin = await upstreamAuth("admin", "admin123");
  other = await upstreamAuth("other", "other123");
});

describe("address cache", () => {
  it("asks the upstream once per cell and level, then answers from PostgreSQL (even with the upstream down)", async () => {
    const [street] = await addressesFor(admin, [NEAR_CBD], "street");
    expect(street).toMatch(/^\d+ .+, Brisbane City QLD \d{4}$/);
    const [suburb] = await addressesFor(admin, [NEAR_CBD], "suburb");
    expect(suburb).toMatch(/^Brisbane City QLD \d{4}$/);
    const c = cellOf(NEAR_CBD.lat, NEAR_CBD.lng, "street");
    const row = await prisma.addressCache.findUnique({
      where: { level_latKey_lngKey: { level: "street", latKey: c.latKey, lngKey: c.lngKey } },
    });
    expect(row?.label).toBe(street);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 86_400_000);

    sim.setFaults({ down: true });
    try {
      // A position a few metres away is in the same street cell; suburb level covers about a km.
      const [again, nearby] = await addressesFor(
        admin,
        [NEAR_CBD, { lat: NEAR_CBD.lat + 0.00002, lng: NEAR_CBD.lng - 0.00002 }],
        "street",
      );
      expect([again, nearby]).toEqual([street, street]);
      expect(
        (
          await addressesFor(admin, [{ lat: NEAR_CBD.lat + 0.002, lng: NEAR_CBD.lng }], "suburb")
        )[0],
      ).toBe(suburb);
      // Not cached and the upstream away: no address (null), and nothing stored for it.
      const far = { lat: -27.55, lng: 153.03 };
      expect(await addressesFor(admin, [far], "street", { budgetMs: 3000 })).toEqual([null]);
      const fc = cellOf(far.lat, far.lng, "street");
      expect(
        await prisma.addressCache.count({
          where: { level: "street", latKey: fc.latKey, lngKey: fc.lngKey },
        }),
      ).toBe(0);
    } finally {
      sim.setFaults({ down: false });
    }
  });

  it("keeps 'no address here' for a day, asks again once a row expired, and prunes expired rows", async () => {
    expect(await addressesFor(admin, [SYDNEY], "street")).toEqual([null]);
    const s = cellOf(SYDNEY.lat, SYDNEY.lng, "street");
    const key = { level: "street", latKey: s.latKey, lngKey: s.lngKey };
    const row = await prisma.addressCache.findUnique({ where: { level_latKey_lngKey: key } });
    expect(row).toMatchObject({ label: null });
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);

    const c = cellOf(NEAR_CBD.lat, NEAR_CBD.lng, "street");
    const cbd = { level: "street", latKey: c.latKey, lngKey: c.lngKey };
    const real = (await prisma.addressCache.findUnique({ where: { level_latKey_lngKey: cbd } }))!
      .label;
    await prisma.addressCache.update({
      where: { level_latKey_lngKey: cbd },
      data: { label: "1 Old Rd, Nowhere", expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await addressesFor(admin, [NEAR_CBD], "street")).toEqual([real]);

    await prisma.addressCache.update({
      where: { level_latKey_lngKey: key },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await pruneAddresses()).toBe(1);
    expect(await prisma.addressCache.count({ where: key })).toBe(0);
  });
});

describe("device details (popup and list rows)", () => {
  let cookie = "";
  beforeAll(async () => {
    await syncDevices(admin, { full: true });
    await syncDevices(other, { full: true });
    const res = await call(
      loginAction,
      formPost("/login", { username: "admin", password: "admin123" }),
    );
    cookie = cookieFrom(res);
  });

  const details = async (imeis: string[], accurate: boolean) => {
    const res = await call(
      detailsLoader,
      get(`/api/device-details?imei=${imeis.join(",")}${accurate ? "&accurate=1" : ""}`, cookie),
    );
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, DeviceDetails>;
  };

  it("gives speed, ignition, driver, last contact and the address at the chosen level; another company's imei is left out", async () => {
    const own = (await listDevices(admin)).devices;
    const foreign = (await listDevices(other)).devices[0]!;
    const moving = own.find((d) => d.status === "moving" && d.lat !== null)!;
    const offline = own.find((d) => d.status === "offline")!;
    const street = await details([moving.imei, offline.imei, foreign.imei], true);
    expect(Object.keys(street).sort()).toEqual([moving.imei, offline.imei].sort());
    expect(street[moving.imei]).toMatchObject({
      speed: moving.speed,
      ignition: moving.ignition,
      lastContactAt: moving.lastContactAt,
    });
    expect(street[moving.imei]!.address).toMatch(/^\d+ .+, .+ QLD \d{4}$/);
    // Offline: no speed to show ("—" on screen), never 0 km/h.
    expect(street[offline.imei]).toMatchObject({ speed: null, ignition: null });

    const suburb = await details([moving.imei], false);
    expect(suburb[moving.imei]!.address).toMatch(/^[A-Za-z ]+ QLD \d{4}$/);
    expect(suburb[moving.imei]!.address).not.toBe(street[moving.imei]!.address);

    // Somebody drove most vehicles today (driver sessions of the drivers module) or has one for good.
    const all = await details(
      own.map((d) => d.imei),
      false,
    );
    expect(Object.values(all).filter((d) => d.driver).length).toBeGreaterThan(0);
  });

  it("needs a session, and the address search finds places and typed coordinates", async () => {
    const anon = await call(detailsLoader, get("/api/device-details?imei=1"));
    expect([302, 401]).toContain(anon.status);
    const res = await call(geocodeLoader, get("/api/geocode?q=Wynnum", cookie));
    const body = (await res.json()) as { places: { label: string; lat: number }[] };
    expect(body.places[0]).toMatchObject({ lat: -27.443 });
    expect(body.places[0]!.label).toMatch(/^Wynnum QLD/);
    const coords = await call(geocodeLoader, get("/api/geocode?q=-27.4688,%20153.0262", cookie));
    const c = (await coords.json()) as { places: { label: string; lat: number; lng: number }[] };
    expect(c.places).toHaveLength(1);
    expect(c.places[0]).toMatchObject({ lat: -27.4688, lng: 153.0262 });
    expect(c.places[0]!.label).toMatch(/Brisbane City/);
  });
});
