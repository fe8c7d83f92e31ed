import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { incidentPopup, incidentTitle, type MapIncident } from "./incident-popup";

const base: MapIncident = {
  id: "e1",
  behaviour: "speeding",
  time: "2026-03-02T07:05:00.000Z",
  lat: -27.4,
  lng: 153,
  vehicle: "Truck 1",
  speed: 71.6,
  speed_limit: 60,
  severity: "medium",
  dismissed: false,
};

describe("incident popup", () => {
  // "This year" decides whether the year is shown: the clock is fixed in 2026.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-28T10:00:00Z"));
  });
  afterAll(() => vi.useRealTimers());

  it("says what, when, which vehicle, the speed against the limit and the severity", () => {
    expect(incidentPopup(base, "UTC", "metric").safeHtml).toBe(
      "<strong>Speeding</strong><br>2 Mar, 07:05 UTC<br>Truck 1<br>72 km/h in a 60 km/h zone<br>Severity: medium",
    );
    expect(incidentPopup(base, "UTC", "imperial").safeHtml).toContain(
      "<br>44 mph in a 37 mph zone<br>",
    );
    expect(incidentTitle(base, "UTC")).toBe("Speeding, 2 Mar, 07:05 UTC");
    expect(
      incidentPopup(
        { ...base, behaviour: "seatbelt", speed_limit: null, dismissed: true },
        "UTC",
        "imperial",
      ).safeHtml,
    ).toBe(
      "<strong>Seatbelt</strong><br>2 Mar, 07:05 UTC<br>Truck 1<br>Severity: medium<br><em>Dismissed: does not count</em>",
    );
  });

  it("tells the time in the company's zone, and names the zone", () => {
    // 07:40 UTC is 17:40 in Brisbane: the UTC clock read "07:40" to a Brisbane company.
    const i = { ...base, time: "2026-03-02T07:40:00.000Z" };
    expect(incidentTitle(i, "Australia/Brisbane")).toBe("Speeding, 2 Mar, 17:40 AEST");
    expect(incidentPopup(i, "Australia/Brisbane", "metric").safeHtml).toContain(
      "<br>2 Mar, 17:40 AEST<br>",
    );
  });

  it("escapes a hostile vehicle name and severity: text, never markup", () => {
    const html = incidentPopup(
      {
        ...base,
        vehicle: `<img src=x onerror="alert(1)">`,
        severity: "</strong><script>x</script>",
      },
      "UTC",
      "metric",
    ).safeHtml;
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});
