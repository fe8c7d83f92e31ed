import { describe, expect, it } from "vitest";
import type { Diagnostics } from "./diagnostics.server";
import { installationSteps } from "./installation-checks";

const NOW = Date.parse("2026-11-24T01:00:00Z");
const good: Diagnostics = {
  imei: "1",
  reported_at: "2026-11-24T00:58:00Z",
  lat: -27.4,
  lng: 153,
  gps: { satellites: 9, hdop: 0.9 },
  power: { supply_voltage: 13.9, external: true },
  ignition: false,
  odometer_km: 123456.7,
  ignition_changes: [
    { at: "2026-11-24T00:40:00Z", on: true },
    { at: "2026-11-24T00:50:00Z", on: false },
  ],
};
const status = (d: Diagnostics) =>
  Object.fromEntries(
    installationSteps(d, { now: NOW, measurement: "metric" }).steps.map((s) => [s.id, s.status]),
  );

describe("installation steps", () => {
  it("a well-fitted vehicle tracker passes every step", () => {
    const r = installationSteps(good, { now: NOW, measurement: "metric" });
    expect(r.passed).toBe(true);
    expect(r.steps.map((s) => s.detail)).toEqual([
      "Last report 2 min ago.",
      "9 satellites, HDOP 0.9.",
      "Both seen since the check started.",
      "13.90 V.",
      "123,457 km",
    ]);
  });

  it("each fault fails its own step and says what to look at", () => {
    expect(status({ ...good, reported_at: "2026-11-24T00:30:00Z" }).reporting).toBe("fail");
    expect(status({ ...good, gps: { satellites: 3, hdop: 4.5 } }).gps).toBe("fail");
    expect(status({ ...good, gps: { satellites: 0, hdop: null } }).gps).toBe("fail");
    expect(status({ ...good, power: { supply_voltage: 9.8, external: true } }).power).toBe("fail");
    expect(status({ ...good, power: { supply_voltage: 31, external: true } }).power).toBe("fail");
    expect(status({ ...good, odometer_km: 0 }).odometer).toBe("fail");
    const r = installationSteps(
      { ...good, reported_at: "2026-11-24T00:30:00Z" },
      { now: NOW, measurement: "metric" },
    );
    expect(r.passed).toBe(false);
    expect(r.steps[0]!.detail).toBe(
      "Last report 30 min ago: check the power lead, the SIM and the antenna.",
    );
  });

  it("ignition waits for both: on seen asks for off, nothing seen asks for on then off", () => {
    const onOnly = installationSteps(
      { ...good, ignition_changes: [good.ignition_changes[0]!] },
      { now: NOW, measurement: "metric" },
    );
    expect(onOnly.passed).toBe(false);
    expect(onOnly.steps[2]).toMatchObject({
      status: "waiting",
      detail: "On seen: now turn the ignition off.",
    });
    expect(
      installationSteps({ ...good, ignition_changes: [] }, { now: NOW, measurement: "metric" })
        .steps[2]!.detail,
    ).toBe("Turn the ignition on, then off.");
  });

  it("a battery-powered sensor skips the vehicle steps and passes on fix and freshness", () => {
    const sensor = {
      ...good,
      power: { supply_voltage: null, external: false },
      odometer_km: null,
      ignition_changes: [],
    };
    expect(status(sensor)).toEqual({
      reporting: "pass",
      gps: "pass",
      ignition: "na",
      power: "na",
      odometer: "na",
    });
    expect(installationSteps(sensor, { now: NOW, measurement: "metric" }).passed).toBe(true);
  });

  it("the odometer in miles for imperial users", () => {
    const r = installationSteps(good, { now: NOW, measurement: "imperial" });
    expect(r.steps[4]!.detail).toBe("76,712 mi");
  });
});
