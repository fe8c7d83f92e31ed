import { describe, expect, it } from "vitest";
import { advance, positionAt, speedSeries, timelineBounds, type ReplayTrack } from "./replay";

const track = (id: string, t0: number, speeds: number[]): ReplayTrack => ({
  id,
  imei: id,
  label: id,
  points: speeds.map((s, i) => ({
    t: t0 + i * 10_000,
    lat: -27 + i * 0.001,
    lng: 153 + i * 0.001,
    speed: s,
    heading: 90,
  })),
});

describe("replay", () => {
  it("shares one timeline between vehicles", () => {
    expect(timelineBounds([track("a", 1000, [0, 10, 20]), track("b", 15_000, [5, 5])])).toEqual({
      start: 1000,
      end: 25_000,
    });
    expect(timelineBounds([])).toBeNull();
    expect(timelineBounds([{ id: "x", imei: "x", label: "x", points: [] }])).toBeNull();
  });

  it("interpolates positions and speeds between fixes, none outside the trip", () => {
    const tr = track("a", 0, [0, 20, 40]);
    const mid = positionAt(tr.points, 5000)!;
    expect(mid.speed).toBe(10);
    expect(mid.lat).toBeCloseTo(-26.9995, 9);
    expect(positionAt(tr.points, 20_000)).toMatchObject({ speed: 40 });
    expect(positionAt(tr.points, -1)).toBeNull();
    expect(positionAt(tr.points, 20_001)).toBeNull();
    expect(positionAt([], 0)).toBeNull();
  });

  it("advances at the chosen speed and stops at the end", () => {
    expect(advance(0, 100, 64, 1_000_000)).toEqual({ t: 6400, ended: false });
    expect(advance(0, 100, 1, 50)).toEqual({ t: 50, ended: true });
  });

  it("builds chart rows with a column per vehicle", () => {
    const rows = speedSeries([track("a", 0, [0, 20, 40]), track("b", 10_000, [30, 30, 30])]);
    expect(rows[0]).toEqual({ t: 0, a: 0 });
    expect(rows[1]).toEqual({ t: 10_000, a: 20, b: 30 });
    expect(rows[rows.length - 1]).toMatchObject({ t: 30_000, b: 30 });
    expect(
      speedSeries([track("a", 0, Array(5000).fill(1))], 10_000, 100).length,
    ).toBeLessThanOrEqual(101);
  });
});
