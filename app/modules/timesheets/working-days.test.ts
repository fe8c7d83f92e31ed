import { describe, expect, it } from "vitest";
import { holidayDays, publicHolidays } from "./holidays.server";
import { workingDays } from "./working-days";

describe("working days of a leave request", () => {
  it("counts Monday to Friday only", () => {
    // Monday 2026-03-02 to Sunday 2026-03-15: two working weeks.
    expect(workingDays("2026-03-02", "2026-03-15", new Set())).toBe(10);
    expect(workingDays("2026-03-07", "2026-03-08", new Set())).toBe(0);
    expect(workingDays("2026-03-04", "2026-03-04", new Set())).toBe(1);
  });

  it("leaves out the company's public holidays (Queensland, Easter 2026)", () => {
    const qld = holidayDays("AU", "QLD", "2026-03-30", "2026-04-10");
    // Good Friday 3 Apr, Easter Saturday, Sunday and Monday 6 Apr.
    expect([...qld].sort()).toEqual(["2026-04-03", "2026-04-04", "2026-04-05", "2026-04-06"]);
    expect(workingDays("2026-03-30", "2026-04-10", qld)).toBe(8);
    expect(workingDays("2026-03-30", "2026-04-10", new Set())).toBe(10);
  });

  it("counts across a year end with both years' holidays", () => {
    const days = holidayDays("AU", "QLD", "2026-12-21", "2027-01-08");
    expect(days.has("2026-12-25")).toBe(true);
    expect(days.has("2027-01-01")).toBe(true);
    // 15 weekdays, less Christmas, the Boxing Day substitute (Mon 28 Dec) and New Year's Day.
    expect(workingDays("2026-12-21", "2027-01-08", days)).toBe(12);
  });

  it("a part-day holiday (Christmas Eve from 6 pm in Queensland) is shown but is not a day off", () => {
    const eve = publicHolidays("AU", "QLD", 2026).find((h) => h.day === "2026-12-24")!;
    expect(eve.wholeDay).toBe(false);
    expect(holidayDays("AU", "QLD", "2026-12-24", "2026-12-24").size).toBe(0);
  });

  it("an end before the start is no days (the form refuses it with a message)", () => {
    expect(workingDays("2026-03-10", "2026-03-09", new Set())).toBe(0);
  });

  it("other countries: California's list has the observed Independence Day and Thanksgiving", () => {
    const ca = publicHolidays("US", "CA", 2026).map((h) => h.day);
    expect(ca).toContain("2026-07-03"); // Independence Day observed (4 July is a Saturday)
    expect(ca).toContain("2026-11-26"); // Thanksgiving
  });
});
