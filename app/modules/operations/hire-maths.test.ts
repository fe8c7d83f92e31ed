import { describe, expect, it } from "vitest";
import {
  chargeSoFar,
  daysInclusive,
  hireDays,
  hireState,
  utilisation,
  workingDays,
  type Terms,
} from "./hire-maths";

// 2026-03-02 is a Monday.
const terms: Terms = {
  on_hire: "2026-03-02",
  off_hire: "2026-03-15",
  rate: 400,
  rate_unit: "day",
  minimum_charge: 0,
};
const usage = { engine_hours: 30, ignition_hours: 40, idle_hours: 10, days_on_site: 5 };

describe("hire days", () => {
  it("counts both ends, weekdays only for working days", () => {
    expect(daysInclusive("2026-03-02", "2026-03-02")).toBe(1);
    expect(daysInclusive("2026-03-02", "2026-03-01")).toBe(0);
    expect(workingDays("2026-03-02", "2026-03-08")).toBe(5);
    expect(workingDays("2026-03-07", "2026-03-08")).toBe(0);
    // Across the end of February and a month boundary.
    expect(daysInclusive("2026-02-27", "2026-03-02")).toBe(4);
  });
  it("so far stops at the off-hire date", () => {
    expect(hireDays(terms, "2026-03-06")).toEqual({ so_far: 5, total: 14 });
    expect(hireDays(terms, "2026-04-01")).toEqual({ so_far: 14, total: 14 });
    expect(hireDays(terms, "2026-03-01").so_far).toBe(0);
  });
});

describe("utilisation", () => {
  it("engine hours over working hours available, days on site over days hired, idle over ignition", () => {
    const u = utilisation(terms, usage, "2026-03-08");
    expect(u.hours_available).toBe(40);
    expect(u.hours_ratio).toBe(0.75);
    expect(u.hours_source).toBe("engine");
    expect(u.days_ratio).toBeCloseTo(5 / 7);
    expect(u.idle_ratio).toBe(0.25);
  });
  it("falls back to ignition time without an hour meter; nothing available before on-hire", () => {
    const u = utilisation(terms, { ...usage, engine_hours: null }, "2026-03-06");
    expect(u.hours_used).toBe(40);
    expect(u.hours_source).toBe("ignition");
    expect(u.hours_ratio).toBe(1);
    expect(utilisation(terms, usage, "2026-03-01").hours_ratio).toBeNull();
  });
});

describe("charge so far", () => {
  it("by the day, the pro-rata week and the hour, never below the minimum", () => {
    expect(chargeSoFar(terms, usage, "2026-03-06")).toBe(2000);
    expect(chargeSoFar({ ...terms, rate_unit: "week", rate: 1400 }, usage, "2026-03-08")).toBe(
      1400,
    );
    expect(chargeSoFar({ ...terms, rate_unit: "hour", rate: 90 }, usage, "2026-03-08")).toBe(2700);
    expect(chargeSoFar({ ...terms, minimum_charge: 5000 }, usage, "2026-03-03")).toBe(5000);
    expect(chargeSoFar(terms, usage, "2026-03-01")).toBe(0);
  });
});

describe("overstay", () => {
  it("warns in the last two days while the machine works, then is overdue", () => {
    expect(hireState(terms, "2026-03-01", true)).toBe("upcoming");
    expect(hireState(terms, "2026-03-12", true)).toBe("on-hire");
    expect(hireState(terms, "2026-03-13", true)).toBe("ending-soon");
    expect(hireState(terms, "2026-03-15", true)).toBe("ending-soon");
    expect(hireState(terms, "2026-03-15", false)).toBe("on-hire");
    expect(hireState(terms, "2026-03-16", true)).toBe("overdue");
    expect(hireState(terms, "2026-03-16", false)).toBe("ended");
  });
});
