import { describe, expect, it } from "vitest";
import { nurseSaulMaturity, parseTemperatureLog } from "./index";

describe("pasted temperature log", () => {
  it("reads hours since the start, with a header", () => {
    const p = parseTemperatureLog("time, °C\n0, 10\n2, 5\n4, 0\n6, -5\n8, -12\n10, -14\n");
    if (!p.ok) throw new Error(p.message);
    expect(p.readings).toHaveLength(6);
    expect(nurseSaulMaturity(p.readings, -10)).toBeCloseTo(78, 9);
  });

  it("reads dates and times, semicolons, tabs and decimal commas", () => {
    const p = parseTemperatureLog(
      "2026-11-02 08:00;20,5\n2026-11-02T09:30\t21\n2026-11-03 08:00:00Z;19.5",
    );
    if (!p.ok) throw new Error(p.message);
    expect(p.readings.map((r) => r.c)).toEqual([20.5, 21, 19.5]);
    expect(p.readings[1]!.t - p.readings[0]!.t).toBe(1.5 * 3_600_000);
  });

  it("names the line of a reading out of time order", () => {
    const p = parseTemperatureLog("0, 20\n1, 21\n\n0.5, 22\n");
    expect(p).toEqual({
      ok: false,
      line: 4,
      message:
        'Line 4: readings are out of time order ("0.5" is not after the line before). Put the readings in time order.',
    });
  });

  it("names other bad lines", () => {
    expect(parseTemperatureLog("0, 20\nsoon, 21")).toMatchObject({ ok: false, line: 2 });
    expect(parseTemperatureLog("0, 20\n1, warm")).toMatchObject({ ok: false, line: 2 });
    expect(parseTemperatureLog("0, 20\n1, 2, 3")).toMatchObject({ ok: false, line: 2 });
    expect(parseTemperatureLog("0, 20\n2026-11-02 08:00, 21")).toMatchObject({
      ok: false,
      line: 2,
    });
    expect(parseTemperatureLog("0, 20\n1, 400")).toMatchObject({ ok: false, line: 2 });
    expect(parseTemperatureLog("0, 20")).toMatchObject({ ok: false, line: 0 });
  });
});
