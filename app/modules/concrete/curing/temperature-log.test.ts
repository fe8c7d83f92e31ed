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

describe("a log typed in °F (issue 35)", () => {
  it("reads °F readings back to °C, names °F in its messages, bounds in °F", () => {
    const p = parseTemperatureLog("time, °F\n0, 50\n2, 41\n4, 32\n6, 23", "F");
    if (!p.ok) throw new Error(p.message);
    expect(p.readings.map((r) => r.c)).toEqual([10, 5, 0, -5]);
    expect(parseTemperatureLog("0, 50\n1, 300", "F")).toMatchObject({
      ok: false,
      message: "Line 2: 300 °F is outside −76 to 248 °F.",
    });
    expect(parseTemperatureLog("0, 50", "F")).toMatchObject({
      message: "Enter at least two readings, one a line: time, °F.",
    });
  });

  it("the calculator gives the same maturity for the same night in either unit", async () => {
    const { calculateLog } = await import("../components/maturity-calculator");
    const c = calculateLog({ log: "0, 10\n2, 5\n4, 0\n6, -5", datum_c: "-10", q_k: "5000" });
    const f = calculateLog({
      log: "0, 50\n2, 41\n4, 32\n6, 23",
      datum_c: "14",
      q_k: "5000",
      unit: "F",
    });
    expect(c?.ok && f?.ok).toBe(true);
    if (c?.ok && f?.ok) expect(f.maturity).toBeCloseTo(c.maturity, 6);
  });
});
