/**
 * Contract tests of the device diagnostics call, the newly installed device and the ignition events
 * of the event feed: the typed clients against the simulator.
 */
import { describe, expect, it } from "vitest";
import { sampleAt } from "../../../server/sim/movement";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import { events, IGNITION_EVENT_KINDS, type UpstreamEvent } from "~/services/upstream/index.server";
import { deviceDiagnostics, newInstalls } from "./diagnostics.server";
import { installationSteps } from "./installation-checks";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");

describe("GET /devices/diagnostics", () => {
  it("a vehicle: a fix, an external supply in a vehicle's range, an odometer and its ignition changes in order", async () => {
    const api = await admin();
    const vehicles = up.sim.world.devicesByCompany
      .get(1)!
      .filter((d) => !d.sim.stationary)
      .slice(0, 40);
    const since = Date.now() - 6 * 3_600_000;
    let both = 0;
    for (const d of vehicles) {
      const diag = await deviceDiagnostics(api, d.imei, since);
      expect(diag.imei).toBe(d.imei);
      expect(diag.power.external).toBe(true);
      expect(diag.power.supply_voltage).toBeGreaterThan(12);
      expect(diag.power.supply_voltage).toBeLessThan(15);
      expect(diag.odometer_km).toBeGreaterThan(0);
      const times = diag.ignition_changes.map((c) => Date.parse(c.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.every((t) => t >= since)).toBe(true);
      // Changes alternate: on, off, on…
      diag.ignition_changes.forEach((c, i, all) => i && expect(c.on).toBe(!all[i - 1]!.on));
      if (diag.ignition_changes.some((c) => c.on) && diag.ignition_changes.some((c) => !c.on))
        both++;
    }
    // Six hours of a working fleet: some vehicles were switched on and off.
    expect(both).toBeGreaterThan(0);
  });

  it("a battery-powered sensor has no supply, ignition changes or odometer", async () => {
    const api = await admin();
    const sensor = up.sim.world.devicesByCompany.get(1)!.find((d) => d.sim.stationary)!;
    const diag = await deviceDiagnostics(api, sensor.imei, Date.now() - 3_600_000);
    expect(diag.power).toEqual({ supply_voltage: null, external: false });
    expect(diag.odometer_km).toBeNull();
    expect(diag.ignition_changes).toEqual([]);
  });

  it("another company's device is a 404; a start in the future is a 400", async () => {
    const api = await admin();
    const foreign = up.sim.world.devicesByCompany.get(2)![0]!;
    expect((await rejection(deviceDiagnostics(api, foreign.imei, Date.now()))).status).toBe(404);
    const own = up.sim.world.devicesByCompany.get(1)![0]!;
    expect((await rejection(deviceDiagnostics(api, own.imei, Date.now() + 3_600_000))).status).toBe(
      400,
    );
  });
});

describe("the newly installed device (GET /devices/installs)", () => {
  it("is listed for company 1 only, installed within the day, and not among the fleet's devices", async () => {
    const list = await newInstalls(await admin());
    expect(list).toHaveLength(1);
    const [d] = list;
    expect(d!.nickname).toBe("New install: ute 7");
    // At the last 07:00 in Brisbane that has passed: within the last day, never in the future.
    const ago = Date.now() - Date.parse(d!.installed_at);
    expect(ago).toBeGreaterThanOrEqual(0);
    expect(ago).toBeLessThan(86_400_000);
    expect(new Date(Date.parse(d!.installed_at) + 10 * 3_600_000).getUTCHours()).toBe(7);
    expect(up.sim.world.devicesByImei.has(d!.imei)).toBe(false);
    expect(await newInstalls(await up.signIn("other", "other123"))).toEqual([]);
  });

  it("passes the check step by step from its start: ignition on after 10 s, off after 20 s", async () => {
    const api = await admin();
    const { imei } = (await newInstalls(api))[0]!;
    const at = async (elapsedMs: number) => {
      const now = Date.now();
      const diag = await deviceDiagnostics(api, imei, now - elapsedMs);
      const { steps, passed } = installationSteps(diag, { now, measurement: "metric" });
      return { diag, passed, status: Object.fromEntries(steps.map((s) => [s.id, s.status])) };
    };
    const start = await at(0);
    expect(start.status).toEqual({
      reporting: "pass",
      gps: "pass",
      ignition: "waiting",
      power: "pass",
      odometer: "pass",
    });
    expect(start.diag.ignition_changes).toEqual([]);
    expect(start.passed).toBe(false);

    const on = await at(15_000);
    expect(on.diag.ignition).toBe(true);
    expect(on.diag.ignition_changes.map((c) => c.on)).toEqual([true]);
    expect(on.status.ignition).toBe("waiting");

    const done = await at(30_000);
    expect(done.diag.ignition).toBe(false);
    expect(done.diag.ignition_changes.map((c) => c.on)).toEqual([true, false]);
    expect(done.passed).toBe(true);
  });

  it("is a 404 for another company, and its start may not be in the future", async () => {
    const api = await admin();
    const { imei } = (await newInstalls(api))[0]!;
    const other = await up.signIn("other", "other123");
    expect((await rejection(deviceDiagnostics(other, imei, Date.now()))).status).toBe(404);
    expect((await rejection(deviceDiagnostics(api, imei, Date.now() + 60_000))).status).toBe(400);
  });
});

describe("ignition events in the event feed (GET /v2/events)", () => {
  /** The feed from `since` to now, page by page. */
  async function feed(api: Awaited<ReturnType<typeof admin>>, since: number) {
    const out: UpstreamEvent[] = [];
    let cursor = new Date(since).toISOString();
    for (;;) {
      const page = await events(api, { since: cursor, limit: 5000 });
      out.push(...page.events);
      cursor = page.next;
      if (!page.hasMore) return out;
    }
  }

  it("ignition_on and ignition_off come with a position and odometer, alternate per vehicle and agree with the diagnostics", async () => {
    const api = await admin();
    const now = Date.now();
    const since = now - 3 * 3_600_000;
    const list = (await feed(api, now - 86_400_000)).filter((e) =>
      (IGNITION_EVENT_KINDS as readonly string[]).includes(e.kind),
    );
    expect(new Set(list.map((e) => e.kind))).toEqual(new Set(IGNITION_EVENT_KINDS));
    const byImei = new Map<string, UpstreamEvent[]>();
    for (const e of list) byImei.set(e.imei, [...(byImei.get(e.imei) ?? []), e]);
    // A working day of the fleet: several vehicles, none of them a fixed sensor.
    expect(byImei.size).toBeGreaterThan(5);
    let modelled = 0;
    for (const [imei, mine] of byImei) {
      const device = up.sim.world.devicesByImei.get(imei)!;
      expect(device.companyid).toBe(1);
      expect(device.sim.stationary).toBe(false);
      mine.forEach((e, i) => {
        expect(e.details).toMatchObject({
          lat: expect.any(Number),
          lng: expect.any(Number),
          odometer: expect.any(Number),
        });
        if (i) expect(e.kind).not.toBe(mine[i - 1]!.kind);
        // The movement model switches there: off just before an ignition_on, on just after.
        const t = Date.parse(e.time);
        const on = e.kind === "ignition_on";
        expect(sampleAt(device, t - 30_000).ignition).toBe(!on);
        expect(sampleAt(device, t + 30_000).ignition).toBe(on);
      });
      modelled += mine.length;
      // The diagnostics step by the minute from `since` to the last report: a change is seen at
      // the first step after its event, so within a minute of it. (At night in Brisbane the last
      // three hours hold no trip: then only the model is compared.)
      const recent = mine.filter((e) => Date.parse(e.time) > since + 60_000);
      if (!recent.length) continue;
      const diag = await deviceDiagnostics(api, imei, since);
      const reported = Date.parse(diag.reported_at);
      const changes = diag.ignition_changes.filter((c) => Date.parse(c.at) > since + 60_000);
      const seen = recent.filter((e) => Date.parse(e.time) <= reported - 60_000);
      expect(changes.length).toBeGreaterThanOrEqual(seen.length);
      expect(changes.length).toBeLessThanOrEqual(
        recent.filter((e) => Date.parse(e.time) <= reported).length,
      );
      seen.forEach((e, i) => {
        expect(changes[i]!.on).toBe(e.kind === "ignition_on");
        const lag = Date.parse(changes[i]!.at) - Date.parse(e.time);
        expect(lag).toBeGreaterThanOrEqual(0);
        expect(lag).toBeLessThan(60_000);
      });
    }
    expect(modelled).toBe(list.length);
  });

  it("another company sees only its own vehicles' ignition events", async () => {
    const other = await up.signIn("other", "other123");
    const list = await feed(other, Date.now() - 86_400_000);
    const ignition = list.filter((e) => e.kind.startsWith("ignition_"));
    expect(ignition.length).toBeGreaterThan(0);
    for (const e of list) {
      expect(e.companyid).toBe(2);
      expect(up.sim.world.devicesByImei.get(e.imei)?.companyid).toBe(2);
    }
  });
});
