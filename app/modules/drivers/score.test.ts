import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SCORED } from "./behaviours";
import {
  DEFAULT_SCORE_SETTINGS as S,
  driverScore,
  fleetScore,
  pointsLost,
  scoreDrivers,
  scoreSettingsSchema,
  type Counts,
} from "./score";

const counts = fc.record(
  Object.fromEntries(SCORED.map((b) => [b, fc.nat(200)])) as Record<string, fc.Arbitrary<number>>,
) as fc.Arbitrary<Counts>;

describe("driver safety score", () => {
  it("the worked example: 500 km, 3 harsh brakings, 5 speeding → 94.8, low risk", () => {
    const r = driverScore({ harsh_braking: 3, speeding: 5 }, 500, S);
    if (r.status !== "scored") throw new Error("expected a score");
    expect(r.subScores.harsh_braking).toBeCloseTo(88, 10);
    expect(r.subScores.speeding).toBeCloseTo(80, 10);
    expect(r.subScores.excessive_speeding).toBe(100);
    expect(r.score).toBeCloseTo(94.8, 10);
    expect(r.band).toBe("low");
    const lost = pointsLost(r, S);
    expect(lost.speeding).toBeCloseTo(4, 10);
    expect(lost.harsh_braking).toBeCloseTo(1.2, 10);
  });

  it("bands: ≥ 90 low, 75–90 mild, 60–75 medium, < 60 high", () => {
    const band = (n: number) => {
      const r = driverScore({ excessive_speeding: n }, 1000, S);
      return r.status === "scored" ? [Math.round(r.score * 10) / 10, r.band] : null;
    };
    expect(band(0)).toEqual([100, "low"]);
    expect(band(16)).toEqual([90.4, "low"]);
    expect(band(20)).toEqual([88, "mild"]);
    expect(band(45)).toEqual([73, "medium"]);
    expect(band(100)).toEqual([70, "medium"]);
    const r = driverScore({ excessive_speeding: 50, speeding: 50, seatbelt: 50 }, 1000, S);
    expect(r.status === "scored" && r.band).toBe("high");
  });

  it("below the minimum distance: insufficient data, never 0 or 100", () => {
    fc.assert(
      fc.property(counts, fc.double({ min: 0, max: 99.999, noNaN: true }), (c, km) => {
        expect(driverScore(c, km, S).status).toBe("insufficient");
      }),
    );
    expect(driverScore({}, 0, S).status).toBe("insufficient");
    expect(driverScore({}, 100, S).status).toBe("scored");
  });

  it("the score is always in [0, 100]", () => {
    fc.assert(
      fc.property(counts, fc.double({ min: 100, max: 1e6, noNaN: true }), (c, km) => {
        const r = driverScore(c, km, S);
        expect(r.status).toBe("scored");
        if (r.status === "scored") {
          expect(r.score).toBeGreaterThanOrEqual(0);
          expect(r.score).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it("more events never raise a score", () => {
    fc.assert(
      fc.property(
        counts,
        fc.constantFrom(...SCORED),
        fc.integer({ min: 1, max: 50 }),
        fc.double({ min: 100, max: 1e5, noNaN: true }),
        (c, b, extra, km) => {
          const a = driverScore(c, km, S);
          const more = driverScore({ ...c, [b]: (c[b] ?? 0) + extra }, km, S);
          if (a.status !== "scored" || more.status !== "scored") throw new Error("scored");
          expect(more.score).toBeLessThanOrEqual(a.score);
        },
      ),
    );
  });

  it("dismissed events do not count; the fleet score is the distance-weighted mean", () => {
    const events = [
      { id: "a", driver_id: 1, behaviour: "speeding" as const },
      { id: "b", driver_id: 1, behaviour: "speeding" as const },
      { id: "c", driver_id: 2, behaviour: "seatbelt" as const },
      { id: "d", driver_id: null, behaviour: "seatbelt" as const },
    ];
    const sessions = [
      { driver_id: 1, distance_km: 300 },
      { driver_id: 1, distance_km: 100 },
      { driver_id: 2, distance_km: 100 },
      { driver_id: 3, distance_km: 20 },
    ];
    const all = scoreDrivers({ events, sessions }, S);
    const fewer = scoreDrivers({ events, sessions, dismissed: new Set(["b"]) }, S);
    const s1 = all.get(1)!;
    const f1 = fewer.get(1)!;
    if (s1.status !== "scored" || f1.status !== "scored") throw new Error("scored");
    expect(f1.score).toBeGreaterThan(s1.score);
    expect(f1.incidents).toBe(1);
    expect(all.get(3)!.status).toBe("insufficient");
    const s2 = all.get(2)!;
    if (s2.status !== "scored") throw new Error("scored");
    expect(fleetScore([...all.values()])).toBeCloseTo((s1.score * 400 + s2.score * 100) / 500, 10);
    expect(fleetScore([all.get(3)!])).toBeNull();
  });

  it("settings: weights must add up to 1, k cannot be negative, bands go down", () => {
    expect(scoreSettingsSchema.safeParse(S).success).toBe(true);
    const bad = scoreSettingsSchema.safeParse({ ...S, weights: { ...S.weights, seatbelt: 0.3 } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/add up to 1/);
    const negK = scoreSettingsSchema.safeParse({ ...S, k: { ...S.k, speeding: -1 } });
    expect(negK.error?.issues[0]?.message).toBe("k cannot be negative");
    const bands = scoreSettingsSchema.safeParse({ ...S, bands: { low: 60, mild: 75, medium: 90 } });
    expect(bands.success).toBe(false);
  });
});
