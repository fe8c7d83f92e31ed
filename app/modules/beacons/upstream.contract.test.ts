/**
 * Contract test of the designed beacon and coverage calls: the typed client (zod-validated) against
 * the simulator, with a fixed clock so the world is the same every run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "../../../server/sim/index";
import * as bup from "./upstream.server";
import * as api from "~/services/upstream/index.server";
import { createUpstream, type Upstream } from "~/services/upstream/client.server";
import { resetBreakers } from "~/services/upstream/resilience";
import { rejection, signedIn } from "../../../tests/support/contract";

let now = Date.parse("2026-03-04T02:00:00Z");
let sim: Simulator;
let base: Upstream;
let admin: Upstream;
let other: Upstream;

const signIn = (username: string, password: string) => signedIn(base, username, password);

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 42, clock: () => now });
  base = createUpstream({ baseUrl: sim.url, timeoutMs: 2000, retries: 0 });
  admin = await signIn("admin", "admin123");
  other = await signIn("other", "other123");
});
afterAll(() => sim.close());
beforeEach(() => resetBreakers());

describe("beacon calls", () => {
  it("GET /beacons lists only the company's beacons, deterministically", async () => {
    const mine = await bup.beacons(admin);
    const theirs = await bup.beacons(other);
    expect(mine).toHaveLength(12);
    expect(theirs).toHaveLength(4);
    expect(theirs.some((t) => mine.some((m) => m.uuid === t.uuid))).toBe(false);
    for (const b of mine)
      expect(b.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    // The seeded special cases: low battery, lost for 3 days, never heard.
    expect(mine[2]!.battery).toBeLessThanOrEqual(20);
    expect(now - Date.parse(mine[4]!.last_seen!.time)).toBeGreaterThan(3 * 86_400_000);
    expect(mine[9]!.last_seen).toBeNull();
    expect(mine[9]!.battery).toBeNull();
    expect(await bup.beacons(admin)).toEqual(mine);
  });

  it("a last sighting is where its gateway (a company vehicle) was", async () => {
    const [b] = await bup.beacons(admin);
    const devices = await api.iotDevices(admin);
    expect(
      devices.some(
        (d) =>
          d.imei === b!.last_seen!.gateway_imei && d.nickname === b!.last_seen!.gateway_nickname,
      ),
    ).toBe(true);
  });

  it("GET /beacons/sightings: oldest first within the range, ending at the last sighting; foreign uuid 404; range checked", async () => {
    const [b] = await bup.beacons(admin);
    const res = await bup.beaconSightings(admin, { uuid: b!.uuid });
    expect(res.sightings.length).toBeGreaterThan(10);
    const times = res.sightings.map((s) => Date.parse(s.time));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(times[0]!).toBeGreaterThanOrEqual(now - 86_400_000);
    expect(res.sightings.at(-1)).toEqual(b!.last_seen);
    expect((await rejection(bup.beaconSightings(other, { uuid: b!.uuid }))).status).toBe(404);
    const tooLong = await rejection(
      bup.beaconSightings(admin, {
        uuid: b!.uuid,
        from: new Date(now - 8 * 86_400_000).toISOString(),
      }),
    );
    expect(tooLong.status).toBe(400);
  });

  it("POST /beacons/config changes the given settings, refuses bad ones without changing anything, 404 for a foreign uuid", async () => {
    const b = (await bup.beacons(admin))[1]!;
    const saved = await bup.configureBeacon(admin, {
      uuid: b.uuid,
      nickname: "Forklift tag",
      asset_name: "Forklift 2",
      tx_power: -16,
      adv_interval_ms: 1500,
    });
    expect(saved).toMatchObject({
      uuid: b.uuid,
      nickname: "Forklift tag",
      asset_name: "Forklift 2",
      tx_power: -16,
      adv_interval_ms: 1500,
    });
    const bad = await rejection(
      bup.configureBeacon(admin, { uuid: b.uuid, nickname: "Changed", tx_power: 7 }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/tx_power/);
    expect(
      (await rejection(bup.configureBeacon(admin, { uuid: b.uuid, adv_interval_ms: 50 }))).message,
    ).toMatch(/adv_interval_ms/);
    expect(
      (await rejection(bup.configureBeacon(admin, { uuid: b.uuid, nickname: "  " }))).message,
    ).toMatch(/nickname/);
    expect((await bup.beacons(admin))[1]).toMatchObject({
      nickname: "Forklift tag",
      tx_power: -16,
    });
    expect(
      (await rejection(bup.configureBeacon(other, { uuid: b.uuid, nickname: "Hijack" }))).status,
    ).toBe(404);
    const cleared = await bup.configureBeacon(admin, { uuid: b.uuid, asset_name: null });
    expect(cleared.asset_name).toBeNull();
  });

  it("needs a token", async () => {
    expect((await rejection(bup.beacons(base))).status).toBe(401);
  });
});

describe("network coverage", () => {
  it("GET /network/coverage answers without a token: cells with samples, device counts and dBm, no identities", async () => {
    const res = await bup.networkCoverage(base);
    expect(res.cell_deg).toBe(0.02);
    expect(res.cells.length).toBeGreaterThan(5);
    expect(res.cells.some((c) => c.devices >= 3)).toBe(true);
    for (const c of res.cells) {
      expect(Object.keys(c).sort()).toEqual(["avg_dbm", "devices", "lat", "lng", "samples"]);
      expect(c.avg_dbm).toBeLessThanOrEqual(-50);
      expect(c.avg_dbm).toBeGreaterThanOrEqual(-120);
    }
    now += 60_000;
    expect((await bup.networkCoverage(base)).cells).toEqual(res.cells);
  });
});
