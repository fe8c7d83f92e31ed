import { describe, expect, it } from "vitest";
import { formatDay, formatZoned } from "~/lib/zoned-time";
import { serviceTime } from "./tasks.server";

describe("the moment a completed service is recorded at", () => {
  const now = Date.parse("2026-11-28T03:00:00Z"); // 28 Nov, 16:00 in Auckland

  it("leaves today to the service's own clock, which may be behind ours", () => {
    expect(serviceTime("2026-11-28", now, "Pacific/Auckland")).toBeUndefined();
    expect(serviceTime("2026-11-28", now, "UTC")).toBeUndefined();
  });

  it("puts another day at its noon in the company's zone, so it reads as that day there", () => {
    const at = serviceTime("2026-11-20", now, "Pacific/Auckland")!;
    expect(at).toBe("2026-11-19T23:00:00.000Z");
    expect(formatZoned(at, "Pacific/Auckland", "date", now)).toBe(
      formatDay("2026-11-20", "UTC", now),
    );
    expect(serviceTime("2026-11-20", now, "America/Los_Angeles")).toBe("2026-11-20T20:00:00.000Z");
  });
});
