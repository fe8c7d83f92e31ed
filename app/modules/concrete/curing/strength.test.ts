import { describe, expect, it } from "vitest";
import {
  forecastTime,
  inPlaceStrength,
  maturityForStrength,
  temperatureTrend,
  type Curve,
  type Reading,
  type StrengthModel,
} from "./index";

const H = 3_600_000;
const constant = (c: number, hours: number, stepH = 1): Reading[] =>
  Array.from({ length: Math.round(hours / stepH) + 1 }, (_, i) => ({ t: i * stepH * H, c }));
const log: Curve = { kind: "logarithmic", a: -60, b: 10 };
const model: StrengthModel = { curve: log, basis: "maturity", datum: -10 };

describe("in-place strength", () => {
  it("is the curve at the current maturity", () => {
    // 20 °C for 100 h: 3000 °C·h → −60 + 10·ln 3000 = 20.06 MPa.
    const r = inPlaceStrength(constant(20, 100), model);
    expect(r.maturity).toBeCloseTo(3000, 9);
    expect(r.strength).toBeCloseTo(-60 + 10 * Math.log(3000), 9);
    expect(r.equivalentAge).toBeCloseTo(100, 9);
  });

  it("uses equivalent age when the mix is calibrated in it", () => {
    const r = inPlaceStrength(constant(20, 48), {
      curve: { kind: "logarithmic", a: 0, b: 10 },
      basis: "equivalent_age",
    });
    expect(r.strength).toBeCloseTo(10 * Math.log(48), 9);
  });
});

describe("temperature trend", () => {
  it("is the least-squares line over the window", () => {
    const r = Array.from({ length: 49 }, (_, i) => ({ t: i * H, c: 10 + 0.5 * i }));
    const t = temperatureTrend(r, 24)!;
    expect(t.slopePerHour).toBeCloseTo(0.5, 10);
    expect(t.current).toBeCloseTo(34, 10);
    expect(temperatureTrend([])).toBeNull();
  });
});

describe("forecast of the time to a target strength", () => {
  it("a steady 20 °C pour reaches the target exactly when the curve says", () => {
    // 20 MPa needs exp(8) °C·h = 2981 °C·h: 99.4 h at 30 °C·h an hour.
    const needed = maturityForStrength(log, 20);
    const f = forecastTime(constant(20, 24), model, 20, { stepHours: 0.25 });
    expect(f.status).toBe("forecast");
    if (f.status !== "forecast") throw new Error();
    expect(f.hours).toBeCloseTo((needed - 24 * 30) / 30, 6);
    expect(f.at).toBe(24 * H + f.hours * H);
  });

  it("already reached: the moment it crossed, within the log", () => {
    const f = forecastTime(constant(20, 200), model, 20);
    expect(f.status).toBe("reached");
    if (f.status !== "reached") throw new Error();
    expect(f.at / H).toBeCloseTo(maturityForStrength(log, 20) / 30, 6);
  });

  it("a cooling pour takes longer than a steady one, a warming one less", () => {
    const cooling = Array.from({ length: 25 }, (_, i) => ({ t: i * H, c: 30 - 0.5 * i }));
    const warming = Array.from({ length: 25 }, (_, i) => ({ t: i * H, c: 10 + 0.5 * i }));
    const steady = constant(20, 24);
    const hours = (r: Reading[]) => {
      const f = forecastTime(r, model, 25);
      if (f.status !== "forecast") throw new Error(f.status);
      return f.hours;
    };
    expect(hours(cooling)).toBeGreaterThan(hours(steady));
    expect(hours(warming)).toBeLessThan(hours(steady));
  });

  it("the trend is followed for one window, then held", () => {
    // Cooling 1 °C/h from 20 °C: held at −4 °C after 24 h (6 °C·h an hour above the datum).
    const r = Array.from({ length: 25 }, (_, i) => ({ t: i * H, c: 44 - i }));
    const f = forecastTime(r, model, 20);
    if (f.status !== "forecast") throw new Error(f.status);
    const m0 = r.slice(1).reduce((s, x, i) => s + ((x.c + r[i]!.c) / 2 + 10), 0);
    // First 24 h ahead: mean of 30 … 6 above datum, 18 an hour → 432 °C·h.
    const hoursAfterWindow = (maturityForStrength(log, 20) - m0 - 432) / 6;
    expect(f.hours).toBeCloseTo(24 + hoursAfterWindow, 1);
  });

  it("unreachable: beyond the curve, or below the datum", () => {
    const hyp: StrengthModel = {
      curve: { kind: "hyperbolic", su: 40, k: 0.001, x0: 0 },
      basis: "maturity",
    };
    expect(forecastTime(constant(20, 10), hyp, 41)).toEqual({
      status: "unreachable",
      reason: "curve",
    });
    expect(forecastTime(constant(-15, 10), model, 20)).toEqual({
      status: "unreachable",
      reason: "temperature",
    });
    expect(forecastTime(constant(-9.9, 10), model, 40, { horizonHours: 100 })).toEqual({
      status: "unreachable",
      reason: "horizon",
    });
  });
});
