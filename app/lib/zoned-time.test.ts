import { describe, expect, it } from "vitest";
import { formatZoned } from "./zoned-time";

describe("formatZoned", () => {
  const at = Date.parse("2026-11-29T21:00:00Z");

  it("shows an instant in the given zone, whatever the zone of the machine", () => {
    expect(formatZoned(at, "Australia/Brisbane", "time")).toBe("07:00");
    expect(formatZoned(at, "UTC", "time")).toBe("21:00");
    expect(formatZoned(at, "Australia/Brisbane", "datetime")).toBe("30 Nov, 07:00");
  });

  it("names the year in the full form, for instants that may fall in another year", () => {
    expect(formatZoned(Date.parse("2026-12-31T15:30:00Z"), "Australia/Brisbane", "full")).toBe(
      "1 Jan 2027, 01:30",
    );
  });

  it("a missing or broken instant is a dash", () => {
    expect(formatZoned(null, "UTC")).toBe("—");
    expect(formatZoned("not a date", "UTC")).toBe("—");
  });
});
