import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  equivalentAge,
  firstOutOfOrder,
  maturityAndAge,
  maturitySeries,
  nurseSaulMaturity,
  type Reading,
} from "./index";

const H = 3_600_000;
const log = (temps: number[], stepHours: number, start = 0): Reading[] =>
  temps.map((c, i) => ({ t: start + i * stepHours * H, c }));

describe("Nurse–Saul maturity", () => {
  it("20 °C for 24 h with T₀ = −10 °C is 720 °C·h", () => {
    expect(nurseSaulMaturity(log(Array(25).fill(20), 1), -10)).toBeCloseTo(720, 9);
    expect(
      nurseSaulMaturity([
        { t: 0, c: 20 },
        { t: 24 * H, c: 20 },
      ]),
    ).toBeCloseTo(720, 9);
  });

  it("two-hourly 10, 5, 0, −5, −12, −14 °C is 78.0 °C·h (the last interval adds 0)", () => {
    expect(nurseSaulMaturity(log([10, 5, 0, -5, -12, -14], 2), -10)).toBeCloseTo(78, 9);
    // The last interval's mean is −13 °C: dropping it changes nothing.
    expect(nurseSaulMaturity(log([10, 5, 0, -5, -12], 2), -10)).toBeCloseTo(78, 9);
  });

  it("uses the mean of the bounding readings, and the datum", () => {
    // 0 → 20 °C over 1 h: mean 10; T₀ 0 → 10 °C·h; T₀ 5 → 5 °C·h.
    const r = log([0, 20], 1);
    expect(nurseSaulMaturity(r, 0)).toBeCloseTo(10, 12);
    expect(nurseSaulMaturity(r, 5)).toBeCloseTo(5, 12);
    expect(nurseSaulMaturity(r, 10)).toBe(0);
  });

  it("is 0 for fewer than two readings and ignores intervals that do not move forward", () => {
    expect(nurseSaulMaturity([])).toBe(0);
    expect(nurseSaulMaturity([{ t: 0, c: 30 }])).toBe(0);
    expect(
      nurseSaulMaturity([
        { t: 0, c: 20 },
        { t: 0, c: 20 },
        { t: H, c: 20 },
      ]),
    ).toBeCloseTo(30);
  });

  const temps = fc.array(fc.double({ min: -40, max: 90, noNaN: true }), {
    minLength: 2,
    maxLength: 60,
  });
  it("property: never decreases as readings are added", () => {
    fc.assert(
      fc.property(temps, fc.double({ min: -20, max: 5, noNaN: true }), (cs, datum) => {
        const r = log(cs, 0.25);
        const series = maturitySeries(r, { datum }).maturity;
        for (let i = 1; i < series.length; i++) {
          expect(series[i]!).toBeGreaterThanOrEqual(series[i - 1]!);
          expect(nurseSaulMaturity(r.slice(0, i + 1), datum)).toBeCloseTo(series[i]!, 6);
        }
      }),
    );
  });

  it("property: never negative, and a lower datum never gives less", () => {
    fc.assert(
      fc.property(temps, (cs) => {
        const r = log(cs, 1);
        const m10 = nurseSaulMaturity(r, -10);
        expect(m10).toBeGreaterThanOrEqual(0);
        expect(nurseSaulMaturity(r, -12)).toBeGreaterThanOrEqual(m10);
      }),
    );
  });
});

describe("equivalent age (Arrhenius)", () => {
  it("is the elapsed time at the reference temperature", () => {
    expect(equivalentAge(log([20, 20], 24))).toBeCloseTo(24, 12);
    expect(equivalentAge(log([30, 30], 10), 5000, 30)).toBeCloseTo(10, 12);
  });

  it("follows exp(−Q·(1/Tₐ − 1/Tₛ)) in kelvin", () => {
    // 30 °C for 10 h, Q 5000 K: factor exp(−5000·(1/303.15 − 1/293.15)) = 1.7553…
    const f = Math.exp(-5000 * (1 / 303.15 - 1 / 293.15));
    expect(f).toBeCloseTo(1.7553, 4);
    expect(equivalentAge(log([30, 30], 10))).toBeCloseTo(10 * f, 10);
    // 10 °C is slower than the reference; Q raises the sensitivity.
    expect(equivalentAge(log([10, 10], 10))).toBeLessThan(10);
    expect(equivalentAge(log([10, 10], 10), 6000)).toBeLessThan(
      equivalentAge(log([10, 10], 10), 4000),
    );
  });

  it("one pass gives both measures and the span", () => {
    const r = log([10, 5, 0, -5, -12, -14], 2);
    const both = maturityAndAge(r, { datum: -10, q: 5000 });
    expect(both.maturity).toBeCloseTo(78, 9);
    expect(both.equivalentAge).toBeCloseTo(equivalentAge(r), 12);
    expect(both.hours).toBe(10);
    const series = maturitySeries(r);
    expect(series.equivalentAge[5]).toBeCloseTo(both.equivalentAge, 9);
  });

  it("property: never decreases and is never more than at a warmer constant temperature", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -30, max: 80, noNaN: true }), { minLength: 2, maxLength: 40 }),
        (cs) => {
          const r = log(cs, 0.5);
          const s = maturitySeries(r).equivalentAge;
          for (let i = 1; i < s.length; i++) expect(s[i]!).toBeGreaterThanOrEqual(s[i - 1]!);
          const hot = r.map((x) => ({ t: x.t, c: 80 }));
          expect(equivalentAge(r)).toBeLessThanOrEqual(equivalentAge(hot) + 1e-9);
        },
      ),
    );
  });
});

describe("firstOutOfOrder", () => {
  it("finds the first reading not after the one before", () => {
    expect(firstOutOfOrder(log([1, 2, 3], 1))).toBe(-1);
    expect(
      firstOutOfOrder([
        { t: 0, c: 1 },
        { t: 2, c: 1 },
        { t: 1, c: 1 },
      ]),
    ).toBe(2);
    expect(
      firstOutOfOrder([
        { t: 0, c: 1 },
        { t: 0, c: 1 },
      ]),
    ).toBe(1);
  });
});
