import { describe, expect, it } from "vitest";
import { isAllowed } from "./access";

const user = (over: Partial<Parameters<typeof isAllowed>[0]> = {}) => ({
  permissions: { people_view: true, forms_view: false },
  features_enabled: { dashcam: false, logbook: true },
  tsadmin: false,
  ...over,
});

describe("isAllowed (SPEC §6 gating)", () => {
  it("hides an item whose permission is missing or false", () => {
    expect(isAllowed(user(), { permission: "people_view" })).toBe(true);
    expect(isAllowed(user(), { permission: "forms_view" })).toBe(false);
    expect(isAllowed(user(), { permission: "codes_view" })).toBe(false);
  });
  it("hides only on an explicitly false feature flag; an absent flag hides nothing", () => {
    expect(isAllowed(user(), { feature: "dashcam" })).toBe(false);
    expect(isAllowed(user(), { feature: "logbook" })).toBe(true);
    expect(isAllowed(user(), { feature: "timesheet" })).toBe(true);
  });
  it("restricts tsadmin users to items not marked tsadmin: false", () => {
    expect(isAllowed(user({ tsadmin: true }), { tsadmin: false })).toBe(false);
    expect(isAllowed(user({ tsadmin: true }), {})).toBe(true);
    expect(isAllowed(user(), { tsadmin: false })).toBe(true);
  });
});
