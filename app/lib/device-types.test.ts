import { describe, expect, it } from "vitest";
import {
  capabilities,
  capabilityLabels,
  CONCRETE_DEVICES,
  ENVIORNMENT_DEVICES,
  LIVE_DASHCAM,
  POLL_DEVICES,
  TRIP_DEVICES,
} from "~/lib/device-types";

describe("device type lists (SPEC §9)", () => {
  it("are exactly the spec's lists", () => {
    expect(POLL_DEVICES).toEqual([21]);
    expect(TRIP_DEVICES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 20, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(LIVE_DASHCAM).toEqual([27, 24]);
    expect(CONCRETE_DEVICES).toEqual([77]);
    expect(ENVIORNMENT_DEVICES).toEqual([57]);
  });
  it("excludes the gaps of the trip range", () => {
    for (const id of [0, 9, 19, 21, 31, 57, 77]) expect(TRIP_DEVICES).not.toContain(id);
  });
  it("names what a type supports", () => {
    expect(capabilities(24)).toEqual({
      trips: true,
      poll: false,
      liveDashcam: true,
      concrete: false,
      environment: false,
    });
    expect(capabilities(21).poll).toBe(true);
    expect(capabilityLabels(77)).toEqual(["Concrete curing sensor"]);
    expect(capabilityLabels(57)).toEqual(["Environment monitoring"]);
    expect(capabilityLabels(99)).toEqual(["Position tracking"]);
  });
});
