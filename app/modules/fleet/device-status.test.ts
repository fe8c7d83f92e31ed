import { describe, expect, it } from "vitest";
import {
  DEFAULT_THRESHOLDS,
  deviceStatus,
  formatDuration,
  thresholdsFromHours,
} from "./device-status";

const NOW = Date.parse("2026-01-01T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms);
const H = 3_600_000;

describe("deviceStatus", () => {
  it("reads moving, idling and resting from a fresh fix", () => {
    expect(deviceStatus({ speed: 42, ignition: true, lastContactAt: ago(10_000) }, NOW)).toEqual({
      status: "moving",
      outdated: false,
      silentMs: 10_000,
    });
    expect(deviceStatus({ speed: 0, ignition: true, lastContactAt: ago(60_000) }, NOW).status).toBe(
      "idling",
    );
    expect(
      deviceStatus({ speed: 0, ignition: false, lastContactAt: ago(15 * 60_000) }, NOW),
    ).toMatchObject({ status: "resting", outdated: false });
  });
  it("never calls a device moving once it is silent past the moving threshold", () => {
    const r = deviceStatus({ speed: 80, ignition: true, lastContactAt: ago(4 * H + 1) }, NOW);
    expect(r.status).not.toBe("moving");
    expect(r.outdated).toBe(true);
    expect(
      deviceStatus({ speed: 80, ignition: true, lastContactAt: ago(4 * H - 1) }, NOW).status,
    ).toBe("moving");
  });
  it("goes offline past the offline threshold, and without any fix", () => {
    expect(
      deviceStatus({ speed: 0, ignition: false, lastContactAt: ago(24 * H + 1) }, NOW).status,
    ).toBe("offline");
    expect(
      deviceStatus({ speed: 0, ignition: false, lastContactAt: ago(24 * H - 1) }, NOW).status,
    ).toBe("resting");
    expect(deviceStatus({ speed: null, ignition: null, lastContactAt: null }, NOW)).toEqual({
      status: "offline",
      outdated: true,
      silentMs: null,
    });
  });
  it("honours configured thresholds", () => {
    const t = thresholdsFromHours({ moving: "1", resting: 2, offline: 48 });
    expect(t).toEqual({ movingOutdatedMs: H, restingOutdatedMs: 2 * H, offlineMs: 48 * H });
    expect(
      deviceStatus({ speed: 50, ignition: true, lastContactAt: ago(2 * H) }, NOW, t),
    ).toMatchObject({ status: "resting", outdated: true });
    expect(
      deviceStatus({ speed: 0, ignition: false, lastContactAt: ago(3 * H) }, NOW, t),
    ).toMatchObject({ status: "resting", outdated: true });
    expect(
      deviceStatus({ speed: 0, ignition: false, lastContactAt: ago(30 * H) }, NOW, t).status,
    ).toBe("resting");
    expect(thresholdsFromHours({ moving: "abc", resting: -1 })).toEqual(DEFAULT_THRESHOLDS);
  });
  it("formats durations", () => {
    expect(formatDuration(45_000)).toBe("45 s");
    expect(formatDuration(5 * 60_000)).toBe("5 min");
    expect(formatDuration(3 * H + 5 * 60_000)).toBe("3 h 5 min");
    expect(formatDuration(50 * H)).toBe("2 d 2 h");
  });
});
