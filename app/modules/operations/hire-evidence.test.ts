import { describe, expect, it } from "vitest";
import { IDLE_AFTER_MS, hireEvidence, stillWorking, type TripSpan } from "./hire-evidence";
import { overstayNotices } from "./hire-alerts.server";

// The site: x in [0, 1] (lat), anything else is off site.
const inside = (lat: number) => lat >= 0 && lat <= 1;
const trip = (start: string, from: number, end: string, to: number): TripSpan => ({
  start: { time: start, lat: from, lng: 0 },
  end: { time: end, lat: to, lng: 0 },
});

describe("hireEvidence", () => {
  it("arrival is the end of the first trip onto the site; departure the start of the last trip off it", () => {
    const e = hireEvidence(
      [
        trip("2026-03-02T09:00:00Z", 0.5, "2026-03-02T10:00:00Z", 0.6), // sorted in by time
        trip("2026-03-01T07:00:00Z", 5, "2026-03-01T08:00:00Z", 0.5),
        trip("2026-03-05T15:00:00Z", 0.5, "2026-03-05T16:00:00Z", 9),
      ],
      (lat) => inside(lat),
    );
    expect(e).toMatchObject({
      fenced: true,
      arrived_at: "2026-03-01T08:00:00Z",
      departed_at: "2026-03-05T15:00:00Z",
      on_site: false,
      hours_first_at: "2026-03-01T07:00:00Z",
      hours_last_at: "2026-03-05T16:00:00Z",
      trips: 3,
    });
    expect(stillWorking(e, Date.parse("2026-03-05T17:00:00Z"))).toBe(false);
  });

  it("a machine already on site at on-hire arrives with its first trip; one that came back has not left", () => {
    const e = hireEvidence(
      [
        trip("2026-03-01T07:00:00Z", 0.2, "2026-03-01T08:00:00Z", 4),
        trip("2026-03-02T07:00:00Z", 4, "2026-03-02T08:00:00Z", 0.3),
      ],
      (lat) => inside(lat),
    );
    expect(e.arrived_at).toBe("2026-03-01T07:00:00Z");
    expect(e.departed_at).toBeNull();
    expect(e.on_site).toBe(true);
    expect(stillWorking(e, Date.parse("2026-04-01T00:00:00Z"))).toBe(true);
  });

  it("without a fence there is no arrival or departure, and working means the engine ran lately", () => {
    const e = hireEvidence([trip("2026-03-01T07:00:00Z", 5, "2026-03-01T08:00:00Z", 6)], null);
    expect(e).toMatchObject({ fenced: false, arrived_at: null, departed_at: null, on_site: null });
    const end = Date.parse("2026-03-01T08:00:00Z");
    expect(stillWorking(e, end + IDLE_AFTER_MS)).toBe(true);
    expect(stillWorking(e, end + IDLE_AFTER_MS + 1)).toBe(false);
    expect(stillWorking(hireEvidence([], null), end)).toBe(false);
    expect(
      stillWorking(
        hireEvidence([], () => true),
        end,
      ),
    ).toBe(false);
  });
});

describe("overstayNotices", () => {
  const c = {
    id: 7,
    imei: "123",
    off_hire: "2026-03-10",
    direction: "in" as const,
    supplier: "Coates Hire",
    customer: "",
  };
  it("one notice per contract and state, named by contract, state and off-hire date", () => {
    const n = overstayNotices(
      1,
      [
        { ...c, state: "ending-soon" },
        { ...c, id: 8, state: "on-hire" },
        { ...c, id: 9, state: "overdue", direction: "out", supplier: null, customer: "Acme" },
        { ...c, id: 10, state: "ended" },
      ],
      () => "Excavator",
    );
    expect(n.map((x) => x.eventId)).toEqual([
      "app:plant-hire:1:7:ending-soon:2026-03-10",
      "app:plant-hire:1:9:overdue:2026-03-10",
    ]);
    expect(n[0]!.title).toBe("Off-hire soon: Excavator");
    expect(n[1]).toMatchObject({ title: "Overdue: Excavator", link: "/dashboard/plant-hire/9" });
    expect(n[1]!.body).toContain("hired to Acme");
  });
});
