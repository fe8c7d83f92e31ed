/**
 * The concrete mix forms (browser and server alike): mix designs with calibration
 * rows, evaporation limits, strength results and the two calculators. Each parser takes the posted
 * fields and gives either the value for the upstream or one message per field, so a page shows
 * the message beside the field and keeps what was typed.
 */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";
import { MIN_CALIBRATION_POINTS } from "./curing/curves";
import { DEFAULT_DATUM_C, DEFAULT_Q_K } from "./curing/maturity";
import {
  fromTemperatureUnit,
  temperatureUnitLabel,
  toTemperatureUnit,
  type TemperatureUnit,
} from "./curing/mass";
import { MATURITY_UNIT } from "~/lib/units";

export type Fields = Record<string, string>;
export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: Fields };

/** The posted strings (files and repeated names aside). */
export function fieldsOf(form: FormData): Fields {
  const out: Fields = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}

function parse<S extends z.ZodTypeAny>(schema: S, fields: Fields): Parsed<z.output<S>> {
  const r = schema.safeParse(fields);
  if (r.success) return { ok: true, value: r.data };
  const errors: Fields = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

const text = (max: number, label: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= max, `${label}: at most ${max} characters`);
const required = (max: number, message: string) =>
  z
    .string({ required_error: message })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters`);
/** A number typed in a field: "" is missing; a decimal comma is accepted. */
const numberIn = (min: number, max: number, message: string, optional = false) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? "").trim().replace(",", ".");
      if (!t) {
        if (optional) return null;
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const n = Number(t);
      if (!Number.isFinite(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });
/** A number that must be given. */
const numberReq = (min: number, max: number, message: string) =>
  numberIn(min, max, message).transform((v) => v as number);
/** The reader's temperature unit, posted with a form that takes temperatures ("C" unless "F"). */
export const unitOf = (f: Fields): TemperatureUnit => (f.unit === "F" ? "F" : "C");

/**
 * The datum temperature T₀ typed in the reader's unit, kept in °C: −30 to 20 °C (−22 to 68 °F);
 * blank is ASTM C1074's default.
 */
const datumField = (unit: TemperatureUnit) => {
  const [lo, hi] = [-30, 20].map((c) => Math.round(toTemperatureUnit(c, unit)));
  const shown = (n: number) => String(n).replace("-", "−");
  return numberIn(
    lo!,
    hi!,
    `Enter the datum temperature T₀, ${shown(lo!)} to ${shown(hi!)} ${temperatureUnitLabel(unit)}`,
    true,
  ).transform((v) => (v === null ? DEFAULT_DATUM_C : fromTemperatureUnit(v, unit)));
};

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

export const CEMENT_TYPES = [
  "GP (general purpose)",
  "GB (general purpose blended)",
  "HE (high early strength)",
  "LH (low heat)",
  "SR (sulfate resisting)",
  "SL (shrinkage limited)",
] as const;

/** Calibration rows on the form; blank rows are skipped, so a page offers a few spare ones. */
export const SPARE_CALIBRATION_ROWS = 3;
export const MAX_CALIBRATION_ROWS = 50;

export type CalibrationRow = { age_h: string; index: string; strength_mpa: string };

export function calibrationRows(f: Fields): CalibrationRow[] {
  const rows: CalibrationRow[] = [];
  for (let i = 0; i < MAX_CALIBRATION_ROWS; i++) {
    const age = f[`cal_${i}_age`];
    if (age === undefined) break;
    rows.push({
      age_h: age,
      index: f[`cal_${i}_index`] ?? "",
      strength_mpa: f[`cal_${i}_strength`] ?? "",
    });
  }
  return rows;
}

export const TOO_FEW_POINTS = `A calibration needs at least ${MIN_CALIBRATION_POINTS} points (age, maturity index and strength) for the curves to be fitted; add points, or leave every row empty to calibrate later.`;

export const mixDesignSchema = (unit: TemperatureUnit) =>
  z.object({
    supplier_id: numberReq(1, Number.MAX_SAFE_INTEGER, "Choose a supplier"),
    name: required(120, "Enter a name for the mix design"),
    design_strength_mpa: numberReq(5, 150, "Enter the design strength, 5 to 150 MPa"),
    cement_type: text(80, "Cement type"),
    supplementary_materials: text(200, "Supplementary materials"),
    wc_ratio: numberReq(0.2, 1, "Enter the water/cement ratio, 0.20 to 1.00"),
    admixtures: text(400, "Admixtures").transform((v) =>
      v
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean),
    ),
    slump_mm: numberReq(0, 300, "Enter the slump, 0 to 300 mm"),
    low_bleed: checkbox,
    datum_c: datumField(unit),
    q_k: numberIn(1000, 10_000, "Enter Q = E/R, 1000 to 10000 K", true).transform(
      (v) => v ?? DEFAULT_Q_K,
    ),
    basis: z.enum(["maturity", "equivalent_age"], { message: "Choose the maturity index" }),
    curve: z.enum(["best", "logarithmic", "hyperbolic", "exponential"], {
      message: "Choose a curve",
    }),
  });
export type MixDesignValue = z.output<ReturnType<typeof mixDesignSchema>> & {
  calibration: Array<{
    age_h: number;
    maturity: number | null;
    equivalent_age: number | null;
    strength_mpa: number;
  }>;
};

export function parseMixDesign(f: Fields): Parsed<MixDesignValue> {
  const head = parse(mixDesignSchema(unitOf(f)), f);
  const errors: Fields = head.ok ? {} : { ...head.errors };
  const calibration: MixDesignValue["calibration"] = [];
  const basis = f.basis === "equivalent_age" ? "equivalent_age" : "maturity";
  calibrationRows(f).forEach((row, i) => {
    if (!row.age_h.trim() && !row.index.trim() && !row.strength_mpa.trim()) return;
    const n = (s: string) => {
      const x = Number(s.trim().replace(",", "."));
      return s.trim() && Number.isFinite(x) && x > 0 ? x : null;
    };
    const age = n(row.age_h);
    const index = n(row.index);
    const strength = n(row.strength_mpa);
    if (age === null || index === null || strength === null || strength > 200) {
      errors[`cal_${i}`] =
        `Row ${i + 1}: enter the age (h), the ${basis === "maturity" ? `maturity (${MATURITY_UNIT})` : "equivalent age (h)"} and the strength (MPa), each above 0.`;
      return;
    }
    calibration.push({
      age_h: age,
      maturity: basis === "maturity" ? index : null,
      equivalent_age: basis === "equivalent_age" ? index : null,
      strength_mpa: strength,
    });
  });
  if (calibration.length > 0 && calibration.length < MIN_CALIBRATION_POINTS)
    errors.calibration = TOO_FEW_POINTS;
  if (!head.ok || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { ...head.value, calibration } };
}

export const EvaporationLimitSchema = z.object({
  name: required(120, "Enter a name for the limit"),
  threshold_kg_m2_h: numberIn(0.05, 5, "Enter a threshold from 0.05 to 5 kg/m²/h", true),
  low_bleed: checkbox,
  notes: text(500, "Notes"),
});
export const parseEvaporationLimit = (f: Fields) => parse(EvaporationLimitSchema, f);

export const MaturityInputSchema = z
  .object({
    specimen: z.enum(["cylinder", "core"], { message: "Choose cylinder or core" }),
    label: text(120, "Label"),
    mix_design_id: numberIn(1, Number.MAX_SAFE_INTEGER, "Choose a mix design", true),
    pour_id: numberIn(1, Number.MAX_SAFE_INTEGER, "Enter a pour number", true),
    tested_at: z
      .string({ required_error: "Enter when the specimen was tested" })
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter when the specimen was tested")
      .refine(hasSaneDay, DAY_MESSAGE),
    age_h: numberReq(0.01, 100_000, "Enter the age at the break in hours, above 0"),
    strength_mpa: numberReq(0.01, 200, "Enter the strength, above 0 and up to 200 MPa"),
    maturity_index: numberIn(0, 10_000_000, "Enter a maturity index of 0 or more", true),
    notes: text(500, "Notes"),
  })
  .superRefine((v, ctx) => {
    if (v.mix_design_id === null && v.pour_id === null)
      ctx.addIssue({
        code: "custom",
        path: ["mix_design_id"],
        message: "A strength result belongs to a mix design or a pour: choose one",
      });
  });
export const parseMaturityInput = (f: Fields) => parse(MaturityInputSchema, f);

export type EvaporationCalc = {
  airC: number;
  concreteC: number;
  humidityPct: number;
  windKmh: number;
};

/** The calculator's fields in the user's units (°C or °F; km/h or mph) → SI for Uno's formula. */
export function parseEvaporationCalc(
  f: Fields,
): Parsed<EvaporationCalc & { limitId: number | null }> {
  const unit: TemperatureUnit = f.unit === "F" ? "F" : "C";
  const mph = f.speed_unit === "mph";
  const r = parse(
    z.object({
      air: numberReq(-60, 160, "Enter the air temperature"),
      concrete: numberReq(-60, 160, "Enter the concrete temperature"),
      humidity: numberReq(0, 100, "Enter the relative humidity, 0 to 100 %"),
      wind: numberReq(0, 200, "Enter the wind speed, 0 or more"),
      limit_id: numberIn(1, Number.MAX_SAFE_INTEGER, "Choose a limit", true),
    }),
    f,
  );
  if (!r.ok) return r;
  return {
    ok: true,
    value: {
      airC: fromTemperatureUnit(r.value.air, unit),
      concreteC: fromTemperatureUnit(r.value.concrete, unit),
      humidityPct: r.value.humidity,
      windKmh: mph ? r.value.wind * 1.609344 : r.value.wind,
      limitId: r.value.limit_id,
    },
  };
}

/** The maturity calculator: the log and T₀ in the reader's unit (`unit`); T₀ comes back in °C. */
export const logCalcSchema = (unit: TemperatureUnit) =>
  z.object({
    log: z.string({ required_error: "Paste or type the temperature log" }).max(2_000_000),
    datum_c: datumField(unit),
    q_k: numberIn(1000, 10_000, "Enter Q = E/R, 1000 to 10000 K", true).transform(
      (v) => v ?? DEFAULT_Q_K,
    ),
  });
export const parseLogCalc = (f: Fields) => parse(logCalcSchema(unitOf(f)), f);
