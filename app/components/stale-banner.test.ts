import { describe, expect, it } from "vitest";
import { formatAsOf } from "./stale-banner";

describe("the stale banner's time", () => {
  it("is the company's clock with its zone named, not the server's", () => {
    const now = Date.parse("2026-11-28T10:00:00Z");
    // dayjs printed the server's clock: "2 Mar 2026 07:40:00" on a UTC host.
    expect(formatAsOf("2026-03-02T07:40:00.000Z", "Australia/Brisbane", now)).toBe(
      "2 Mar, 17:40 AEST",
    );
    expect(formatAsOf("2025-12-31T23:59:00.000Z", "UTC", now)).toBe("31 Dec 2025, 23:59 UTC");
  });

  it("says never when no copy was ever good", () => {
    expect(formatAsOf(null, "Australia/Brisbane")).toBe("never");
  });
});
