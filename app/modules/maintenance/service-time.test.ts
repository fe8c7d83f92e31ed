import { describe, expect, it, vi } from "vitest";
import { formatDay, formatZoned, isoDay } from "~/lib/zoned-time";
import { CompletionSchema } from "./schemas";
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

describe("the completion form's service date", () => {
  const parse = (done_at: string) =>
    CompletionSchema.safeParse({ task_id: 1, done_at, measurement: "metric" });

  it("takes the company's today even where it is already tomorrow in UTC (Brisbane after 14:00 UTC)", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-28T15:00:00Z") });
    expect(parse("2026-11-29").success).toBe(true);
    vi.useRealTimers();
    expect(parse(isoDay(Date.now() + 10 * 3_600_000)).success).toBe(true);
    expect(parse(isoDay(Date.now() + 14 * 3_600_000)).success).toBe(true);
  });

  it("refuses a day no zone has reached yet", () => {
    const r = parse(isoDay(Date.now() + 3 * 86_400_000));
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain("cannot be in the future");
  });
});
