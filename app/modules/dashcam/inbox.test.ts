import { describe, expect, it } from "vitest";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { eventPopup } from "./popup";
import { bulkReviewSchema, footageSchema } from "./forms";
import { filterEvents, parseFilters, windowProblem } from "./inbox";
import { parseRange } from "../../../server/sim/api-dashcam";

const ev = (id: string, over: Partial<Parameters<typeof filterEvents>[0][number]> = {}) => ({
  id,
  type: "harsh_braking" as const,
  imei: "354800100000012",
  driver_id: 1001 as number | null,
  severity: "low" as const,
  ...over,
});

describe("inbox filters", () => {
  it("reads known values from the address and ignores the rest", () => {
    expect(
      parseFilters(
        new URLSearchParams(
          "type=collision&vehicle=354800100000012&driver=none&severity=high&status=needs_coaching",
        ),
      ),
    ).toEqual({
      type: "collision",
      vehicle: "354800100000012",
      driver: "none",
      severity: "high",
      status: "needs_coaching",
    });
    expect(
      parseFilters(new URLSearchParams("type=x&vehicle=<b>&driver=abc&severity=&status=done")),
    ).toEqual({ type: null, vehicle: null, driver: null, severity: null, status: null });
  });

  it("keeps the events passing every filter; an unreviewed event needs review", () => {
    const events = [
      ev("a"),
      ev("b", { type: "collision", severity: "high" }),
      ev("c", { driver_id: null }),
      ev("d", { imei: "354800100000015" }),
    ];
    const statuses = new Map([["a", "coached" as const]]);
    const ids = (q: string) =>
      filterEvents(events, parseFilters(new URLSearchParams(q)), statuses).map((e) => e.id);
    expect(ids("")).toEqual(["a", "b", "c", "d"]);
    expect(ids("type=collision")).toEqual(["b"]);
    expect(ids("driver=none")).toEqual(["c"]);
    expect(ids("driver=1001")).toEqual(["a", "b", "d"]);
    expect(ids("vehicle=354800100000015")).toEqual(["d"]);
    expect(ids("status=coached")).toEqual(["a"]);
    expect(ids("status=needs_review&severity=low")).toEqual(["c", "d"]);
  });
});

describe("footage windows", () => {
  const now = Date.parse("2026-11-20T00:00:00Z");
  const DAY = 86_400_000;
  it("must end in the past and start within the camera's retention", () => {
    expect(windowProblem({ from: now - 60_000, to: now }, 7, now)).toBeNull();
    expect(windowProblem({ from: now - 30_000, to: now + 30_000 }, 7, now)).toBe("future");
    expect(windowProblem({ from: now - 7 * DAY - 1, to: now - 7 * DAY + 59_999 }, 7, now)).toBe(
      "retention",
    );
    expect(windowProblem({ from: now - 7 * DAY - 1, to: now - 6 * DAY }, 14, now)).toBeNull();
  });

  it("the form takes a wall-clock start and 5 to 600 seconds", () => {
    const form = (o: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(o)) f.set(k, v);
      return parseForm(f, footageSchema);
    };
    expect(form({ imei: "354800100000012", from: "2026-11-19T10:00", seconds: "60" }).status).toBe(
      "success",
    );
    const bad = form({ imei: "354800100000012", from: "yesterday", seconds: "601" });
    expect(bad.status).toBe("error");
    expect(firstErrors(bad).from).toBe("Enter the start time as a date and time");
    expect(firstErrors(bad).seconds).toBe("At most 600 seconds (10 minutes)");
  });
});

describe("bulk review form", () => {
  const post = (ids: string[], status: string, reason = "") => {
    const f = new FormData();
    for (const id of ids) f.append("ids", id);
    f.set("status", status);
    f.set("reason", reason);
    return parseForm(f, bulkReviewSchema);
  };
  it("takes one or many checked ids and a shared status", () => {
    const one = post(["354800100000012-1795660130598-3-0"], "needs_coaching");
    expect(one.status).toBe("success");
    expect(one.status === "success" && one.value.ids).toEqual([
      "354800100000012-1795660130598-3-0",
    ]);
    expect(post(["a-1", "b-2"], "reviewed").status).toBe("success");
  });
  it("asks for a selection, and a reason to dismiss", () => {
    expect(firstErrors(post([], "reviewed")).ids).toBe("Select at least one event");
    expect(firstErrors(post(["a-1"], "dismissed")).reason).toBe("Say why the events are dismissed");
    expect(post(["a-1"], "done").status).toBe("error");
  });
});

describe("simulator byte ranges", () => {
  it("parses one range of a file", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("bad");
    expect(parseRange("bytes=5-1", 100)).toBe("bad");
    expect(parseRange("items=0-1", 100)).toBe("bad");
  });
});

describe("map popup", () => {
  it("escapes what it shows", () => {
    const html = eventPopup({
      label: "Collision",
      when: "1 Nov",
      vehicle: '<img src=x onerror="alert(1)">',
      driver: "O'Brien & Sons",
      speed: "50 km/h",
    }).safeHtml;
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img");
    expect(html).toContain("O&#39;Brien &amp; Sons");
  });
});
