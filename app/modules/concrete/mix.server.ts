/**
 * Pages of the mix side of concrete curing: mix designs (with their fitted
 * strength–maturity curves), evaporation limits and maturity inputs. Every call goes through the
 * upstream with the user's token, so the company scope is the upstream's; a foreign id is a 404.
 */
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { zonedLocalToUtc } from "~/lib/zoned-days";
import { chooseCurve, fitCurves, type CalibrationPoint } from "./curing";
import type { Fields } from "./mix-form";
import { parseEvaporationLimit, parseMaturityInput, parseMixDesign } from "./mix-form";
import {
  evaporationLimitsApi,
  maturityInputsApi,
  listSuppliers,
  mixDesignsApi,
  type EvaporationLimit,
  type MixDesign,
} from "./mix-upstream.server";

/** A mix's calibration as curve-fitting points, in the index it is calibrated in. */
export function calibrationOf(m: MixDesign): CalibrationPoint[] {
  return m.calibration.flatMap((p) => {
    const x = m.basis === "maturity" ? p.maturity : p.equivalent_age;
    return x === null ? [] : [{ x, s: p.strength_mpa }];
  });
}

export type Saved<T> = { ok: true; row: T } | { ok: false; errors: Fields };

const notFound = () => new Response("Not found", { status: 404 });

/** 404 for a foreign or unknown id; 400/409 from the upstream becomes a message on the form. */
async function call<T>(run: () => Promise<T>): Promise<Saved<T>> {
  try {
    return { ok: true, row: await run() };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    if (isUpstreamError(e) && (e.status === 400 || e.status === 409))
      return { ok: false, errors: { form: e.message } };
    throw e;
  }
}

const api = (ctx: ModuleContext) => upstream(ctx.auth.token);

export async function mixDesignsPage(ctx: ModuleContext) {
  const up = api(ctx);
  const [mixes, suppliers] = await Promise.all([mixDesignsApi.list(up), listSuppliers(up)]);
  const name = new Map(suppliers.map((s) => [s.id, s.name]));
  return {
    mixes: mixes.map((m) => {
      const fit = chooseCurve(fitCurves(calibrationOf(m)), m.curve === "best" ? null : m.curve);
      return {
        id: m.id,
        name: m.name,
        supplier: name.get(m.supplier_id) ?? "",
        design_strength_mpa: m.design_strength_mpa,
        cement_type: m.cement_type,
        supplementary_materials: m.supplementary_materials,
        wc_ratio: m.wc_ratio,
        slump_mm: m.slump_mm,
        low_bleed: m.low_bleed,
        points: m.calibration.length,
        curve: fit ? { kind: fit.curve.kind, r2: fit.r2, se: fit.se } : null,
      };
    }),
  };
}

/** The mix design form: the suppliers to choose from and, when editing, the mix (404 if not ours). */
export async function mixDesignPage(ctx: ModuleContext, id: number | null) {
  const up = api(ctx);
  const [suppliers, mix] = await Promise.all([
    listSuppliers(up),
    id === null ? Promise.resolve(null) : call(() => mixDesignsApi.get(up, id)),
  ]);
  return {
    suppliers: suppliers.map((s) => ({ id: s.id, name: s.name })),
    mix: mix && mix.ok ? mix.row : null,
  };
}

export async function saveMixDesign(
  ctx: ModuleContext,
  id: number | null,
  f: Fields,
): Promise<Saved<MixDesign>> {
  const p = parseMixDesign(f);
  if (!p.ok) return p;
  const up = api(ctx);
  return call(() =>
    id === null ? mixDesignsApi.create(up, p.value) : mixDesignsApi.update(up, id, p.value),
  );
}

export const removeMixDesign = (ctx: ModuleContext, id: number) =>
  call(() => mixDesignsApi.remove(api(ctx), id));

export const evaporationLimitsPage = async (ctx: ModuleContext) => ({
  limits: await evaporationLimitsApi.list(api(ctx)),
});

export async function evaporationLimitPage(ctx: ModuleContext, id: number | null) {
  if (id === null) return { limit: null };
  const r = await call(() => evaporationLimitsApi.get(api(ctx), id));
  return { limit: r.ok ? r.row : null };
}

export async function saveEvaporationLimit(
  ctx: ModuleContext,
  id: number | null,
  f: Fields,
): Promise<Saved<EvaporationLimit>> {
  const p = parseEvaporationLimit(f);
  if (!p.ok) return p;
  const { threshold_kg_m2_h, ...rest } = p.value;
  const body = threshold_kg_m2_h === null ? rest : { ...rest, threshold_kg_m2_h };
  const up = api(ctx);
  return call(() =>
    id === null ? evaporationLimitsApi.create(up, body) : evaporationLimitsApi.update(up, id, body),
  );
}

export const removeEvaporationLimit = (ctx: ModuleContext, id: number) =>
  call(() => evaporationLimitsApi.remove(api(ctx), id));

export async function maturityInputsPage(ctx: ModuleContext) {
  const up = api(ctx);
  const [inputs, mixes, timeZone] = await Promise.all([
    maturityInputsApi.list(up),
    mixDesignsApi.list(up),
    companyTimeZone(ctx.auth),
  ]);
  const name = new Map(mixes.map((m) => [m.id, m.name]));
  return {
    timeZone,
    inputs: inputs.map((i) => ({
      ...i,
      mix: i.mix_design_id === null ? null : (name.get(i.mix_design_id) ?? null),
    })),
  };
}

export async function maturityInputPage(ctx: ModuleContext) {
  const up = api(ctx);
  const [mixes, timeZone] = await Promise.all([mixDesignsApi.list(up), companyTimeZone(ctx.auth)]);
  return {
    timeZone,
    mixes: mixes.map((m) => ({
      id: m.id,
      name: m.name,
      datum_c: m.datum_c,
      q_k: m.q_k,
      basis: m.basis,
      curve: m.curve,
      calibration: m.calibration,
    })),
  };
}

export async function saveMaturityInput(ctx: ModuleContext, f: Fields) {
  const p = parseMaturityInput(f);
  if (!p.ok) return p;
  const timeZone = await companyTimeZone(ctx.auth);
  const at = zonedLocalToUtc(p.value.tested_at, timeZone);
  if (!Number.isFinite(at))
    return { ok: false as const, errors: { tested_at: "Enter when the specimen was tested" } };
  const body = { ...p.value, tested_at: new Date(at).toISOString() };
  try {
    return await call(() => maturityInputsApi.create(api(ctx), body));
  } catch (e) {
    // A pour number is typed by hand: an unknown (or another company's) pour is a 404 that keeps
    // the form and says which field, rather than a bare "not found" page.
    if (e instanceof Response && e.status === 404 && p.value.pour_id !== null)
      return {
        ok: false as const,
        notFound: true,
        errors: { pour_id: `There is no pour ${p.value.pour_id}` },
      };
    throw e;
  }
}

export const removeMaturityInput = (ctx: ModuleContext, id: number) =>
  call(() => maturityInputsApi.remove(api(ctx), id));
