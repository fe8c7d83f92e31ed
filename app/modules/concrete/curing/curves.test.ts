import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chooseCurve,
  curveStrength,
  describeCurve,
  fitCurves,
  fitExponential,
  fitHyperbolic,
  fitLogarithmic,
  maturityForStrength,
  type CalibrationPoint,
  type Curve,
} from "./index";

const at = (curve: Curve, xs: number[]): CalibrationPoint[] =>
  xs.map((x) => ({ x, s: curveStrength(curve, x) }));
const XS = [500, 1000, 2000, 4000, 8000, 16000];

describe("curve fits recover known curves", () => {
  it("logarithmic S = a + b·ln M", () => {
    const fit = fitLogarithmic(at({ kind: "logarithmic", a: -60, b: 10 }, XS))!;
    expect(fit.curve).toMatchObject({ kind: "logarithmic" });
    if (fit.curve.kind !== "logarithmic") throw new Error();
    expect(fit.curve.a).toBeCloseTo(-60, 8);
    expect(fit.curve.b).toBeCloseTo(10, 8);
    expect(fit.r2).toBeCloseTo(1, 10);
    expect(fit.se!).toBeCloseTo(0, 8);
  });

  it("logarithmic by hand: three points", () => {
    // ln x = 0, 1, 2 with S = 1, 2, 4: b = 1.5, a = 2.333 − 1.5 = 0.8333; SSE = 1/6.
    const pts = [0, 1, 2].map((l, i) => ({ x: Math.exp(l), s: [1, 2, 4][i]! }));
    const fit = fitLogarithmic(pts)!;
    if (fit.curve.kind !== "logarithmic") throw new Error();
    expect(fit.curve.b).toBeCloseTo(1.5, 10);
    expect(fit.curve.a).toBeCloseTo(5 / 6, 10);
    // SST = 14/3, SSE = 1/6 → R² = 1 − 1/28; SE = √(1/6 / 1).
    expect(fit.r2).toBeCloseTo(1 - 1 / 28, 10);
    expect(fit.se!).toBeCloseTo(Math.sqrt(1 / 6), 10);
  });

  it("hyperbolic (ASTM C1074 X1)", () => {
    const truth: Curve = { kind: "hyperbolic", su: 45, k: 0.0006, x0: 150 };
    const fit = fitHyperbolic(at(truth, XS))!;
    if (fit.curve.kind !== "hyperbolic") throw new Error();
    expect(fit.curve.su).toBeCloseTo(45, 2);
    expect(fit.curve.k).toBeCloseTo(0.0006, 6);
    expect(fit.curve.x0).toBeCloseTo(150, 0);
    expect(fit.r2).toBeGreaterThan(0.999999);
  });

  it("exponential (ASTM C1074 X1)", () => {
    const truth: Curve = { kind: "exponential", su: 50, tau: 1200, beta: 0.8 };
    const fit = fitExponential(at(truth, XS))!;
    if (fit.curve.kind !== "exponential") throw new Error();
    expect(fit.curve.su).toBeCloseTo(50, 2);
    expect(fit.curve.tau).toBeCloseTo(1200, 0);
    expect(fit.curve.beta).toBeCloseTo(0.8, 4);
    expect(fit.r2).toBeGreaterThan(0.999999);
  });

  it("picks the form the data came from as best, and the engineer's pick when asked", () => {
    const exp = fitCurves(at({ kind: "exponential", su: 50, tau: 1200, beta: 0.8 }, XS));
    expect(exp.best).toBe("exponential");
    const hyp = fitCurves(at({ kind: "hyperbolic", su: 45, k: 0.0006, x0: 150 }, XS));
    expect(hyp.best).toBe("hyperbolic");
    expect(chooseCurve(hyp, "logarithmic")!.curve.kind).toBe("logarithmic");
    expect(chooseCurve(hyp, null)!.curve.kind).toBe("hyperbolic");
  });

  it("noisy breaks: every fit has R² and SE, and best has the smallest SE", () => {
    const pts = [
      { x: 480, s: 8.1 },
      { x: 1100, s: 15.9 },
      { x: 2300, s: 23.2 },
      { x: 4800, s: 29.5 },
      { x: 9900, s: 34.8 },
      { x: 19500, s: 37.1 },
    ];
    const all = fitCurves(pts);
    const ses = Object.values(all.fits).map((f) => f.se!);
    expect(ses).toHaveLength(3);
    for (const f of Object.values(all.fits)) {
      expect(f.r2).toBeGreaterThan(0.95);
      expect(f.r2).toBeLessThanOrEqual(1);
    }
    expect(all.fits[all.best!]!.se).toBe(Math.min(...ses));
  });

  it("fewer than 3 points: nothing fitted; three points: the 3-parameter fits have no SE", () => {
    expect(
      fitCurves([
        { x: 1000, s: 10 },
        { x: 2000, s: 20 },
      ]),
    ).toEqual({ fits: {}, best: null });
    const three = fitCurves([
      { x: 1000, s: 10 },
      { x: 3000, s: 20 },
      { x: 9000, s: 27 },
    ]);
    expect(three.best).toBe("logarithmic");
    expect(three.fits.hyperbolic?.se ?? null).toBeNull();
    // Points that are not usable (x or s ≤ 0) do not count.
    expect(
      fitCurves([
        { x: 0, s: 10 },
        { x: 1000, s: 10 },
        { x: 2000, s: 20 },
      ]).best,
    ).toBeNull();
  });

  it("inverts: the maturity for a strength gives that strength back", () => {
    const curves: Curve[] = [
      { kind: "logarithmic", a: -60, b: 10 },
      { kind: "hyperbolic", su: 45, k: 0.0006, x0: 150 },
      { kind: "exponential", su: 50, tau: 1200, beta: 0.8 },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...curves),
        fc.double({ min: 1, max: 44, noNaN: true }),
        (c, s) => {
          const x = maturityForStrength(c, s);
          expect(curveStrength(c, x)).toBeCloseTo(s, 6);
        },
      ),
    );
    expect(maturityForStrength(curves[1]!, 45)).toBe(Infinity);
    expect(maturityForStrength({ kind: "logarithmic", a: 5, b: -1 }, 10)).toBe(Infinity);
  });

  it("strength is never negative and grows with maturity", () => {
    const c: Curve = { kind: "logarithmic", a: -60, b: 10 };
    expect(curveStrength(c, 100)).toBe(0);
    expect(curveStrength(c, 0)).toBe(0);
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e5, noNaN: true }),
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        (x, d) => {
          for (const curve of [c, { kind: "hyperbolic", su: 45, k: 0.0006, x0: 150 } as Curve]) {
            expect(curveStrength(curve, x + d)).toBeGreaterThanOrEqual(curveStrength(curve, x));
          }
        },
      ),
    );
    expect(describeCurve(c)).toBe("S = -60.00 + 10.00·ln M");
  });
});
