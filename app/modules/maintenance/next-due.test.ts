import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addMonths,
  DAY_MS,
  dueStatus,
  forecast,
  nextDue,
  percentile,
  schedulePlan,
  type Interval,
  type Reading,
} from "./next-due";

const T0 = Date.UTC(2026, 0, 15, 8);
const iv = (o: Partial<Interval>): Interval => ({
  km: null,
  hours: null,
  days: null,
  months: null,
  soonKm: null,
  soonHours: null,
  soonDays: null,
  rule: "first",
  ...o,
});
const at = (days: number, km: number, hours = 0): Reading => ({
  at: T0 + days * DAY_MS,
  km,
  hours,
});
const flat = (km: number, hours = 0) => ({
  km: Array(30).fill(km) as number[],
  hours: Array(30).fill(hours) as number[],
});

describe("nextDue", () => {
  it("adds each interval to the last service's reading", () => {
    const d = nextDue(iv({ km: 5000, hours: 250, days: 10, months: 6 }), at(0, 22450, 1200.5));
    expect(d).toEqual({ km: 27450, hours: 1450.5, at: addMonths(T0, 6) + 10 * DAY_MS });
    expect(nextDue(iv({ km: 5000 }), at(0, 100))).toEqual({ km: 5100, hours: null, at: null });
  });

  it("counts calendar months and clamps to the end of a short month", () => {
    expect(new Date(addMonths(Date.UTC(2026, 0, 31), 1)).toISOString()).toBe(
      "2026-02-28T00:00:00.000Z",
    );
    expect(new Date(addMonths(Date.UTC(2026, 10, 15), 3)).toISOString()).toBe(
      "2027-02-15T00:00:00.000Z",
    );
  });

  it("a back-dated completion resets next due from that reading, not from today", () => {
    const i = iv({ km: 5000, days: 90 });
    const doneTenDaysAgo = at(-10, 21000);
    const d = nextDue(i, doneTenDaysAgo);
    expect(d.km).toBe(26000);
    expect(d.at).toBe(T0 + 80 * DAY_MS);
  });
});

describe("dueStatus", () => {
  const i = iv({ km: 5000, soonKm: 500, days: 100, soonDays: 10 });
  const due = nextDue(i, at(0, 10000));
  it("distance: ok, due soon inside the threshold, overdue at the due meter", () => {
    expect(dueStatus(i, due, at(1, 14000))).toBe("ok");
    expect(dueStatus(i, due, at(1, 14600))).toBe("due_soon");
    expect(dueStatus(i, due, at(1, 15000))).toBe("overdue");
  });
  it("time: due soon within soonDays, overdue after the date", () => {
    expect(dueStatus(i, due, at(91, 10000))).toBe("due_soon");
    expect(dueStatus(i, due, at(100, 10000))).toBe("overdue");
  });
  it("hours on their own", () => {
    const h = iv({ hours: 250, soonHours: 25 });
    const d = nextDue(h, at(0, 0, 1000));
    expect(dueStatus(h, d, at(0, 0, 1200))).toBe("ok");
    expect(dueStatus(h, d, at(0, 0, 1230))).toBe("due_soon");
    expect(dueStatus(h, d, at(0, 0, 1250))).toBe("overdue");
  });
  it("whichever comes first is the worst dimension; whichever comes last the best", () => {
    const now = at(101, 12000);
    expect(dueStatus(i, due, now)).toBe("overdue");
    expect(dueStatus({ ...i, rule: "last" }, due, now)).toBe("ok");
    expect(dueStatus({ ...i, rule: "last" }, due, at(101, 14700))).toBe("due_soon");
    expect(dueStatus({ ...i, rule: "last" }, due, at(101, 15001))).toBe("overdue");
  });
});

describe("forecast", () => {
  it("every 5,000 km, last at 22,450 km, now 22,450 km, 185 km/day: 27,450 km in 27.03 days", () => {
    const i = iv({ km: 5000 });
    const plan = schedulePlan(i, at(0, 22450), at(0, 22450), flat(185));
    expect(plan.due.km).toBe(27450);
    expect(plan.forecast.days!.toFixed(2)).toBe("27.03");
    expect(plan.forecast.at).toBe(T0 + (5000 / 185) * DAY_MS);
    expect(plan.forecast.earliest).toBe(plan.forecast.at);
    expect(plan.forecast.latest).toBe(plan.forecast.at);
  });

  it("gives a P90–P10 range from the spread of daily use", () => {
    const i = iv({ km: 5000 });
    const use = { km: Array.from({ length: 30 }, (_, d) => (d < 15 ? 100 : 300)), hours: [] };
    const f = forecast(i, nextDue(i, at(0, 0)), at(0, 0), use);
    expect(f.days).toBeCloseTo(25, 5);
    expect(f.earliest!).toBeLessThan(f.at!);
    expect(f.latest!).toBeGreaterThan(f.at!);
    expect((f.earliest! - T0) / DAY_MS).toBeCloseTo(5000 / 300, 5);
    expect((f.latest! - T0) / DAY_MS).toBeCloseTo(50, 5);
  });

  it("first takes the earliest dimension, last the latest; no use means no date", () => {
    const i = iv({ km: 5000, days: 10 });
    const due = nextDue(i, at(0, 0));
    expect(forecast(i, due, at(0, 0), flat(100)).days).toBe(10);
    expect(forecast({ ...i, rule: "last" }, due, at(0, 0), flat(100)).days).toBe(50);
    expect(forecast(iv({ km: 5000 }), { ...due, at: null }, at(0, 0), flat(0))).toMatchObject({
      days: null,
      at: null,
    });
    expect(forecast(i, due, at(20, 6000), flat(100)).days).toBe(0);
  });

  it("percentile interpolates", () => {
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(percentile([0, 10], 90)).toBe(9);
  });
});

describe("properties", () => {
  const interval = fc.record({
    km: fc.option(fc.integer({ min: 1, max: 50_000 })),
    hours: fc.option(fc.integer({ min: 1, max: 2000 })),
    days: fc.option(fc.integer({ min: 1, max: 730 })),
    months: fc.option(fc.integer({ min: 1, max: 36 })),
    soonKm: fc.constant(null),
    soonHours: fc.constant(null),
    soonDays: fc.constant(null),
    rule: fc.constantFrom("first" as const, "last" as const),
  });
  const reading = fc.record({
    at: fc.integer({ min: T0 - 400 * DAY_MS, max: T0 }),
    km: fc.integer({ min: 0, max: 500_000 }),
    hours: fc.integer({ min: 0, max: 20_000 }),
  });
  const step = fc.record({
    days: fc.integer({ min: 0, max: 400 }),
    km: fc.integer({ min: 0, max: 40_000 }),
    hours: fc.integer({ min: 0, max: 2000 }),
  });

  it("completing a task (a later or equal reading) never moves next due earlier", () => {
    fc.assert(
      fc.property(interval, reading, step, (i, last, s) => {
        const before = nextDue(i, last);
        const after = nextDue(i, {
          at: last.at + s.days * DAY_MS,
          km: last.km + s.km,
          hours: last.hours + s.hours,
        });
        for (const k of ["at", "km", "hours"] as const)
          if (before[k] !== null) expect(after[k]!).toBeGreaterThanOrEqual(before[k]!);
        const now = { at: T0 + 500 * DAY_MS, km: 600_000, hours: 25_000 };
        const use = flat(150, 5);
        const f0 = forecast(i, before, now, use).at;
        const f1 = forecast(i, after, now, use).at;
        if (f0 !== null && f1 !== null) expect(f1).toBeGreaterThanOrEqual(f0);
      }),
    );
  });
});
