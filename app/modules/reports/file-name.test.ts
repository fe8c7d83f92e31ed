import { describe, expect, it } from "vitest";
import { reportFileName } from "./file-name";

describe("reportFileName", () => {
  it("names the first day of the range in the report's time zone, not in UTC", () => {
    const from = Date.parse("2026-11-16T14:00:00Z"); // Monday 17 Nov 00:00 in Brisbane
    expect(reportFileName("distance-per-vehicle", from, "Australia/Brisbane", "csv")).toBe(
      "distance-per-vehicle-2026-11-17.csv",
    );
    expect(reportFileName("distance-per-vehicle", from, "UTC", "pdf")).toBe(
      "distance-per-vehicle-2026-11-16.pdf",
    );
  });

  it("west of UTC too", () => {
    const from = Date.parse("2026-11-17T05:00:00Z"); // 17 Nov 00:00 in New York
    expect(reportFileName("trips", from, "America/New_York", "xlsx")).toBe("trips-2026-11-17.xlsx");
  });
});
