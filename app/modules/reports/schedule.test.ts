import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  describeRule,
  dueBetween,
  localParts,
  localToInstant,
  nextDue,
  periodFor,
  type ScheduleRule,
} from "./schedule";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const daily = (timeOfDay: string, timeZone: string): ScheduleRule => ({
  frequency: "daily",
  weekdays: [],
  monthDay: null,
  timeOfDay,
  timeZone,
});

describe("nextDue", () => {
  it("daily at 07:00 Brisbane (no daylight saving)", () => {
    const rule = daily("07:00", "Australia/Brisbane");
    expect(iso(nextDue(rule, Date.parse("2026-03-10T00:00:00Z")))).toBe("2026-03-10T21:00:00.000Z");
    // Exactly at the due instant: the next one, strictly after.
    expect(iso(nextDue(rule, Date.parse("2026-03-10T21:00:00Z")))).toBe("2026-03-11T21:00:00.000Z");
  });

  it("weekly on chosen days and monthly on a day (a short month runs on its last day)", () => {
    const weekly: ScheduleRule = {
      frequency: "weekly",
      weekdays: [1, 5],
      monthDay: null,
      timeOfDay: "08:30",
      timeZone: "UTC",
    };
    // 2026-03-11 is a Wednesday: next Friday, then Monday.
    expect(
      dueBetween(
        weekly,
        Date.parse("2026-03-11T00:00:00Z"),
        Date.parse("2026-03-17T00:00:00Z"),
      ).map(iso),
    ).toEqual(["2026-03-13T08:30:00.000Z", "2026-03-16T08:30:00.000Z"]);
    const monthly: ScheduleRule = {
      frequency: "monthly",
      weekdays: [],
      monthDay: 31,
      timeOfDay: "06:00",
      timeZone: "UTC",
    };
    expect(
      dueBetween(
        monthly,
        Date.parse("2026-01-01T00:00:00Z"),
        Date.parse("2026-05-01T00:00:00Z"),
      ).map(iso),
    ).toEqual([
      "2026-01-31T06:00:00.000Z",
      "2026-02-28T06:00:00.000Z",
      "2026-03-31T06:00:00.000Z",
      "2026-04-30T06:00:00.000Z",
    ]);
    expect(nextDue({ ...weekly, weekdays: [] }, 0)).toBeNull();
  });

  it("Sydney spring forward (2026-10-04 02:00 → 03:00): 02:30 runs once, at 03:30 AEDT", () => {
    const rule = daily("02:30", "Australia/Sydney");
    const runs = dueBetween(
      rule,
      Date.parse("2026-10-02T00:00:00Z"),
      Date.parse("2026-10-05T12:00:00Z"),
    );
    expect(runs.map(iso)).toEqual([
      "2026-10-02T16:30:00.000Z", // Sat 3 Oct 02:30 AEST (+10)
      "2026-10-03T16:30:00.000Z", // Sun 4 Oct: 02:30 does not exist; 03:30 AEDT (+11) = 16:30Z
      "2026-10-04T15:30:00.000Z", // Mon 5 Oct 02:30 AEDT (+11)
    ]);
    expect(localParts(runs[1]!, "Australia/Sydney")).toMatchObject({ d: 4, hh: 3, mm: 30 });
  });

  it("Sydney fall back (2026-04-05 03:00 → 02:00): 02:30 happens twice but runs once, the first time", () => {
    const rule = daily("02:30", "Australia/Sydney");
    const runs = dueBetween(
      rule,
      Date.parse("2026-04-03T00:00:00Z"),
      Date.parse("2026-04-06T00:00:00Z"),
    );
    expect(runs.map(iso)).toEqual([
      "2026-04-03T15:30:00.000Z", // Sat 4 Apr 02:30 AEDT
      "2026-04-04T15:30:00.000Z", // Sun 5 Apr first 02:30 (AEDT, +11); the second (AEST) is 16:30Z: not run
      "2026-04-05T16:30:00.000Z", // Mon 6 Apr 02:30 AEST (+10)
    ]);
  });

  it("London: 01:30 on the spring-forward day runs at 02:30 BST; on the fall-back day once at the first 01:30", () => {
    const rule = daily("01:30", "Europe/London");
    expect(
      dueBetween(rule, Date.parse("2026-03-28T12:00:00Z"), Date.parse("2026-03-30T12:00:00Z")).map(
        iso,
      ),
    ).toEqual([
      "2026-03-29T01:30:00.000Z", // 02:30 BST: 01:30 does not exist that day
      "2026-03-30T00:30:00.000Z",
    ]);
    expect(
      dueBetween(rule, Date.parse("2026-10-24T12:00:00Z"), Date.parse("2026-10-26T12:00:00Z")).map(
        iso,
      ),
    ).toEqual([
      "2026-10-25T00:30:00.000Z", // first 01:30 (BST); 01:30 GMT = 01:30Z is not a second run
      "2026-10-26T01:30:00.000Z",
    ]);
  });

  it("property: one run per local day across a year of transitions, never skipped nor doubled", () => {
    const zones = [
      "Australia/Sydney",
      "Europe/London",
      "America/New_York",
      "Australia/Lord_Howe",
      "Asia/Kolkata",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (zone, h, m) => {
          const time = `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
          const from = Date.parse("2026-01-01T00:00:00Z");
          const runs = dueBetween(daily(time, zone), from, from + 365 * 86_400_000, 500);
          const days = runs.map((t) => {
            const p = localParts(t, zone);
            return `${p.y}-${p.m}-${p.d}`;
          });
          expect(new Set(days).size).toBe(days.length);
          expect(runs.length).toBeGreaterThanOrEqual(364);
          expect(runs.length).toBeLessThanOrEqual(366);
          for (let i = 1; i < runs.length; i++)
            expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(22 * 3_600_000);
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("periodFor", () => {
  it("yesterday, last week (Monday to Sunday) and last month, in local days", () => {
    const due = Date.parse("2026-03-11T21:00:00Z"); // Thu 12 Mar 07:00 Brisbane
    const tz = "Australia/Brisbane";
    expect(Object.values(periodFor("yesterday", due, tz)).map(iso)).toEqual([
      "2026-03-10T14:00:00.000Z",
      "2026-03-11T14:00:00.000Z",
    ]);
    expect(Object.values(periodFor("last_week", due, tz)).map(iso)).toEqual([
      "2026-03-01T14:00:00.000Z",
      "2026-03-08T14:00:00.000Z",
    ]);
    expect(Object.values(periodFor("last_month", due, tz)).map(iso)).toEqual([
      "2026-01-31T14:00:00.000Z",
      "2026-02-28T14:00:00.000Z",
    ]);
    // January's last month is the previous year's December.
    expect(
      Object.values(periodFor("last_month", Date.parse("2026-01-05T00:00:00Z"), "UTC")).map(iso),
    ).toEqual(["2025-12-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"]);
  });

  it("a day across a transition is 23 or 25 hours long", () => {
    const tz = "Europe/London";
    const spring = periodFor("yesterday", Date.parse("2026-03-30T06:00:00Z"), tz);
    expect((spring.to - spring.from) / 3_600_000).toBe(23);
    const autumn = periodFor("yesterday", Date.parse("2026-10-26T06:00:00Z"), tz);
    expect((autumn.to - autumn.from) / 3_600_000).toBe(25);
  });
});

it("localToInstant and describeRule", () => {
  expect(iso(localToInstant(2026, 7, 1, 9, 0, "Europe/London"))).toBe("2026-07-01T08:00:00.000Z");
  expect(
    describeRule({
      frequency: "weekly",
      weekdays: [0, 1],
      monthDay: null,
      timeOfDay: "07:00",
      timeZone: "UTC",
    }),
  ).toBe("Every Monday, Sunday at 07:00 (UTC)");
});
