import { RRule } from "~/lib/rrule";
import { describe, expect, it } from "vitest";
import { occurrences, scheduleProblem } from "./schedule";
import { walk } from "./schedule-walk";

const NOW = Date.parse("2026-03-06T10:17:00Z");
const HOUR = 3_600_000;

/** Milliseconds `f` took, and what it gave. */
function timed<T>(f: () => T): [T, number] {
  const t = performance.now();
  const v = f();
  return [v, performance.now() - t];
}

describe("hostile schedules (issue 36)", () => {
  it("refuses a start in the year 1 at once, instead of walking 17 million hours", () => {
    const [problem, ms] = timed(() =>
      scheduleProblem("DTSTART:00010101T000000\nRRULE:FREQ=HOURLY;BYMINUTE=0", "UTC", NOW),
    );
    expect(problem).toMatch(/DTSTART\) must be within a day of now/);
    expect(ms).toBeLessThan(1000); // 64 s on the old code
    // A start within a day of now is the user's to choose.
    expect(scheduleProblem("DTSTART:20260306T133000\nRRULE:FREQ=DAILY", "UTC", NOW)).toBeNull();
  });

  it("refuses, within its budget, rules rrule walks to the year 9999 or forever", () => {
    for (const text of [
      "FREQ=DAILY;BYYEARDAY=366;BYMONTH=1", // no such day: 9 s on the old code
      "FREQ=SECONDLY;BYYEARDAY=366;BYMONTH=1",
      "FREQ=HOURLY;INTERVAL=2;BYHOUR=7", // even hours never reach 7: rrule loops forever
      "FREQ=MINUTELY;INTERVAL=60;BYMINUTE=5",
    ]) {
      const [problem, ms] = timed(() => scheduleProblem(text, "UTC", NOW));
      expect(problem, text).toMatch(/too long to work out|never fires/);
      expect(ms, text).toBeLessThan(2500); // budget 250 ms; 9 s to forever on the old code
    }
  });

  it("refuses a burst after a first gap that looks harmless", () => {
    expect(scheduleProblem("FREQ=HOURLY;BYMINUTE=0,10,11", "UTC", NOW)).toMatch(
      /more often than every 5 minutes/,
    );
    expect(scheduleProblem("FREQ=HOURLY;BYMINUTE=0,30", "UTC", NOW)).toBeNull();
  });

  it("runs a stored hostile rule within a small budget, with the right dates", () => {
    const [hourly, ms] = timed(() =>
      occurrences(
        "DTSTART:00010101T000000\nRRULE:FREQ=HOURLY;BYMINUTE=0",
        "Australia/Brisbane",
        NOW,
        NOW + 2 * HOUR,
      ),
    );
    expect(hourly.map((t) => new Date(t).toISOString())).toEqual([
      "2026-03-06T11:00:00.000Z",
      "2026-03-06T12:00:00.000Z",
    ]);
    expect(ms).toBeLessThan(1000); // the runner's budget is 50 ms
    for (const text of [
      "DTSTART:20260101T000000\nRRULE:FREQ=DAILY;BYYEARDAY=366;BYMONTH=1",
      "DTSTART:20260306T000000\nRRULE:FREQ=HOURLY;INTERVAL=2;BYHOUR=7",
      "DTSTART:00010101T000000\nRRULE:FREQ=SECONDLY;COUNT=999999999",
    ]) {
      const [dates, took] = timed(() => occurrences(text, "UTC", NOW, NOW + 60_000));
      expect(dates, text).toEqual([]);
      expect(took, text).toBeLessThan(1000);
    }
  });

  it("moving the start forward keeps every date of the window", () => {
    const from = new Date("2026-03-06T10:17:00Z");
    const to = new Date("2026-09-30T00:00:00Z");
    for (const text of [
      "DTSTART:20190314T071500\nRRULE:FREQ=DAILY;INTERVAL=3",
      "DTSTART:20190314T071500\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR",
      "DTSTART:20190317T060000\nRRULE:FREQ=WEEKLY;INTERVAL=3;WKST=SU;BYDAY=SU,SA",
      "DTSTART:20190131T080000\nRRULE:FREQ=MONTHLY;INTERVAL=5",
      "DTSTART:20190131T080000\nRRULE:FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1",
      "DTSTART:20170614T080000\nRRULE:FREQ=YEARLY;INTERVAL=3;BYMONTH=6,9;BYMONTHDAY=14",
      "DTSTART:20190314T071500\nRRULE:FREQ=HOURLY;INTERVAL=5;BYMINUTE=30",
      "DTSTART:20250314T071500\nRRULE:FREQ=MINUTELY;INTERVAL=7",
      "DTSTART:20190314T071500\nRRULE:FREQ=DAILY;BYHOUR=6,18;UNTIL=20260601T000000",
    ]) {
      const rule = RRule.fromString(text);
      const all = rule.between(from, to, true).map((d) => d.toISOString());
      const got = walk(rule, from, to, { maxDates: 1e6, maxSteps: 1e7, budgetMs: 5000 });
      expect(got.cut, text).toBe(false);
      expect(
        got.dates.map((d) => d.toISOString()),
        text,
      ).toEqual(all);
      expect(all.length, text).toBeGreaterThan(0);
    }
  });
});
