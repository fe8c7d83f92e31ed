import { describe, expect, it } from "vitest";
import { expandRosters, rosterDays, shiftHours, type RosterRule } from "./roster";

const base: RosterRule = {
  id: 1,
  name: "Workshop",
  username_id: null,
  compgroups_id: 105,
  pattern: "weekly",
  days: [1, 2, 3, 4, 5],
  rrule: null,
  start_time: "07:00",
  end_time: "15:30",
  break_minutes: 30,
  jobsite_id: 104,
  valid_from: "2026-01-01",
  valid_to: null,
};
const people = [
  { username_id: 1, group_ids: [105] },
  { username_id: 2, group_ids: [105, 101] },
  { username_id: 3, group_ids: [101] },
];

describe("roster expansion", () => {
  it("a weekly pattern gives its weekdays only, within its validity", () => {
    // 2026-03-02 is a Monday.
    expect(rosterDays(base, "2026-03-01", "2026-03-08")).toEqual([
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
    ]);
    expect(rosterDays({ ...base, valid_to: "2026-03-03" }, "2026-03-01", "2026-03-08")).toEqual([
      "2026-03-02",
      "2026-03-03",
    ]);
    expect(rosterDays({ ...base, valid_from: "2026-04-01" }, "2026-03-01", "2026-03-08")).toEqual(
      [],
    );
  });

  it("a recurrence rule counts from valid_from: every second Saturday", () => {
    const r: RosterRule = {
      ...base,
      pattern: "rrule",
      days: [],
      rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA",
      // A Monday: with weeks starting on Monday (RFC 5545's default) that week's Saturday is first.
      valid_from: "2026-03-02",
    };
    expect(rosterDays(r, "2026-03-01", "2026-04-05")).toEqual([
      "2026-03-07",
      "2026-03-21",
      "2026-04-04",
    ]);
    // A window starting mid-way keeps the same fortnightly phase.
    expect(rosterDays(r, "2026-03-10", "2026-03-31")).toEqual(["2026-03-21"]);
    expect(
      rosterDays({ ...r, rrule: "RRULE:FREQ=MONTHLY;BYMONTHDAY=15" }, "2026-03-01", "2026-05-31"),
    ).toEqual(["2026-03-15", "2026-04-15", "2026-05-15"]);
  });

  it("a group roster expects every member; times are the company's wall clock", () => {
    const shifts = expandRosters([base], people, "2026-03-02", "2026-03-02", "Australia/Brisbane");
    expect(shifts.map((s) => s.username_id)).toEqual([1, 2]);
    expect(new Date(shifts[0]!.start).toISOString()).toBe("2026-03-01T21:00:00.000Z");
    expect(new Date(shifts[0]!.end).toISOString()).toBe("2026-03-02T05:30:00.000Z");
  });

  it("an overnight shift ends the next day, across a daylight-saving change", () => {
    // Sydney leaves daylight saving at 3 am on 2026-04-05.
    const night = {
      ...base,
      username_id: 3,
      compgroups_id: null,
      days: [6],
      start_time: "22:00",
      end_time: "06:00",
    };
    const [s] = expandRosters([night], people, "2026-04-04", "2026-04-04", "Australia/Sydney");
    expect(new Date(s!.start).toISOString()).toBe("2026-04-04T11:00:00.000Z");
    expect(new Date(s!.end).toISOString()).toBe("2026-04-04T20:00:00.000Z");
    expect(shiftHours(night)).toBe(7.5);
    expect(shiftHours(base)).toBe(8);
  });
});
