import { describe, expect, it } from "vitest";
import {
  formatDay,
  formatZoned,
  formatZonedLabelled,
  isoDay,
  isoMinute,
  isoSecond,
  zoneName,
} from "./zoned-time";

const NOW = Date.parse("2026-11-28T10:00:00Z");

describe("formatZoned", () => {
  const at = Date.parse("2026-11-29T21:00:00Z");

  it("shows an instant in the given zone, whatever the zone of the machine", () => {
    expect(formatZoned(at, "Australia/Brisbane", "time", NOW)).toBe("07:00");
    expect(formatZoned(at, "UTC", "time", NOW)).toBe("21:00");
    expect(formatZoned(at, "Australia/Brisbane", "datetime", NOW)).toBe("30 Nov, 07:00");
  });

  it("names the year only when it is not this year, in the company's zone", () => {
    const lastYear = Date.parse("2025-03-02T07:40:00Z");
    expect(formatZoned(lastYear, "Australia/Brisbane", "datetime", NOW)).toBe("2 Mar 2025, 17:40");
    expect(formatZoned(lastYear, "Australia/Brisbane", "date", NOW)).toBe("2 Mar 2025");
    expect(formatZoned(at, "Australia/Brisbane", "date", NOW)).toBe("30 Nov");
    // 31 Dec 23:30 UTC is already next year in Brisbane: "this year" is the zone's.
    const newYear = Date.parse("2026-12-31T23:30:00Z");
    expect(formatZoned(newYear, "UTC", "datetime", NOW)).toBe("31 Dec, 23:30");
    expect(formatZoned(newYear, "Australia/Brisbane", "datetime", NOW)).toBe("1 Jan 2027, 09:30");
  });

  it("names the year in the full forms, for documents read in later years", () => {
    expect(formatZoned(Date.parse("2026-12-31T15:30:00Z"), "Australia/Brisbane", "full", NOW)).toBe(
      "1 Jan 2027, 01:30",
    );
    expect(formatZoned(at, "Australia/Brisbane", "fullDate", NOW)).toBe("30 Nov 2026");
  });

  it("takes ISO strings and dates too", () => {
    expect(formatZoned("2026-03-02T07:40:00.000Z", "Australia/Brisbane", "datetime", NOW)).toBe(
      "2 Mar, 17:40",
    );
    expect(formatZoned(new Date(at), "UTC", "time", NOW)).toBe("21:00");
  });

  it("a missing or broken instant is a dash", () => {
    expect(formatZoned(null, "UTC")).toBe("—");
    expect(formatZoned("not a date", "UTC")).toBe("—");
    expect(formatZonedLabelled(undefined, "UTC")).toBe("—");
  });
});

describe("zone labels", () => {
  it("names the zone by its abbreviation, which follows daylight saving", () => {
    expect(zoneName("Australia/Brisbane", "2026-03-02T07:40:00Z")).toBe("AEST");
    expect(zoneName("Australia/Sydney", "2026-01-02T07:40:00Z")).toBe("AEDT");
    expect(zoneName("Australia/Sydney", "2026-07-02T07:40:00Z")).toBe("AEST");
    expect(zoneName("UTC", "2026-07-02T07:40:00Z")).toBe("UTC");
  });

  it("labels a time with its zone", () => {
    expect(formatZonedLabelled("2026-03-02T07:40:00Z", "Australia/Brisbane", "datetime", NOW)).toBe(
      "2 Mar, 17:40 AEST",
    );
  });
});

describe("formatDay", () => {
  it("shows a calendar day in the same style, the same day in every zone", () => {
    expect(formatDay("2026-03-02", "Pacific/Honolulu", NOW)).toBe("2 Mar");
    expect(formatDay("2026-03-02", "Pacific/Kiritimati", NOW)).toBe("2 Mar");
    expect(formatDay("2025-12-31", "UTC", NOW)).toBe("31 Dec 2025");
  });

  it("decides 'this year' in the company's zone", () => {
    const newYearInBrisbane = Date.parse("2026-12-31T20:00:00Z");
    expect(formatDay("2026-12-31", "UTC", newYearInBrisbane)).toBe("31 Dec");
    expect(formatDay("2026-12-31", "Australia/Brisbane", newYearInBrisbane)).toBe("31 Dec 2026");
  });

  it("anything but a day is a dash", () => {
    expect(formatDay(null)).toBe("—");
    expect(formatDay("2026-03-02T07:40:00Z")).toBe("—");
  });
});

describe("ISO keys (not for display)", () => {
  it("cuts the UTC ISO form at the day, the minute or the second", () => {
    const t = Date.parse("2026-03-02T23:40:05.123Z");
    expect(isoDay(t)).toBe("2026-03-02");
    expect(isoDay(new Date(t))).toBe("2026-03-02");
    expect(isoDay("2026-03-02T23:40:05Z")).toBe("2026-03-02");
    expect(isoMinute(t)).toBe("2026-03-02T23:40");
    expect(isoSecond(t)).toBe("2026-03-02T23:40:05");
  });
});
