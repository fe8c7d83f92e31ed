import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_EVAPORATION_LIMIT,
  LOW_BLEED_EVAPORATION_LIMIT,
  MASS_CONCRETE_DEFAULTS,
  evaporationRisk,
  formatTemperature,
  fromDifferenceUnit,
  fromTemperatureUnit,
  toDifferenceUnit,
  toTemperatureUnit,
  unoEvaporationRate,
} from "./index";

describe("Uno (1998) evaporation rate", () => {
  it("20/20 °C, 70 %, 10 km/h → 0.187 kg/m²/h", () => {
    const e = unoEvaporationRate({ airC: 20, concreteC: 20, humidityPct: 70, windKmh: 10 });
    expect(e.toFixed(3)).toBe("0.187");
  });

  it("hot, dry and windy is well above ACI 305R's 1.0 kg/m²/h", () => {
    // 35 °C air, 35 °C concrete, 20 %, 30 km/h.
    const e = unoEvaporationRate({ airC: 35, concreteC: 35, humidityPct: 20, windKmh: 30 });
    expect(e).toBeCloseTo(5 * (53 ** 2.5 - 0.2 * 53 ** 2.5) * 34 * 1e-6, 12);
    expect(e).toBeGreaterThan(DEFAULT_EVAPORATION_LIMIT);
  });

  it("property: 0 when air and concrete are equal at 100 % humidity", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (t, v) => {
          expect(
            unoEvaporationRate({ airC: t, concreteC: t, humidityPct: 100, windKmh: v }),
          ).toBeCloseTo(0, 12);
        },
      ),
    );
  });

  it("property: more wind, warmer concrete or drier air never evaporates less", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 45, noNaN: true }),
        fc.double({ min: -10, max: 45, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 80, noNaN: true }),
        (air, concrete, rh, wind) => {
          const base = { airC: air, concreteC: concrete, humidityPct: rh, windKmh: wind };
          const e = unoEvaporationRate(base);
          expect(unoEvaporationRate({ ...base, concreteC: concrete + 1 })).toBeGreaterThan(e);
          expect(
            unoEvaporationRate({ ...base, humidityPct: Math.max(0, rh - 5) }),
          ).toBeGreaterThanOrEqual(e - 1e-12);
          if (e > 0) expect(unoEvaporationRate({ ...base, windKmh: wind + 5 })).toBeGreaterThan(e);
        },
      ),
    );
  });

  it("rates the risk against a limit", () => {
    expect(LOW_BLEED_EVAPORATION_LIMIT).toBe(0.5);
    expect(evaporationRisk(1.2, 1)).toBe("high");
    expect(evaporationRisk(1, 1)).toBe("high");
    expect(evaporationRisk(0.8, 1)).toBe("moderate");
    expect(evaporationRisk(0.4, 1)).toBe("low");
    expect(evaporationRisk(0.4, 0.5)).toBe("moderate");
  });
});

describe("mass concrete defaults and units", () => {
  it("70 °C maximum and 19.4 °C (35 °F) differential", () => {
    expect(MASS_CONCRETE_DEFAULTS).toEqual({ maxTemperatureC: 70, maxDifferentialC: 19.4 });
    expect(toDifferenceUnit(19.4, "F")).toBeCloseTo(34.92, 2);
    expect(Math.round(toDifferenceUnit(MASS_CONCRETE_DEFAULTS.maxDifferentialC, "F"))).toBe(35);
    expect(toTemperatureUnit(70, "F")).toBeCloseTo(158, 10);
    expect(formatTemperature(70, "F", 0)).toBe("158 °F");
    expect(formatTemperature(-0.01, "C")).toBe("0.0 °C");
  });

  it("property: conversions round-trip, to the thousandth of a degree that is stored", () => {
    const within = (a: number, b: number) =>
      expect(Math.abs(a - b)).toBeLessThanOrEqual(0.0005 + 1e-9);
    fc.assert(
      fc.property(fc.double({ min: -100, max: 200, noNaN: true }), (c) => {
        within(fromTemperatureUnit(toTemperatureUnit(c, "F"), "F"), c);
        within(fromDifferenceUnit(toDifferenceUnit(c, "F"), "F"), c);
        expect(toTemperatureUnit(c, "C")).toBe(c);
      }),
    );
  });
});
