import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  downsample,
  evaluateLoad,
  excursions,
  findGaps,
  mktOfSeries,
  mktWeighted,
  outOfRangeMs,
  suppressionWindows,
  type Series,
} from "./index";

const MIN = 60_000;
const at = (...v: number[]): Series => ({ t: v.map((_, i) => i * 10 * MIN), v });

describe("mean kinetic temperature", () => {
  it("is the temperature itself when constant: 25 °C → 25.00 °C", () => {
    expect(mktWeighted([25, 25, 25], [1, 1, 1])!.toFixed(2)).toBe("25.00");
    expect(mktOfSeries(at(25, 25, 25, 25))!.toFixed(2)).toBe("25.00");
  });
  it("weighs heat more than cold: equal time at 20 and 30 °C → 26.26 °C", () => {
    expect(mktWeighted([20, 30], [1, 1])!.toFixed(2)).toBe("26.26");
    // A series spending equal time at each: weights are half-intervals, so 20,20,30,30.
    expect(mktOfSeries(at(20, 20, 30, 30))).not.toBeNull();
  });
  it("stays finite for frozen loads and lies between the minimum and the maximum", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -40, max: 60, noNaN: true }), { minLength: 1, maxLength: 50 }),
        (v) => {
          const m = mktWeighted(
            v,
            v.map(() => 1),
          )!;
          expect(m).toBeGreaterThanOrEqual(Math.min(...v) - 1e-6);
          expect(m).toBeLessThanOrEqual(Math.max(...v) + 1e-6);
          expect(m).toBeGreaterThanOrEqual(v.reduce((a, b) => a + b, 0) / v.length - 1e-6);
        },
      ),
    );
  });
  it("does not count time across a gap", () => {
    const s: Series = { t: [0, 10 * MIN, 300 * MIN, 310 * MIN], v: [20, 30, 30, 20] };
    const gaps = findGaps(s, 10 * MIN);
    expect(gaps).toEqual([{ from: 10 * MIN, to: 300 * MIN }]);
    expect(mktOfSeries(s, gaps)!.toFixed(2)).toBe("26.26");
    expect(mktOfSeries(s)!).toBeGreaterThan(29);
  });
});

describe("time out of range", () => {
  it("interpolates crossing times: 7, 9, 7 °C ten minutes apart against 8 °C → 10 minutes", () => {
    const list = excursions(at(7, 9, 7), { min: null, max: 8 });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ side: "high", start: 5 * MIN, end: 15 * MIN });
    expect(outOfRangeMs(list)).toBe(10 * MIN);
    expect(list[0]!.peak).toEqual({ t: 10 * MIN, v: 9, index: 1 });
  });
  it("finds low excursions and treats the limit itself as in range", () => {
    const list = excursions(at(3, 1, 2, 3, 2), { min: 2, max: 8 });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ side: "low", start: 5 * MIN, end: 20 * MIN });
  });
  it("an excursion at the end or into a gap is open-ended and stops at the last sample", () => {
    expect(excursions(at(7, 9, 10), { min: null, max: 8 })[0]).toMatchObject({
      start: 5 * MIN,
      end: 20 * MIN,
      openEnded: true,
    });
    const s: Series = { t: [0, 10 * MIN, 20 * MIN, 200 * MIN], v: [7, 9, 9, 7] };
    const e = excursions(s, { min: null, max: 8 }, { gaps: findGaps(s, 10 * MIN) });
    expect(e[0]).toMatchObject({ start: 5 * MIN, end: 20 * MIN, openEnded: true });
  });
  it("never counts more than the interpolated time, whatever the samples", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: 15 }), { minLength: 2, maxLength: 60 }),
        (v) => {
          const s = at(...v);
          const total = outOfRangeMs(excursions(s, { min: 2, max: 8 }));
          expect(total).toBeGreaterThanOrEqual(0);
          expect(total).toBeLessThanOrEqual(s.t[s.t.length - 1]!);
          if (v.every((x) => x >= 2 && x <= 8)) expect(total).toBe(0);
        },
      ),
    );
  });
});

describe("suppression windows and tiered profiles", () => {
  it("door-open and defrost time (plus recovery) and the start-up period do not count", () => {
    const temp = at(5, 5, 12, 12, 5, 5, 9, 5, 5, 11, 5);
    const door = at(0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0);
    const defrost = at(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0);
    const tiers = [
      { label: "2–8 °C", min: 2, max: 8, allowanceMs: 5 * MIN },
      { label: "above 15 °C", min: null, max: 15, allowanceMs: 0 },
    ];
    const none = evaluateLoad(temp, tiers, [], 10 * MIN);
    expect(none.pass).toBe(false);
    const suppress = suppressionWindows(
      0,
      { startupMs: 0, doorAfterMs: 10 * MIN, defrostAfterMs: 10 * MIN },
      door,
      defrost,
    );
    const v = evaluateLoad(temp, tiers, suppress, 10 * MIN);
    // The 9 °C at 60 min is neither door nor defrost: 10 × (1/4 + 1/4) = 5 minutes, within allowance.
    expect(v.tiers[0]!.outMs).toBeCloseTo(5 * MIN, 6);
    expect(v.pass).toBe(true);
    const startup = suppressionWindows(
      0,
      { startupMs: 70 * MIN, doorAfterMs: null, defrostAfterMs: null },
      door,
      defrost,
    );
    const w = evaluateLoad(temp, tiers, startup, 10 * MIN);
    expect(w.tiers[0]!.excursions.filter((e) => e.countedMs > 0)).toHaveLength(1);
  });
  it("fails the tier whose allowance is exceeded", () => {
    const v = evaluateLoad(
      at(5, 16, 5),
      [
        { label: "2–8", min: 2, max: 8, allowanceMs: 60 * MIN },
        { label: "> 15", min: null, max: 15, allowanceMs: 0 },
      ],
      [],
      10 * MIN,
    );
    expect(v.tiers.map((t) => t.pass)).toEqual([true, false]);
    expect(v.pass).toBe(false);
  });
});

describe("downsampling for charts", () => {
  const year = (seed: number) => {
    const n = 105_120;
    const t = new Array<number>(n);
    const v = new Array<number>(n);
    let x = seed;
    for (let i = 0; i < n; i++) {
      x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
      t[i] = i * 5 * MIN;
      v[i] = 5 + 2 * Math.sin(i / 300) + (x / 2 ** 31 - 0.5) + (x % 997 === 0 ? 6 : 0);
    }
    return { t, v };
  };
  it("brings a year of 5-minute readings to at most 2,000 points, ends included", () => {
    const s = year(7);
    const d = downsample(s, 2000);
    expect(d.t.length).toBeLessThanOrEqual(2000);
    expect(d.t[0]).toBe(0);
    expect(d.t[d.t.length - 1]).toBe(s.t[s.t.length - 1]);
  });
  it("breaks the line at gaps instead of drawing across them", () => {
    const s: Series = { t: [0, 1, 2, 50, 51], v: [1, 2, 3, 4, 5] };
    const d = downsample(s, 100, { gaps: findGaps(s, 1) });
    expect(d.v).toEqual([1, 2, 3, null, 4, 5]);
    expect(d.t[3]).toBe(26);
  });
  it("keeps every excursion's peak (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -5, max: 15, noNaN: true }), { minLength: 2, maxLength: 3000 }),
        fc.integer({ min: 50, max: 400 }),
        fc.array(fc.integer({ min: 1, max: 2999 }), { maxLength: 5 }),
        (v, max, holes) => {
          const t = v.map((_, i) => i * MIN + holes.filter((h) => h <= i).length * 60 * MIN);
          const s = { t, v };
          const gaps = findGaps(s, MIN);
          const list = excursions(s, { min: 2, max: 8 }, { gaps });
          fc.pre(list.length + gaps.length + 2 <= max / 2);
          const d = downsample(s, max, { keep: list.map((e) => e.peak.index), gaps });
          expect(d.t.length).toBeLessThanOrEqual(max);
          const pts = new Set(d.t.map((x, i) => `${x}|${d.v[i]}`));
          for (const e of list) expect(pts.has(`${e.peak.t}|${e.peak.v}`)).toBe(true);
          expect(d.v.filter((x) => x === null)).toHaveLength(gaps.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
