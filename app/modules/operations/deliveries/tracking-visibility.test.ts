import { describe, expect, it } from "vitest";
import { vehicleVisibility, type VisibilityInput } from "./tracking-visibility";

// The probe's delivery: window 23:00–01:00 UTC, in transit since 23:10.
const base: VisibilityInput = {
  status: "in_transit",
  windowStart: "2026-11-26T23:00:00Z",
  windowEnd: "2026-11-27T01:00:00Z",
  inTransitSince: "2026-11-26T23:10:00Z",
  vehicle: { reported_at: "2026-11-26T23:40:00Z", ignition: true },
  now: Date.parse("2026-11-26T23:45:00Z"),
};
const at = (iso: string, reported = iso) => ({
  ...base,
  now: Date.parse(iso),
  vehicle: { reported_at: reported, ignition: true },
});
const shown = (i: VisibilityInput) => vehicleVisibility(i).show;

describe("tracking page: when the vehicle is shown", () => {
  it("shows a driving vehicle in transit inside the window", () => {
    expect(vehicleVisibility(base)).toEqual({ show: true });
  });

  it("never the next morning: the probe's 08:28 and 09:16 UTC views, parked at the depot", () => {
    const parked = { reported_at: "2026-11-27T08:20:00Z", ignition: false };
    for (const t of ["2026-11-27T08:28:00Z", "2026-11-27T09:16:00Z"]) {
      expect(vehicleVisibility({ ...base, now: Date.parse(t), vehicle: parked }).show).toBe(false);
      // Not even with the ignition on: it is past the window.
      expect(shown(at(t))).toBe(false);
    }
  });

  it("from an hour before the window to an hour after it", () => {
    expect(shown({ ...at("2026-11-26T22:01:00Z"), inTransitSince: "2026-11-26T22:00:00Z" })).toBe(
      true,
    );
    expect(
      vehicleVisibility({ ...at("2026-11-26T21:59:00Z"), inTransitSince: "2026-11-26T21:50:00Z" }),
    ).toEqual({ show: false, reason: "before the window" });
    expect(shown(at("2026-11-27T01:59:00Z"))).toBe(true);
    expect(vehicleVisibility(at("2026-11-27T02:01:00Z"))).toEqual({
      show: false,
      reason: "after the window",
    });
  });

  it("at most four hours after it went in transit, whatever the window", () => {
    const long = { ...base, windowEnd: "2026-11-27T09:00:00Z" };
    expect(shown({ ...long, ...at("2026-11-27T03:09:00Z"), windowEnd: long.windowEnd })).toBe(true);
    expect(vehicleVisibility({ ...at("2026-11-27T03:11:00Z"), windowEnd: long.windowEnd })).toEqual(
      { show: false, reason: "in transit too long" },
    );
    expect(vehicleVisibility({ ...base, inTransitSince: null }).show).toBe(false);
  });

  it("never with the ignition off or unknown, nor from an old position", () => {
    expect(
      vehicleVisibility({
        ...base,
        vehicle: { reported_at: "2026-11-26T23:40:00Z", ignition: false },
      }),
    ).toEqual({ show: false, reason: "ignition off" });
    expect(shown({ ...base, vehicle: { reported_at: "2026-11-26T23:40:00Z" } })).toBe(false);
    expect(
      vehicleVisibility({
        ...base,
        vehicle: { reported_at: "2026-11-26T23:00:00Z", ignition: true },
      }),
    ).toEqual({ show: false, reason: "stale position" });
  });

  it("only in transit: never planned, picked up, delivered or failed, nor without a vehicle", () => {
    for (const status of ["planned", "picked_up", "delivered", "failed"] as const)
      expect(shown({ ...base, status })).toBe(false);
    expect(shown({ ...base, vehicle: null })).toBe(false);
  });
});
