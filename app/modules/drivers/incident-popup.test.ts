import { describe, expect, it } from "vitest";
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
  it("says what, when, which vehicle, the speed against the limit and the severity", () => {
    expect(incidentPopup(base, "metric").safeHtml).toBe(
      "<strong>Speeding</strong><br>2026-03-02 07:05 UTC<br>Truck 1<br>72 km/h in a 60 km/h zone<br>Severity: medium",
    );
    expect(incidentPopup(base, "imperial").safeHtml).toContain("<br>44 mph in a 37 mph zone<br>");
    expect(incidentTitle(base)).toBe("Speeding, 2026-03-02 07:05 UTC");
    expect(
      incidentPopup(
        { ...base, behaviour: "seatbelt", speed_limit: null, dismissed: true },
        "imperial",
      ).safeHtml,
    ).toBe(
      "<strong>Seatbelt</strong><br>2026-03-02 07:05 UTC<br>Truck 1<br>Severity: medium<br><em>Dismissed: does not count</em>",
    );
  });

  it("escapes a hostile vehicle name and severity: text, never markup", () => {
    const html = incidentPopup(
      {
        ...base,
        vehicle: `<img src=x onerror="alert(1)">`,
        severity: "</strong><script>x</script>",
      },
      "metric",
    ).safeHtml;
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});
