import { describe, expect, it } from "vitest";
import { decodeMap, encodeLive, type MapStatic } from "./map-data-format";
import { mapStats, statsFromCodes } from "./map-stats";

describe("map stats", () => {
  it("counts resting and moving (and the rest)", () => {
    const s = mapStats([
      { status: "moving" },
      { status: "moving" },
      { status: "resting" },
      { status: "resting", outdated: true },
      { status: "idling" },
      { status: "offline", outdated: true },
    ]);
    expect(s).toEqual({ total: 6, moving: 2, idling: 1, resting: 2, offline: 1, outdated: 1 });
  });
  it("counts from status codes, ignoring the outdated flag's absence and unknown codes", () => {
    expect(statsFromCodes([0, 0, 2, 3, 9])).toMatchObject({
      total: 4,
      moving: 2,
      resting: 1,
      offline: 1,
    });
  });
});

describe("compact map payload", () => {
  const st: MapStatic = {
    v: "x",
    imei: ["a", "b", "c"],
    name: ["A", "B", "C"],
    icon: ["car", null, "bus"],
    type: [1, 21, 57],
    grp: [[1], [], []],
    tag: [[], [3], []],
    groups: [[1, "G"]],
    tags: [[3, "T", null]],
    fence: [],
  };
  it("round-trips positions to about a metre, statuses, outdated and heading", () => {
    const live = encodeLive("x", 5, [
      { lat: -27.4698123, lng: 153.0251234, status: "moving", outdated: false, heading: 94 },
      { lat: null, lng: null, status: "offline", outdated: true, heading: null },
      { lat: -27.5, lng: 153.1, status: "resting", outdated: true, heading: 356 },
    ]);
    expect(live.p.length).toBe(10);
    const d = decodeMap(st, live);
    expect(d[0]).toMatchObject({ imei: "a", status: "moving", outdated: false, heading: 90 });
    expect(Math.abs(d[0]!.lat! - -27.4698123)).toBeLessThan(1e-5);
    expect(d[1]).toMatchObject({ lat: null, status: "offline" });
    expect(d[2]).toMatchObject({ status: "resting", outdated: true, heading: 0 }); // 356° rounds to north
  });
});
