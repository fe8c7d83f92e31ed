import { describe, expect, it } from "vitest";
import { occurrences, scheduleProblem, withStart } from "./schedule";

const NOW = Date.parse("2026-03-06T10:00:00Z");

describe("schedules", () => {
  it("refuses a schedule that never fires, too often, or is not one", () => {
    expect(scheduleProblem("FREQ=DAILY;BYHOUR=7;BYMINUTE=0", "UTC", NOW)).toBeNull();
    expect(scheduleProblem("FREQ=DAILY;UNTIL=20200101T000000Z", "UTC", NOW)).toBe(
      "This schedule never fires: it has no time in the next two years",
    );
    expect(scheduleProblem("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "UTC", NOW)).toMatch(
      /never fires/,
    );
    expect(scheduleProblem("FREQ=MINUTELY", "UTC", NOW)).toMatch(/every 5 minutes/);
    expect(scheduleProblem("every day", "UTC", NOW)).toMatch(/^Not a schedule/);
  });
  it("reads times on the company's wall clock", () => {
    const day = 86_400_000;
    expect(withStart("FREQ=DAILY", "Australia/Sydney", NOW)).toBe(
      "DTSTART:20260306T000000\nRRULE:FREQ=DAILY",
    );
    const inSydney = occurrences(
      withStart("FREQ=DAILY;BYHOUR=7;BYMINUTE=0;BYSECOND=0", "Australia/Sydney", NOW),
      "Australia/Sydney",
      NOW,
      NOW + day,
    );
    expect(inSydney.map((t) => new Date(t).toISOString())).toEqual(["2026-03-06T20:00:00.000Z"]);
    const utc = occurrences(
      withStart("FREQ=DAILY;BYHOUR=7;BYMINUTE=0;BYSECOND=0", "UTC", NOW),
      "UTC",
      NOW,
      NOW + day,
    );
    expect(utc.map((t) => new Date(t).toISOString())).toEqual(["2026-03-07T07:00:00.000Z"]);
  });
});
