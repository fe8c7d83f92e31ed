/**
 * Concrete mix designs, evaporation limits and maturity inputs (strength results): designed calls,
 * served by the simulator in server/sim/api-concrete-mix.ts. The pours part of the module reads mix
 * designs (their T₀, Q and calibration) through `getMixDesign`/`listMixDesigns`. Suppliers are the
 * operations module's one list (kind concrete); a mix design's `supplier_id` is one of its ids.
 */
import { z } from "zod";
import { listSuppliers as listAllSuppliers } from "~/modules/operations/index.server";
import type { Upstream } from "~/services/upstream/client.server";

const id = z.number().int().positive();

export const calibrationPointSchema = z.object({
  age_h: z.number().positive(),
  maturity: z.number().nonnegative().nullable(),
  equivalent_age: z.number().nonnegative().nullable(),
  strength_mpa: z.number().positive(),
});
export type CalibrationPointRow = z.infer<typeof calibrationPointSchema>;

export const mixDesignSchema = z.object({
  id,
  supplier_id: id,
  name: z.string(),
  design_strength_mpa: z.number(),
  cement_type: z.string(),
  supplementary_materials: z.string(),
  wc_ratio: z.number(),
  admixtures: z.array(z.string()),
  slump_mm: z.number(),
  low_bleed: z.boolean(),
  datum_c: z.number(),
  q_k: z.number(),
  basis: z.enum(["maturity", "equivalent_age"]),
  curve: z.enum(["best", "logarithmic", "hyperbolic", "exponential"]),
  calibration: z.array(calibrationPointSchema),
});
export type MixDesign = z.infer<typeof mixDesignSchema>;
/** T₀ and Q may be left out: the upstream applies −10 °C and 5000 K. */
export type MixDesignInput = Omit<MixDesign, "id" | "datum_c" | "q_k" | "curve"> & {
  datum_c?: number;
  q_k?: number;
  curve?: MixDesign["curve"];
};

export const evaporationLimitSchema = z.object({
  id,
  name: z.string(),
  threshold_kg_m2_h: z.number().positive(),
  low_bleed: z.boolean(),
  notes: z.string(),
});
export type EvaporationLimit = z.infer<typeof evaporationLimitSchema>;
/** Without a threshold the upstream applies 1.0 kg/m²/h, or 0.5 for a low-bleed limit. */
export type EvaporationLimitInput = Omit<EvaporationLimit, "id" | "threshold_kg_m2_h"> & {
  threshold_kg_m2_h?: number;
};

export const maturityInputSchema = z.object({
  id,
  specimen: z.enum(["cylinder", "core"]),
  label: z.string(),
  mix_design_id: id.nullable(),
  pour_id: id.nullable(),
  tested_at: z.string(),
  age_h: z.number().positive(),
  strength_mpa: z.number().positive(),
  maturity_index: z.number().nonnegative().nullable(),
  notes: z.string(),
});
export type MaturityInput = z.infer<typeof maturityInputSchema>;
export type MaturityInputInput = Omit<MaturityInput, "id">;

const deleted = z.object({ id });

/** list / get / create / update / remove for one resource path. */
function resource<T, I>(path: string, schema: z.ZodType<T>) {
  return {
    list: async (up: Upstream, query?: Record<string, number | null | undefined>) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v != null) q.set(k, String(v));
      const s = q.toString();
      return (
        await up.request({
          method: "GET",
          path: s ? `${path}?${s}` : path,
          schema: z.array(schema),
          idempotent: true,
        })
      ).data;
    },
    get: async (up: Upstream, rid: number) =>
      (await up.request({ method: "GET", path: `${path}/${rid}`, schema, idempotent: true })).data,
    create: async (up: Upstream, body: I) =>
      (await up.request({ method: "POST", path, body, schema })).data,
    update: async (up: Upstream, rid: number, body: I) =>
      (await up.request({ method: "PUT", path: `${path}/${rid}`, body, schema })).data,
    remove: async (up: Upstream, rid: number) =>
      (await up.request({ method: "DELETE", path: `${path}/${rid}`, schema: deleted })).data,
  };
}

export const mixDesignsApi = resource<MixDesign, MixDesignInput>(
  "/concrete/mixdesigns",
  mixDesignSchema,
);
export const evaporationLimitsApi = resource<EvaporationLimit, EvaporationLimitInput>(
  "/concrete/evaporationlimits",
  evaporationLimitSchema,
);
export const maturityInputsApi = resource<MaturityInput, MaturityInputInput>(
  "/concrete/maturityinputs",
  maturityInputSchema,
);

/** The ready-mix plants: the shared supplier list's concrete suppliers. */
export const listSuppliers = (up: Upstream) => listAllSuppliers(up, "concrete");
export const listMixDesigns = (up: Upstream, q?: { supplier_id?: number }) =>
  mixDesignsApi.list(up, q);
export const getMixDesign = (up: Upstream, rid: number) => mixDesignsApi.get(up, rid);
export const listEvaporationLimits = (up: Upstream) => evaporationLimitsApi.list(up);
export const listMaturityInputs = (
  up: Upstream,
  q?: { mix_design_id?: number | null; pour_id?: number | null },
) => maturityInputsApi.list(up, q);
