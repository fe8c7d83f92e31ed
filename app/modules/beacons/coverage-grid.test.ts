import { describe, expect, it } from "vitest";
import {
  MIN_DEVICES_PER_CELL,
  publishableCells,
  qualityCounts,
  signalQuality,
} from "./coverage-grid";

describe("coverage", () => {
  it("signal quality buckets", () => {
    expect(signalQuality(-70)).toBe("good");
    expect(signalQuality(-80)).toBe("good");
    expect(signalQuality(-81)).toBe("fair");
    expect(signalQuality(-95)).toBe("fair");
    expect(signalQuality(-96)).toBe("poor");
  });

  it("publishes only cells seen by several devices, snapped to the grid, without device counts", () => {
    const cells = publishableCells(
      [
        { lat: -27.47, lng: 153.03, samples: 40, devices: MIN_DEVICES_PER_CELL, avg_dbm: -78.4 },
        // One vehicle's trail: never published, however many samples.
        { lat: -27.51, lng: 153.01, samples: 500, devices: 1, avg_dbm: -70 },
        { lat: -27.5, lng: 153.1, samples: 9, devices: 2, avg_dbm: -99 },
        // A centre that is really a device position: snapped to its cell.
        { lat: -27.412345, lng: 152.987654, samples: 12, devices: 5, avg_dbm: -101 },
      ],
      0.02,
    );
    expect(cells).toHaveLength(2);
    for (const c of cells) expect(Object.keys(c)).not.toContain("devices");
    const snapped = cells.find((c) => c.quality === "poor")!;
    expect(snapped).toMatchObject({
      south: -27.42,
      north: -27.4,
      west: 152.98,
      east: 153,
      lat: -27.41,
      lng: 152.99,
      avgDbm: -101,
    });
    expect(cells.find((c) => c.quality === "good")).toMatchObject({ avgDbm: -78, samples: 40 });
    expect(qualityCounts(cells)).toEqual({ good: 1, fair: 0, poor: 1 });
  });
});
