import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zonedLocalToUtc } from "~/lib/zoned-days";
import {
  classifyHours,
  OVERTIME_PRESETS,
  weekStartOf,
  workedMinutes,
  type HoursLine,
  type OvertimeRuleSet,
  type WorkEntry,
} from "./overtime";
import { linePay, sumMoney } from "./pay";

const LA = "America/Los_Angeles";
/** A shift from a local wall-clock start, `hours` long. */
const shift = (local: string, hours: number, tz = LA, breakMinutes = 0): WorkEntry => {
  const start = zonedLocalToUtc(local, tz);
  return { start, end: start + hours * 3_600_000, breakMinutes };
};
/** Hours by category and multiplier (lines of different rules at one multiplier added up). */
const hoursBy = (lines: HoursLine[]) => {
  const out: Record<string, number> = {};
  for (const l of lines) {
    const k = `${l.category} ${l.multiplier}×`;
    out[k] = (out[k] ?? 0) + l.minutes / 60;
  }
  return out;
};
const pay = (lines: HoursLine[], rate: string) => sumMoney(lines.map((l) => linePay(l, rate)));

describe("US federal", () => {
  it("a 45-hour week at $20/h: 40 ordinary + 5 overtime hours = $950.00", () => {
    // Monday to Friday, 9 h a day (2026-03-02 is a Monday; the workweek starts on Sunday).
    const week = [2, 3, 4, 5, 6].map((d) => shift(`2026-03-0${d}T07:00`, 9));
    const lines = classifyHours(week, OVERTIME_PRESETS.us_federal, { timeZone: LA });
    expect(hoursBy(lines)).toEqual({ "ordinary 1×": 40, "overtime 1.5×": 5 });
    expect(lines.find((l) => l.category === "overtime")!.rule).toBe("Weekly: over 40 h at 1.5×");
    expect(pay(lines, "20")).toBe("950.00");
  });

  it("days over 8 hours are not overtime on their own", () => {
    const lines = classifyHours([shift("2026-03-02T06:00", 14)], OVERTIME_PRESETS.us_federal, {
      timeZone: LA,
    });
    expect(hoursBy(lines)).toEqual({ "ordinary 1×": 14 });
  });
});

describe("California", () => {
  const CA = OVERTIME_PRESETS.california;
  it("a 14-hour day: 8 ordinary, 4 at 1.5×, 2 at 2×", () => {
    const lines = classifyHours([shift("2026-03-02T05:00", 14)], CA, { timeZone: LA });
    expect(hoursBy(lines)).toEqual({ "ordinary 1×": 8, "overtime 1.5×": 4, "overtime 2×": 2 });
    expect(lines.map((l) => l.rule)).toEqual([
      "Ordinary time",
      "Daily: over 8 h at 1.5×",
      "Daily: over 12 h at 2×",
    ]);
  });

  it("weekly overtime counts straight time only: five 10-hour days are 40 ordinary + 10 daily overtime, none weekly", () => {
    const week = [2, 3, 4, 5, 6].map((d) => shift(`2026-03-0${d}T06:00`, 10));
    expect(hoursBy(classifyHours(week, CA, { timeZone: LA }))).toEqual({
      "ordinary 1×": 40,
      "overtime 1.5×": 10,
    });
  });

  it("six 8-hour days then a 10-hour seventh day: weekly overtime on day six, the seventh day 8 h at 1.5× and 2 h at 2×", () => {
    // Sunday 2026-03-01 to Saturday 2026-03-07: a whole workweek worked.
    const week = [1, 2, 3, 4, 5, 6].map((d) => shift(`2026-03-0${d}T08:00`, 8));
    week.push(shift("2026-03-07T08:00", 10));
    const lines = classifyHours(week, CA, { timeZone: LA });
    expect(hoursBy(lines)).toEqual({ "ordinary 1×": 40, "overtime 1.5×": 16, "overtime 2×": 2 });
    const rules = lines.map((l) => `${l.rule}: ${l.minutes / 60}`);
    expect(rules).toContain("Weekly: over 40 h at 1.5×: 8");
    expect(rules).toContain("Seventh consecutive day: first hours at 1.5×: 8");
    expect(rules).toContain("Seventh consecutive day: over 8 h at 2×: 2");
  });

  it("a seventh day is only the seventh consecutive one: a day off in the week makes Saturday an ordinary day", () => {
    const week = [1, 2, 3, 4, 6].map((d) => shift(`2026-03-0${d}T08:00`, 8));
    week.push(shift("2026-03-07T08:00", 8));
    expect(hoursBy(classifyHours(week, CA, { timeZone: LA }))).toEqual({
      "ordinary 1×": 40,
      "overtime 1.5×": 8,
    });
  });
});

describe("week boundaries in the company's time zone", () => {
  it("the week of a daylight-saving change starts at local midnight: a Saturday-night shift stays in its week", () => {
    // US clocks went forward on Sunday 2026-03-08 at 02:00 local. Saturday 22:00 (PST) is
    // Sunday 06:00 UTC: in UTC it would fall into the next week.
    expect(weekStartOf("2026-03-07", 0)).toBe("2026-03-01");
    const lines = classifyHours(
      [
        ...[2, 3, 4, 5].map((d) => shift(`2026-03-0${d}T08:00`, 9)),
        shift("2026-03-07T22:00", 6),
        shift("2026-03-08T08:00", 9), // the next week, on the day of the change
      ],
      OVERTIME_PRESETS.us_federal,
      { timeZone: LA },
    );
    // Week 1: 36 + 6 = 42 h → 2 h overtime; week 2: 9 h ordinary.
    expect(hoursBy(lines)).toEqual({ "ordinary 1×": 49, "overtime 1.5×": 2 });
  });

  it("a shift across the spring-forward hour is its real length: 22:00 to 07:00 is 8 hours", () => {
    const start = zonedLocalToUtc("2026-03-07T22:00", LA);
    const end = zonedLocalToUtc("2026-03-08T07:00", LA);
    expect(workedMinutes({ start, end })).toBe(8 * 60);
  });

  it("Brisbane (no daylight saving) with Monday weeks: Sunday and Monday are different weeks", () => {
    const monday: OvertimeRuleSet = { ...OVERTIME_PRESETS.us_federal, weekStartsOn: 1 };
    const tz = "Australia/Brisbane";
    const lines = classifyHours(
      [shift("2026-03-01T08:00", 30, tz), shift("2026-03-02T08:00", 30, tz)],
      monday,
      { timeZone: tz },
    );
    expect(hoursBy(lines)).toEqual({ "ordinary 1×": 60 });
  });
});

describe("public holidays", () => {
  it("every minute of a holiday is holiday time and does not count towards the week", () => {
    const rules: OvertimeRuleSet = { ...OVERTIME_PRESETS.us_federal, publicHolidayMultiplier: 2.5 };
    const week = [2, 3, 4, 5, 6].map((d) => shift(`2026-03-0${d}T07:00`, 9));
    const lines = classifyHours(week, rules, { timeZone: LA, holidays: new Set(["2026-03-02"]) });
    expect(hoursBy(lines)).toEqual({ "ordinary 1×": 36, "public_holiday 2.5×": 9 });
    expect(pay(lines, "20")).toBe(`${36 * 20 + 9 * 50}.00`);
  });
});

describe("breaks", () => {
  it("unpaid breaks are taken off the day before tiers apply", () => {
    const lines = classifyHours(
      [shift("2026-03-02T06:00", 9, LA, 30)],
      OVERTIME_PRESETS.california,
      { timeZone: LA },
    );
    expect(hoursBy(lines)).toEqual({ "ordinary 1×": 8, "overtime 1.5×": 0.5 });
  });
});

// ------------------------------------------------------------------ properties

const RULES = [OVERTIME_PRESETS.us_federal, OVERTIME_PRESETS.california, OVERTIME_PRESETS.none];
const entriesArb = fc.array(
  fc.record({
    day: fc.integer({ min: 0, max: 27 }),
    startMinute: fc.integer({ min: 0, max: 23 * 60 }),
    minutes: fc.integer({ min: 0, max: 16 * 60 }),
    breakMinutes: fc.integer({ min: 0, max: 60 }),
  }),
  { maxLength: 30 },
);
const toEntries = (
  xs: { day: number; startMinute: number; minutes: number; breakMinutes: number }[],
) =>
  xs.map((x) => {
    const start = zonedLocalToUtc("2026-03-01T00:00", LA) + (x.day * 1440 + x.startMinute) * 60_000;
    return { start, end: start + x.minutes * 60_000, breakMinutes: x.breakMinutes };
  });

describe("properties", () => {
  it("every worked minute is counted exactly once: the lines add up to the time worked", () => {
    fc.assert(
      fc.property(entriesArb, fc.constantFrom(...RULES), fc.boolean(), (xs, rules, holiday) => {
        const entries = toEntries(xs);
        const lines = classifyHours(
          entries,
          { ...rules, publicHolidayMultiplier: holiday ? 2 : null },
          { timeZone: LA, holidays: new Set(["2026-03-10"]) },
        );
        const counted = lines.reduce((s, l) => s + l.minutes, 0);
        expect(counted).toBe(entries.reduce((s, e) => s + workedMinutes(e), 0));
        expect(lines.every((l) => l.minutes > 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("pay never decreases when hours increase: a longer shift or another shift never pays less", () => {
    fc.assert(
      fc.property(
        entriesArb,
        fc.constantFrom(...RULES),
        fc.integer({ min: 0, max: 29 }),
        fc.integer({ min: 1, max: 600 }),
        fc.constantFrom("15", "20", "27.35", "80"),
        (xs, rules, which, more, rate) => {
          const entries = toEntries(xs);
          const before = Number(pay(classifyHours(entries, rules, { timeZone: LA }), rate));
          const longer =
            entries.length && which < entries.length
              ? entries.map((e, i) => (i === which ? { ...e, end: e.end + more * 60_000 } : e))
              : [
                  ...entries,
                  ...toEntries([
                    { day: which % 28, startMinute: 600, minutes: more, breakMinutes: 0 },
                  ]),
                ];
          const after = Number(pay(classifyHours(longer, rules, { timeZone: LA }), rate));
          expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
      { numRuns: 300 },
    );
  });
});
