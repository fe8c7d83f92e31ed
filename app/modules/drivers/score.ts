/**
 * The driver safety score (pure). Per driver and period, for each scored behaviour b:
 * rate_b = events_b per 1,000 km; sub-score_b = max(0, 100 − k_b × rate_b);
 * score = Σ w_b × sub-score_b with Σ w_b = 1. Below the minimum distance there is no score
 * ("insufficient data"), never 0 or 100. Nothing is rounded here: only for display.
 */
import { z } from "zod";
import { formatDistance } from "~/lib/units";
import { SCORED, type Behaviour, type ScoredBehaviour } from "./behaviours";

export type ScoreSettings = {
  weights: Record<ScoredBehaviour, number>;
  k: Record<ScoredBehaviour, number>;
  /** Lower bounds: ≥ low is low risk, ≥ mild mild, ≥ medium medium, else high. */
  bands: { low: number; mild: number; medium: number };
  minDistanceKm: number;
};

export const DEFAULT_SCORE_SETTINGS: ScoreSettings = {
  weights: {
    harsh_acceleration: 0.1,
    harsh_braking: 0.1,
    harsh_cornering: 0.1,
    seatbelt: 0.2,
    speeding: 0.2,
    excessive_speeding: 0.3,
  },
  k: {
    harsh_acceleration: 2,
    harsh_braking: 2,
    harsh_cornering: 2,
    seatbelt: 2,
    speeding: 2,
    excessive_speeding: 2,
  },
  bands: { low: 90, mild: 75, medium: 60 },
  minDistanceKm: 100,
};

const perBehaviour = (inner: z.ZodNumber) =>
  z.object(
    Object.fromEntries(SCORED.map((b) => [b, inner])) as Record<ScoredBehaviour, z.ZodNumber>,
  );

/** Validation of settings a company admin saves (the form's schema builds on it). */
export const scoreSettingsSchema = z
  .object({
    weights: perBehaviour(z.number().min(0, "A weight cannot be negative").max(1)),
    k: perBehaviour(z.number().min(0, "k cannot be negative").max(100)),
    bands: z.object({
      low: z.number().min(0).max(100),
      mild: z.number().min(0).max(100),
      medium: z.number().min(0).max(100),
    }),
    minDistanceKm: z
      .number()
      .min(1, `The minimum distance must be at least ${formatDistance(1, "metric", 0)}`)
      .max(100_000),
  })
  .superRefine((s, ctx) => {
    const sum = SCORED.reduce((a, b) => a + s.weights[b], 0);
    if (Math.abs(sum - 1) > 1e-6)
      ctx.addIssue({
        code: "custom",
        path: ["weights"],
        message: `The weights must add up to 1 (they add up to ${Math.round(sum * 1000) / 1000})`,
      });
    if (!(s.bands.low > s.bands.mild && s.bands.mild > s.bands.medium))
      ctx.addIssue({
        code: "custom",
        path: ["bands"],
        message: "Bands must go down: low risk above mild above medium",
      });
  });

export type Band = "low" | "mild" | "medium" | "high";
export const BAND_LABEL: Record<Band, string> = {
  low: "Low risk",
  mild: "Mild risk",
  medium: "Medium risk",
  high: "High risk",
};

export type Counts = Partial<Record<Behaviour, number>>;

export type DriverScore =
  | {
      status: "scored";
      score: number;
      band: Band;
      distanceKm: number;
      subScores: Record<ScoredBehaviour, number>;
    }
  | { status: "insufficient"; distanceKm: number };

export function bandOf(score: number, s: ScoreSettings): Band {
  if (score >= s.bands.low) return "low";
  if (score >= s.bands.mild) return "mild";
  if (score >= s.bands.medium) return "medium";
  return "high";
}

/** One driver's score over a period from its event counts (dismissed ones already left out). */
export function driverScore(counts: Counts, distanceKm: number, s: ScoreSettings): DriverScore {
  if (!(distanceKm >= s.minDistanceKm)) return { status: "insufficient", distanceKm };
  const subScores = {} as Record<ScoredBehaviour, number>;
  let score = 0;
  for (const b of SCORED) {
    const rate = ((counts[b] ?? 0) * 1000) / distanceKm;
    subScores[b] = Math.max(0, 100 - s.k[b] * rate);
    score += s.weights[b] * subScores[b];
  }
  score = Math.min(100, Math.max(0, score));
  return { status: "scored", score, band: bandOf(score, s), distanceKm, subScores };
}

/** Distance-weighted mean of the drivers' scores (drivers without a score do not count). */
export function fleetScore(scores: DriverScore[]): number | null {
  let w = 0;
  let sum = 0;
  for (const x of scores) {
    if (x.status !== "scored") continue;
    w += x.distanceKm;
    sum += x.score * x.distanceKm;
  }
  return w > 0 ? sum / w : null;
}

/** "What moved the score": points lost per behaviour (weight × (100 − sub-score)). */
export function pointsLost(x: DriverScore, s: ScoreSettings): Record<ScoredBehaviour, number> {
  const out = {} as Record<ScoredBehaviour, number>;
  for (const b of SCORED)
    out[b] = x.status === "scored" ? s.weights[b] * (100 - x.subScores[b]) : 0;
  return out;
}

export type ScoreInput = {
  events: Array<{ driver_id: number | null; behaviour: Behaviour; id: string }>;
  sessions: Array<{ driver_id: number | null; distance_km: number }>;
  /** Event ids that do not count (dismissed). */
  dismissed?: ReadonlySet<string>;
};

export type DriverTally = { distanceKm: number; counts: Counts; incidents: number };

/** One pass over sessions and events: distance and counts per driver. */
export function tallyByDriver(input: ScoreInput): Map<number, DriverTally> {
  const out = new Map<number, DriverTally>();
  const of = (id: number) => {
    let t = out.get(id);
    if (!t) out.set(id, (t = { distanceKm: 0, counts: {}, incidents: 0 }));
    return t;
  };
  for (const s of input.sessions)
    if (s.driver_id !== null) of(s.driver_id).distanceKm += s.distance_km;
  for (const e of input.events) {
    if (e.driver_id === null || input.dismissed?.has(e.id)) continue;
    const t = of(e.driver_id);
    t.counts[e.behaviour] = (t.counts[e.behaviour] ?? 0) + 1;
    t.incidents++;
  }
  return out;
}

/** Scores of every driver that drove or had an event in the period. */
export function scoreDrivers(input: ScoreInput, s: ScoreSettings) {
  const scores = new Map<number, DriverScore & { incidents: number; counts: Counts }>();
  for (const [id, t] of tallyByDriver(input))
    scores.set(id, {
      ...driverScore(t.counts, t.distanceKm, s),
      incidents: t.incidents,
      counts: t.counts,
    });
  return scores;
}
