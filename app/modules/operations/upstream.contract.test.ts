/** Contract test of the device diagnostics call: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import { deviceDiagnostics } from "./diagnostics.server";

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
