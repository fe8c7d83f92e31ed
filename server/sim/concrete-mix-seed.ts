/** The concrete mix API's data (api-concrete-mix.ts): its shapes and the seeded world. */
import { CONCRETE_SUPPLIER_IDS } from "./suppliers-seed";

export type SimCalibrationPoint = {
  age_h: number;
  /** Nurse–Saul maturity (°C·h) of the specimens at the break, when recorded. */
  maturity: number | null;
  /** Equivalent age (h at 20 °C) of the specimens at the break, when recorded. */
  equivalent_age: number | null;
  strength_mpa: number;
};
export type SimMixDesign = {
  id: number;
  companyid: number;
  supplier_id: number;
  name: string;
  design_strength_mpa: number;
  cement_type: string;
  supplementary_materials: string;
  wc_ratio: number;
  admixtures: string[];
  slump_mm: number;
  low_bleed: boolean;
  datum_c: number;
  q_k: number;
  /** Which index the calibration (and so the curve) is expressed in. */
  basis: "maturity" | "equivalent_age";
  /** The curve the engineer picked, or "best". */
  curve: "best" | "logarithmic" | "hyperbolic" | "exponential";
  calibration: SimCalibrationPoint[];
};
export type SimEvaporationLimit = {
  id: number;
  companyid: number;
  name: string;
  threshold_kg_m2_h: number;
  low_bleed: boolean;
  notes: string;
};
export type SimMaturityInput = {
  id: number;
  companyid: number;
  specimen: "cylinder" | "core";
  label: string;
  mix_design_id: number | null;
  pour_id: number | null;
  tested_at: string;
  age_h: number;
  strength_mpa: number;
  /** The maturity index (in the mix's basis) the specimen or its pour had at the break, if known. */
  maturity_index: number | null;
  notes: string;
};
export type ConcreteMixState = {
  seq: number;
  mixDesigns: SimMixDesign[];
  evaporationLimits: SimEvaporationLimit[];
  maturityInputs: SimMaturityInput[];
};

export const DEFAULT_DATUM_C = -10;
export const DEFAULT_Q_K = 5000;
export const DEFAULT_LIMIT = 1.0;
export const LOW_BLEED_LIMIT = 0.5;

/** Breaks of lab-cured cylinders (23 °C, ASTM C511): both indices recorded for each. */
function lab(datum: number, q: number, breaks: Array<[number, number]>): SimCalibrationPoint[] {
  const factor = Math.exp(-q * (1 / (23 + 273.15) - 1 / (20 + 273.15)));
  return breaks.map(([age_h, strength_mpa]) => ({
    age_h,
    maturity: Math.round(age_h * (23 - datum)),
    equivalent_age: Math.round(age_h * factor * 10) / 10,
    strength_mpa,
  }));
}

export function seed(): ConcreteMixState {
  let id = 2400;
  // The suppliers are the shared list's (suppliers-seed.ts, kind concrete): ids 2401–2403.
  id += CONCRETE_SUPPLIER_IDS.length;
  const [s1, s2, s3] = CONCRETE_SUPPLIER_IDS.map((sid) => ({ id: sid }));
  const mixDesigns: SimMixDesign[] = [
    {
      id: ++id,
      companyid: 1,
      supplier_id: s1.id,
      name: "N32/20 general slab",
      design_strength_mpa: 32,
      cement_type: "GP (general purpose)",
      supplementary_materials: "Fly ash 20 %",
      wc_ratio: 0.5,
      admixtures: ["Water reducer"],
      slump_mm: 100,
      low_bleed: false,
      datum_c: -10,
      q_k: 5000,
      basis: "maturity",
      curve: "best",
      calibration: lab(-10, 5000, [
        [24, 9.5],
        [72, 18.6],
        [168, 24.8],
        [336, 29.6],
        [672, 34.1],
      ]),
    },
    {
      id: ++id,
      companyid: 1,
      supplier_id: s1.id,
      name: "S40/14 post-tensioned",
      design_strength_mpa: 40,
      cement_type: "HE (high early strength)",
      supplementary_materials: "None",
      wc_ratio: 0.42,
      admixtures: ["High-range water reducer", "Accelerator"],
      slump_mm: 120,
      low_bleed: false,
      datum_c: -10,
      q_k: 5000,
      basis: "maturity",
      curve: "best",
      calibration: lab(-10, 5000, [
        [24, 16],
        [72, 27.5],
        [168, 34],
        [672, 44.2],
      ]),
    },
    {
      id: ++id,
      companyid: 1,
      supplier_id: s2.id,
      name: "M50 mass low-heat",
      design_strength_mpa: 50,
      cement_type: "LH (low heat)",
      supplementary_materials: "Slag 50 %, fly ash 15 %",
      wc_ratio: 0.38,
      admixtures: ["Retarder", "High-range water reducer"],
      slump_mm: 80,
      low_bleed: true,
      datum_c: -10,
      q_k: 5500,
      basis: "equivalent_age",
      curve: "best",
      calibration: lab(-10, 5500, [
        [24, 5.2],
        [72, 14],
        [168, 24.5],
        [672, 43],
        [1344, 52.5],
      ]),
    },
    {
      id: ++id,
      companyid: 2,
      supplier_id: s3.id,
      name: "N25 footings",
      design_strength_mpa: 25,
      cement_type: "GP (general purpose)",
      supplementary_materials: "None",
      wc_ratio: 0.55,
      admixtures: [],
      slump_mm: 100,
      low_bleed: false,
      datum_c: -10,
      q_k: 5000,
      basis: "maturity",
      curve: "best",
      calibration: lab(-10, 5000, [
        [24, 7],
        [72, 14.2],
        [168, 19.5],
        [672, 26.4],
      ]),
    },
  ];
  const [m1, , m3, m4] = mixDesigns as [SimMixDesign, SimMixDesign, SimMixDesign, SimMixDesign];
  const evaporationLimits: SimEvaporationLimit[] = [
    {
      id: ++id,
      companyid: 1,
      name: "ACI 305R standard",
      threshold_kg_m2_h: DEFAULT_LIMIT,
      low_bleed: false,
      notes: "Ordinary mixes with normal bleeding.",
    },
    {
      id: ++id,
      companyid: 1,
      name: "Low-bleed and high-SCM mixes",
      threshold_kg_m2_h: LOW_BLEED_LIMIT,
      low_bleed: true,
      notes: "Mass and silica-fume mixes bleed little: protect the surface sooner.",
    },
    {
      id: ++id,
      companyid: 2,
      name: "Standard",
      threshold_kg_m2_h: DEFAULT_LIMIT,
      low_bleed: false,
      notes: "",
    },
  ];
  const maturityInputs: SimMaturityInput[] = [
    {
      id: ++id,
      companyid: 1,
      specimen: "cylinder",
      label: "Field-cured set A, 3 d",
      mix_design_id: m1.id,
      pour_id: null,
      tested_at: "2026-10-05T09:00:00.000Z",
      age_h: 72,
      strength_mpa: 17.9,
      maturity_index: 2210,
      notes: "",
    },
    {
      id: ++id,
      companyid: 1,
      specimen: "core",
      label: "Core C1, raft north",
      mix_design_id: m3.id,
      pour_id: null,
      tested_at: "2026-10-12T14:30:00.000Z",
      age_h: 168,
      strength_mpa: 25.8,
      maturity_index: null,
      notes: "75 mm core, L/D 2",
    },
    {
      id: ++id,
      companyid: 2,
      specimen: "cylinder",
      label: "Footing F2, 7 d",
      mix_design_id: m4.id,
      pour_id: null,
      tested_at: "2026-10-20T08:00:00.000Z",
      age_h: 168,
      strength_mpa: 19.1,
      maturity_index: null,
      notes: "",
    },
  ];
  return { seq: id, mixDesigns, evaporationLimits, maturityInputs };
}
