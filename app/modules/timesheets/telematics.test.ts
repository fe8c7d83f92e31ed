import { describe, expect, it } from "vitest";
import {
  AROUND_MS,
  checkText,
  judge,
  onSiteMinutes,
  vehicleActiveMinutes,
  type TrackPoint,
} from "./telematics";

const H = 3_600_000;
const M = 60_000;
const t0 = Date.UTC(2026, 10, 24, 7); // a shift from 07:00 to 15:00

describe("telematics check", () => {
  it("vehicle active: first trip start to last trip end around the shift, far trips ignored", () => {
    const trips = [
      { start: t0 - 30 * M, end: t0 + H }, // starts before the shift
      { start: t0 + 4 * H, end: t0 + 5 * H },
      { start: t0 + 8 * H + 10 * M, end: t0 + 8 * H + 42 * M }, // after clocking off
      { start: t0 + 8 * H + AROUND_MS + M, end: t0 + 12 * H }, // the evening: not this shift
    ];
    expect(vehicleActiveMinutes(trips, t0, t0 + 8 * H)).toBe(30 + 8 * 60 + 42);
    expect(vehicleActiveMinutes([], t0, t0 + 8 * H)).toBe(0);
  });

  it("on site: each inside point counts until the next, at most the gap, only within the entry", () => {
    const inside = (lat: number) => lat > 0;
    const pts: TrackPoint[] = [
      { time: t0 - 10 * M, lat: 1, lng: 0 }, // before the entry
      { time: t0, lat: 1, lng: 0 }, // 2 min to the next
      { time: t0 + 2 * M, lat: -1, lng: 0 }, // outside
      { time: t0 + 3 * M, lat: 1, lng: 0 }, // 30 min to the next, capped at 5
      { time: t0 + 33 * M, lat: 1, lng: 0 }, // the last: until the end (40 min), capped at 5
    ];
    expect(onSiteMinutes(pts, (lat) => inside(lat), t0, t0 + 73 * M)).toBe(2 + 5 + 5);
    expect(onSiteMinutes(pts, (lat) => inside(lat), t0, t0 + 73 * M, 60 * M)).toBe(2 + 30 + 40);
  });

  it("flags a difference beyond the margin and reads as the issue's example", () => {
    const c = judge(480, 552, 366, 0.5);
    expect(checkText(c)).toBe("clocked 8.0 h · vehicle active 9.2 h · on site 6.1 h");
    expect(c.flags).toEqual([
      "Vehicle active longer than clocked",
      "Time on site differs from clocked",
    ]);
    expect(judge(480, 500, 470, 0.5).flags).toEqual([]);
    expect(judge(480, 420, null, 0.5).flags).toEqual([
      "Clocked longer than the vehicle was active",
    ]);
    expect(checkText(judge(480, null, null, 0.5))).toBe(
      "clocked 8.0 h · no vehicle · no jobsite check",
    );
  });
});
