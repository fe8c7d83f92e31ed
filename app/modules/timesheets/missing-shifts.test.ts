import { describe, expect, it } from "vitest";
import { matchShifts } from "./missing-shifts";
import type { Shift } from "./roster";

const H = 3_600_000;
const M = 60_000;
const day0 = Date.parse("2026-03-02T21:00:00Z"); // 07:00 in Brisbane on the 3rd
const shift = (username_id: number, start = day0): Shift => ({
  username_id,
  roster_id: 1,
  roster: "Workshop",
  day: "2026-03-03",
  start,
  end: start + 8.5 * H,
  break_minutes: 30,
  jobsite_id: null,
});

describe("missing shifts", () => {
  const shifts = [shift(1), shift(2), shift(3), shift(4)];
  const clock = [
    { username_id: 1, start: day0 + 14 * M, entry_id: 1 }, // inside the grace period
    { username_id: 2, start: day0 + 40 * M, entry_id: 2 }, // late
    { username_id: 3, start: day0 - 50 * M, entry_id: 3 }, // early is fine
    { username_id: 5, start: day0, entry_id: 4 }, // no roster
  ];

  it("a shift with no clock-on within the grace is missing; a late one says when", () => {
    const r = matchShifts(shifts, clock, { now: day0 + 10 * H });
    expect(r.missing.map((m) => [m.username_id, m.late_clock_on])).toEqual([
      [2, day0 + 40 * M],
      [4, null],
    ]);
    expect(r.onTime).toBe(2);
  });

  it("the grace period is configurable", () => {
    const r = matchShifts(shifts, clock, { now: day0 + 10 * H, graceMinutes: 45 });
    expect(r.missing.map((m) => m.username_id)).toEqual([4]);
    const strict = matchShifts(shifts, clock, { now: day0 + 10 * H, graceMinutes: 5 });
    expect(strict.missing.map((m) => m.username_id)).toEqual([1, 2, 4]);
  });

  it("clock-ons in no rostered shift are listed; a late one is not", () => {
    const r = matchShifts(shifts, clock, { now: day0 + 10 * H });
    expect(r.unrostered.map((c) => c.entry_id)).toEqual([4]);
  });

  it("shifts still within their grace are not judged; approved leave is not missing", () => {
    expect(matchShifts(shifts, [], { now: day0 + 10 * M }).missing).toEqual([]);
    const r = matchShifts(shifts, [], {
      now: day0 + H,
      onLeave: new Set(["4|2026-03-03", "2|2026-03-04"]),
    });
    expect(r.missing.map((m) => m.username_id)).toEqual([1, 2, 3]);
  });
});
