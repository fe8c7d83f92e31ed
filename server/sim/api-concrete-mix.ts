/**
 * Concrete mix designs (with their strength–maturity calibration), evaporation limits and maturity
 * inputs (strength test results): designed for issue 24, SPEC §2.4.
 *
 * `GET|POST /concrete/mixdesigns`, `GET|PUT|DELETE /concrete/mixdesigns/{id}`, and the same for
 * `/concrete/evaporationlimits` and `/concrete/maturityinputs` (`?mix_design_id=` / `?pour_id=`
 * filter the last). A mix design's supplier is one of the shared supplier list's
 * (`/suppliers?kind=concrete`, api-suppliers.ts, which refuses to delete a supplier with mix
 * designs). Another company's id, in the path or as a reference in a body, is a 404. A mix design
 * with strength results or pours cannot be deleted (409). Writes are journaled by the HTTP layer.
 *
 * The simulator fits nothing: the app owns the maths (app/modules/concrete/curing).
 */
import { HttpError, obj, ok, routes, type Ctx, type SimState } from "./kit";
import { idOf } from "./maintenance";
import { supplierState } from "./api-suppliers";
import { bool, byName, mine, nullableNum, num, strip, text } from "./concrete-mix-fields";
import {
  DEFAULT_DATUM_C,
  DEFAULT_LIMIT,
  DEFAULT_Q_K,
  LOW_BLEED_LIMIT,
  seed,
  type ConcreteMixState,
  type SimCalibrationPoint,
  type SimMaturityInput,
  type SimMixDesign,
} from "./concrete-mix-seed";

export type { ConcreteMixState } from "./concrete-mix-seed";

function data(ctx: Ctx): ConcreteMixState {
  if (!ctx.state.concreteMix) ctx.state.concreteMix = seed();
  return ctx.state.concreteMix;
}

/** The pours of the pours API (api-concrete-pours.ts, another part of issue 24), when present. */
type PourRef = { id: number; companyid: number; mix_design_id?: number | null };
function pours(state: SimState): PourRef[] | null {
  const p = (state as { concretePours?: { pours?: PourRef[] } }).concretePours;
  return p?.pours ?? null;
}

const CURVES = ["best", "logarithmic", "hyperbolic", "exponential"] as const;

function mixInput(ctx: Ctx, body: unknown) {
  const b = obj(body);
  const supplier = mine(ctx, supplierState(ctx).suppliers, b.supplier_id, "Supplier");
  if (supplier.kind !== "concrete")
    throw new HttpError(400, `${supplier.name} is not a concrete supplier`);
  const basis = b.basis === "equivalent_age" ? "equivalent_age" : "maturity";
  if (b.basis !== undefined && b.basis !== "maturity" && b.basis !== "equivalent_age")
    throw new HttpError(400, "basis must be maturity or equivalent_age");
  const curve = b.curve ?? "best";
  if (!CURVES.includes(curve as (typeof CURVES)[number]))
    throw new HttpError(400, "curve must be best, logarithmic, hyperbolic or exponential");
  if (!Array.isArray(b.calibration ?? []))
    throw new HttpError(400, "calibration must be a list of points");
  const calibration = ((b.calibration ?? []) as unknown[]).map((raw, i) => {
    const p = obj(raw);
    const at = `calibration point ${i + 1}`;
    const point: SimCalibrationPoint = {
      age_h: num(p.age_h, `${at}: age_h`, 0.01, 100_000),
      maturity: nullableNum(p.maturity, `${at}: maturity`, 0.01, 10_000_000),
      equivalent_age: nullableNum(p.equivalent_age, `${at}: equivalent_age`, 0.01, 1_000_000),
      strength_mpa: num(p.strength_mpa, `${at}: strength_mpa`, 0.01, 200),
    };
    if ((basis === "maturity" ? point.maturity : point.equivalent_age) === null)
      throw new HttpError(
        400,
        `${at} needs its ${basis === "maturity" ? "maturity" : "equivalent age"}`,
      );
    return point;
  });
  if (calibration.length > 0 && calibration.length < 3)
    throw new HttpError(400, "A calibration needs at least 3 points");
  if (calibration.length > 50) throw new HttpError(400, "A calibration has at most 50 points");
  const admixtures = b.admixtures ?? [];
  if (!Array.isArray(admixtures) || admixtures.some((a) => typeof a !== "string"))
    throw new HttpError(400, "admixtures must be a list of names");
  const lowBleed = bool(b.low_bleed);
  return {
    supplier_id: supplier.id,
    name: text(b.name, "name", 120, true),
    design_strength_mpa: num(b.design_strength_mpa, "design_strength_mpa", 5, 150),
    cement_type: text(b.cement_type, "cement_type", 80),
    supplementary_materials: text(b.supplementary_materials, "supplementary_materials", 200),
    wc_ratio: num(b.wc_ratio, "wc_ratio", 0.2, 1),
    admixtures: (admixtures as string[])
      .map((a) => a.trim())
      .filter(Boolean)
      .slice(0, 20),
    slump_mm: num(b.slump_mm, "slump_mm", 0, 300),
    low_bleed: lowBleed,
    datum_c: num(b.datum_c, "datum_c", -30, 20, DEFAULT_DATUM_C),
    q_k: num(b.q_k, "q_k", 1000, 10_000, DEFAULT_Q_K),
    basis: basis as SimMixDesign["basis"],
    curve: curve as SimMixDesign["curve"],
    calibration: calibration.sort((x, y) => x.age_h - y.age_h),
  };
}

function limitInput(body: unknown) {
  const b = obj(body);
  const lowBleed = bool(b.low_bleed);
  return {
    name: text(b.name, "name", 120, true),
    threshold_kg_m2_h: num(
      b.threshold_kg_m2_h,
      "threshold_kg_m2_h",
      0.05,
      5,
      lowBleed ? LOW_BLEED_LIMIT : DEFAULT_LIMIT,
    ),
    low_bleed: lowBleed,
    notes: text(b.notes, "notes", 500),
  };
}

function inputInput(ctx: Ctx, body: unknown) {
  const b = obj(body);
  if (b.specimen !== "cylinder" && b.specimen !== "core")
    throw new HttpError(400, "specimen must be cylinder or core");
  const d = data(ctx);
  const mixId =
    b.mix_design_id === undefined || b.mix_design_id === null || b.mix_design_id === ""
      ? null
      : mine(ctx, d.mixDesigns, b.mix_design_id, "Mix design").id;
  let pourId: number | null = null;
  if (b.pour_id !== undefined && b.pour_id !== null && b.pour_id !== "") {
    const n = Number(b.pour_id);
    if (!Number.isInteger(n) || n <= 0) throw new HttpError(400, "pour_id must be a pour's id");
    const known = pours(ctx.state);
    if (known && !known.some((p) => p.id === n && p.companyid === ctx.user.companyid))
      throw new HttpError(404, "Pour not found");
    pourId = n;
  }
  if (mixId === null && pourId === null)
    throw new HttpError(400, "A strength result belongs to a mix design or a pour");
  const tested = typeof b.tested_at === "string" ? Date.parse(b.tested_at) : NaN;
  if (!Number.isFinite(tested)) throw new HttpError(400, "tested_at must be an ISO date-time");
  return {
    specimen: b.specimen as SimMaturityInput["specimen"],
    label: text(b.label, "label", 120),
    mix_design_id: mixId,
    pour_id: pourId,
    tested_at: new Date(tested).toISOString(),
    age_h: num(b.age_h, "age_h", 0.01, 100_000),
    strength_mpa: num(b.strength_mpa, "strength_mpa", 0.01, 200),
    maturity_index: nullableNum(b.maturity_index, "maturity_index", 0, 10_000_000),
    notes: text(b.notes, "notes", 500),
  };
}

type Kind = "mixDesigns" | "evaporationLimits" | "maturityInputs";
const WHAT: Record<Kind, string> = {
  mixDesigns: "Mix design",
  evaporationLimits: "Evaporation limit",
  maturityInputs: "Strength result",
};

/** The four resources share their CRUD shape; only the input and the delete guard differ. */
function crud<K extends Kind>(
  kind: K,
  path: string,
  input: (ctx: Ctx, body: unknown, self: number | null) => object,
  order: (a: ConcreteMixState[K][number], b: ConcreteMixState[K][number]) => number,
  filter: (ctx: Ctx, row: ConcreteMixState[K][number]) => boolean = () => true,
  inUse: (ctx: Ctx, row: ConcreteMixState[K][number]) => string | null = () => null,
) {
  type Row = ConcreteMixState[K][number];
  const list = (ctx: Ctx) => data(ctx)[kind] as Row[];
  return routes([
    [
      "GET",
      path,
      (ctx) =>
        ok(
          list(ctx)
            .filter((r) => r.companyid === ctx.user.companyid && filter(ctx, r))
            .sort(order)
            .map(strip),
        ),
    ],
    ["GET", `${path}/:id`, (ctx) => ok(strip(mine(ctx, list(ctx), idOf(ctx), WHAT[kind])))],
    [
      "POST",
      path,
      (ctx) => {
        const d = data(ctx);
        const row = { id: ++d.seq, companyid: ctx.user.companyid, ...input(ctx, ctx.body, null) };
        list(ctx).push(row as Row);
        return ok(strip(row), 201);
      },
    ],
    [
      "PUT",
      `${path}/:id`,
      (ctx) => {
        const row = mine(ctx, list(ctx), idOf(ctx), WHAT[kind]);
        return ok(strip(Object.assign(row, input(ctx, ctx.body, row.id))));
      },
    ],
    [
      "DELETE",
      `${path}/:id`,
      (ctx) => {
        const row = mine(ctx, list(ctx), idOf(ctx), WHAT[kind]);
        const why = inUse(ctx, row);
        if (why) throw new HttpError(409, why);
        const rows = list(ctx);
        rows.splice(rows.indexOf(row), 1);
        return ok({ id: row.id });
      },
    ],
  ]);
}

const queryId = (ctx: Ctx, name: string) => {
  const v = ctx.query.get(name);
  return v === null || v === "" ? null : Number(v);
};

export const concreteMixRoutes = [
  ...crud(
    "mixDesigns",
    "/concrete/mixdesigns",
    (ctx, body) => mixInput(ctx, body),
    byName,
    (ctx, m) => {
      const s = queryId(ctx, "supplier_id");
      return s === null || m.supplier_id === s;
    },
    (ctx, m) => {
      const results = data(ctx).maturityInputs.filter((i) => i.mix_design_id === m.id).length;
      if (results)
        return `${m.name} has ${results} strength result${results === 1 ? "" : "s"}: delete them first`;
      const used = (pours(ctx.state) ?? []).filter((p) => p.mix_design_id === m.id).length;
      return used ? `${m.name} is used by ${used} pour${used === 1 ? "" : "s"}` : null;
    },
  ),
  ...crud("evaporationLimits", "/concrete/evaporationlimits", (_ctx, b) => limitInput(b), byName),
  ...crud(
    "maturityInputs",
    "/concrete/maturityinputs",
    (ctx, b) => inputInput(ctx, b),
    (a, b) => b.tested_at.localeCompare(a.tested_at) || b.id - a.id,
    (ctx, i) => {
      const mix = queryId(ctx, "mix_design_id");
      const pour = queryId(ctx, "pour_id");
      return (mix === null || i.mix_design_id === mix) && (pour === null || i.pour_id === pour);
    },
  ),
];
