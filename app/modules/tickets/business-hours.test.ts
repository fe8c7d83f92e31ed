import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utcToZonedLocal, zonedLocalToUtc } from "~/lib/zoned-days";
import {
  addBusinessMinutes,
  businessMinutesBetween,
  OFFICE_HOURS,
  slaMinutesUsed,
  slaState,
  type BusinessCalendar,
} from "./business-hours";

const BNE: BusinessCalendar = { timeZone: "Australia/Brisbane", week: OFFICE_HOURS };
const at = (local: string, cal = BNE) => zonedLocalToUtc(local, cal.timeZone);
const local = (ms: number, cal = BNE) => utcToZonedLocal(ms, cal.timeZone);

describe("business hours", () => {
  it("counts only working minutes (Monday 16:00 to Tuesday 10:00 is 3 h)", () => {
    expect(businessMinutesBetween(at("2026-11-23T16:00"), at("2026-11-24T10:00"), BNE)).toBe(180);
    // A weekend counts nothing.
    expect(businessMinutesBetween(at("2026-11-28T09:00"), at("2026-11-29T18:00"), BNE)).toBe(0);
    expect(businessMinutesBetween(at("2026-11-24T10:00"), at("2026-11-23T16:00"), BNE)).toBe(0);
  });

  it("finds the due time over a weekend and a public holiday", () => {
    expect(local(addBusinessMinutes(at("2026-11-27T16:00"), 120, BNE))).toBe("2026-11-30T09:00");
    const xmas = { ...BNE, holidays: ["2026-12-25"] };
    expect(local(addBusinessMinutes(at("2026-12-24T16:00"), 120, xmas))).toBe("2026-12-28T09:00");
    // Before opening: the clock starts at 08:00.
    expect(local(addBusinessMinutes(at("2026-11-24T06:30"), 30, BNE))).toBe("2026-11-24T08:30");
  });

  it("keeps wall-clock hours across a daylight-saving change", () => {
    const berlin: BusinessCalendar = { timeZone: "Europe/Berlin", week: OFFICE_HOURS };
    const due = addBusinessMinutes(at("2026-03-27T16:00", berlin), 120, berlin);
    expect(local(due, berlin)).toBe("2026-03-30T09:00");
    expect(businessMinutesBetween(at("2026-03-27T16:00", berlin), due, berlin)).toBe(120);
  });

  it("refuses a week without working hours", () => {
    expect(() => addBusinessMinutes(0, 10, { timeZone: "UTC", week: {} })).toThrow(
      "The working week has no working hours",
    );
  });

  it("pauses the SLA clock while a ticket waits (overlapping pauses count once)", () => {
    const start = at("2026-11-23T08:00");
    const now = at("2026-11-23T17:00");
    const pauses = [
      { from: at("2026-11-23T10:00"), to: at("2026-11-23T12:00") },
      { from: at("2026-11-23T11:00"), to: at("2026-11-23T13:00") },
      { from: at("2026-11-23T16:00"), to: null },
    ];
    expect(slaMinutesUsed(start, now, pauses, BNE)).toBe(9 * 60 - 3 * 60 - 60);
  });

  it("names the SLA state", () => {
    expect(slaState(10, 60, false)).toBe("on_time");
    expect(slaState(45, 60, false)).toBe("at_risk");
    expect(slaState(61, 60, false)).toBe("breached");
    expect(slaState(61, 60, true)).toBe("breached");
    expect(slaState(30, 60, true)).toBe("met");
  });

  it("property: the due time is exactly the allowance in working minutes, and later for more", () => {
    const base = at("2026-01-05T00:00");
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * 24 * 60 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 500 }),
        (offsetMin, minutes, more) => {
          const start = base + offsetMin * 60_000;
          const due = addBusinessMinutes(start, minutes, BNE);
          expect(businessMinutesBetween(start, due, BNE)).toBeCloseTo(minutes, 6);
          expect(addBusinessMinutes(start, minutes + more, BNE)).toBeGreaterThanOrEqual(due);
        },
      ),
      { numRuns: 200 },
    );
  });
});
