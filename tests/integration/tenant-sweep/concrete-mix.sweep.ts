import {
  evaporationLimitsApi,
  listEvaporationLimits,
  listMaturityInputs,
  listMixDesigns,
  listSuppliers,
} from "~/modules/concrete/mix-upstream.server";
import { defineSweep, type SweepCase } from "./kit";

/**
 * Concrete mix side (issue 24): company 2's suppliers, mix designs, evaporation limits and
 * strength results, opened, edited, deleted or referred to by company 1. Bodies are otherwise
 * valid, so a 404 can only come from the foreign id.
 */
export default defineSweep({
  seed: async ({ upA, upB }) => ({
    supplierA: (await listSuppliers(upA))[0]!.id,
    supplierB: (await listSuppliers(upB))[0]!.id,
    mixB: (await listMixDesigns(upB))[0]!.id,
    limitB: (await listEvaporationLimits(upB))[0]!.id,
    inputB: (await listMaturityInputs(upB))[0]!.id,
  }),
  cases: ({ supplierA, supplierB, mixB, limitB, inputB }) => {
    const mix = (supplier: number) => ({
      supplier_id: String(supplier),
      name: "Mine",
      design_strength_mpa: "32",
      cement_type: "GP (general purpose)",
      wc_ratio: "0.5",
      slump_mm: "100",
      datum_c: "-10",
      q_k: "5000",
      basis: "maturity",
      curve: "best",
    });
    const result = {
      specimen: "cylinder",
      tested_at: "2026-11-20T10:00",
      age_h: "24",
      strength_mpa: "10",
    };
    const list: SweepCase[] = [
      {
        file: "_shell.concrete.mix-design._index.tsx",
        method: "POST",
        url: "/concrete/mix-design",
        body: { intent: "create", ...mix(supplierB) },
      },
      {
        file: "_shell.concrete.mix-design.$id.tsx",
        method: "GET",
        url: `/concrete/mix-design/${mixB}`,
      },
      ...["update", "delete"].map((intent): SweepCase => ({
        file: "_shell.concrete.mix-design.$id.tsx",
        method: "POST",
        url: `/concrete/mix-design/${mixB}`,
        body: { intent, confirm: "yes", ...mix(supplierA) },
      })),
      {
        file: "_shell.concrete.evaporation-limit.tsx",
        method: "GET",
        url: `/concrete/evaporation-limit?id=${limitB}`,
      },
      {
        file: "_shell.concrete.evaporation-limit.tsx",
        method: "POST",
        url: `/concrete/evaporation-limit?id=${limitB}`,
        body: { intent: "update", name: "Mine", threshold_kg_m2_h: "0.7" },
      },
      {
        file: "_shell.concrete.evaporation-limits.tsx",
        method: "POST",
        url: "/concrete/evaporation-limits",
        body: { intent: "delete", id: String(limitB), confirm: "yes" },
      },
      {
        file: "_shell.concrete.maturity-inputs.tsx",
        method: "POST",
        url: "/concrete/maturity-inputs",
        body: { intent: "delete", id: String(inputB), confirm: "yes" },
      },
      {
        file: "_shell.concrete.maturity-input.tsx",
        method: "POST",
        url: "/concrete/maturity-input",
        body: { intent: "create", ...result, mix_design_id: String(mixB) },
      },
    ];
    return list;
  },
  own: ({ mixB, limitB }) => [
    `/concrete/mix-design/${mixB}`,
    `/concrete/evaporation-limit?id=${limitB}`,
  ],
  snapshot: async ({ upB }) => ({
    suppliers: await listSuppliers(upB),
    mixes: await listMixDesigns(upB),
    limits: await evaporationLimitsApi.list(upB),
    inputs: await listMaturityInputs(upB),
  }),
  secrets: () => ["Southside Mix Co", "N25 footings", "Footing F2"],
});
