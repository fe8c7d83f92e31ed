/**
 * What pours need of the mix designs (mix-upstream.server.ts): names for lists, and a mix's
 * strength–maturity model (its chosen curve, or the best fit) and evaporation threshold.
 */
import type { ModuleContext } from "~/services/guard.server";
import { upstream } from "~/services/api.server";
import { isUpstreamError, unlessFault } from "~/services/upstream/index.server";
import {
  DEFAULT_EVAPORATION_LIMIT,
  LOW_BLEED_EVAPORATION_LIMIT,
  fitCurves,
  type CalibrationPoint,
  type CurveKind,
  type StrengthModel,
} from "./curing";
import {
  getMixDesign,
  listEvaporationLimits,
  listMixDesigns,
  type MixDesign,
} from "./mix-upstream.server";

export async function mixDesignsOf(ctx: ModuleContext) {
  return (await listMixDesigns(upstream(ctx.auth.token))).map((m) => ({
    id: m.id,
    name: m.name,
    design_strength_mpa: m.design_strength_mpa,
  }));
}

/** The mix of a pour, or null (none set, or gone). */
export async function mixOf(
  ctx: Pick<ModuleContext, "auth">,
  id: number | null,
): Promise<MixDesign | null> {
  if (id === null) return null;
  try {
    return await getMixDesign(upstream(ctx.auth.token), id);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) return null;
    throw e;
  }
}

export type MixModel = {
  model: StrengthModel;
  kind: CurveKind;
  designStrength: number;
  name: string;
};

/** Fitted curves by the calibration they came from: fitting runs once per calibration, not per page. */
const fitted = new Map<string, MixModel | null>();

/** The mix's strength curve, from its calibration points; null with too few points. */
export function strengthModel(mix: MixDesign): MixModel | null {
  const key = JSON.stringify([
    mix.id,
    mix.basis,
    mix.curve,
    mix.datum_c,
    mix.q_k,
    mix.design_strength_mpa,
    mix.name,
    mix.calibration,
  ]);
  if (fitted.has(key)) return fitted.get(key)!;
  if (fitted.size > 500) fitted.clear();
  const model = fit(mix);
  fitted.set(key, model);
  return model;
}

function fit(mix: MixDesign): MixModel | null {
  const points: CalibrationPoint[] = [];
  for (const p of mix.calibration) {
    const x = mix.basis === "maturity" ? p.maturity : p.equivalent_age;
    if (x !== null) points.push({ x, s: p.strength_mpa });
  }
  const fits = fitCurves(points);
  const kind = mix.curve === "best" ? fits.best : mix.curve;
  const fit = kind ? fits.fits[kind] : undefined;
  if (!kind || !fit) return null;
  return {
    model: { curve: fit.curve, basis: mix.basis, datum: mix.datum_c, q: mix.q_k },
    kind,
    designStrength: mix.design_strength_mpa,
    name: mix.name,
  };
}

/** The evaporation threshold for a mix: the company's limit for its bleed class, else ACI 305R's. */
export async function evaporationLimitFor(ctx: ModuleContext, mix: MixDesign | null) {
  const lowBleed = mix?.low_bleed ?? false;
  const limits = await listEvaporationLimits(upstream(ctx.auth.token)).catch(unlessFault([]));
  const l = limits.find((x) => x.low_bleed === lowBleed);
  return l
    ? { name: l.name, threshold: l.threshold_kg_m2_h }
    : {
        name: lowBleed ? "Low-bleed default" : "ACI 305R default",
        threshold: lowBleed ? LOW_BLEED_EVAPORATION_LIMIT : DEFAULT_EVAPORATION_LIMIT,
      };
}
