/** Contract test of the device diagnostics call: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
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
  it("is listed for company 1 only, installed today, and not among the fleet's devices", async () => {
    const list = await newInstalls(await admin());
    expect(list).toHaveLength(1);
    const [d] = list;
    expect(d!.nickname).toBe("New install: ute 7");
    expect(Date.now() - Date.parse(d!.installed_at)).toBeLessThan(86_400_000 + 7 * 3_600_000);
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
