import { DEFAULT_DATUM_C, DEFAULT_Q_K, toTemperatureUnit, type TemperatureUnit } from "./curing";
import { CEMENT_TYPES, type Fields } from "./mix-form";
import type { MixDesign } from "./mix-upstream.server";

/** The form's strings for a saved mix (or the defaults of a new one), T₀ in the reader's `unit`. */
export function mixFields(mix: MixDesign | null, unit: TemperatureUnit): Fields {
  const f: Fields = {
    supplier_id: mix ? String(mix.supplier_id) : "",
    name: mix?.name ?? "",
    design_strength_mpa: mix ? String(mix.design_strength_mpa) : "",
    cement_type: mix?.cement_type ?? CEMENT_TYPES[0],
    supplementary_materials: mix?.supplementary_materials ?? "",
    wc_ratio: mix ? String(mix.wc_ratio) : "",
    admixtures: mix?.admixtures.join(", ") ?? "",
    slump_mm: mix ? String(mix.slump_mm) : "",
    datum_c: String(
      Math.round(toTemperatureUnit(mix?.datum_c ?? DEFAULT_DATUM_C, unit) * 100) / 100,
    ),
    unit,
    q_k: String(mix?.q_k ?? DEFAULT_Q_K),
    basis: mix?.basis ?? "maturity",
    curve: mix?.curve ?? "best",
  };
  if (mix?.low_bleed) f.low_bleed = "on";
  (mix?.calibration ?? []).forEach((p, i) => {
    f[`cal_${i}_age`] = String(p.age_h);
    f[`cal_${i}_index`] = String((mix!.basis === "maturity" ? p.maturity : p.equivalent_age) ?? "");
    f[`cal_${i}_strength`] = String(p.strength_mpa);
  });
  return f;
}
