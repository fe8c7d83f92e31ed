import { describe, expect, it } from "vitest";
import { actionRule, CAN, isAllowed } from "./access";

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
  it("anyPermission needs at least one of its permissions", () => {
    const rule = { anyPermission: ["forms_view", "people_view"] } as const;
    expect(isAllowed(user(), rule)).toBe(true);
    expect(isAllowed(user({ permissions: { people_view: false } }), rule)).toBe(false);
    expect(isAllowed(user(), CAN.manageFormLinks)).toBe(false);
  });
  it("an app permission that the upstream does not send grants nothing (fail closed)", () => {
    expect(isAllowed(user(), CAN.editFleet)).toBe(false);
    expect(isAllowed(user({ permissions: { fleet_edit: true } }), CAN.editFleet)).toBe(true);
  });
});

describe("actionRule (a manifest's rule of a posted intent)", () => {
  const actions = { rename: CAN.editFleet, "*": CAN.own };
  it("takes the intent's own rule, else the path's \"*\", else none", () => {
    expect(actionRule(actions, "rename")).toBe(CAN.editFleet);
    expect(actionRule(actions, "anything")).toBe(CAN.own);
    expect(actionRule({ rename: CAN.editFleet }, "anything")).toBeUndefined();
    // Own keys only: "constructor" must not find Object.prototype's.
    expect(actionRule({ rename: CAN.editFleet }, "constructor")).toBeUndefined();
    expect(actionRule({ rename: CAN.editFleet }, "__proto__")).toBeUndefined();
  });
});
