/**
 * Evaporation from a fresh concrete surface, Uno (1998), "Development of a formula for
 * evaporation rate": the closed form behind ACI 305R's nomograph.
 * E = 5·((T꜀ + 18)^2.5 − r·(Tₐ + 18)^2.5)·(V + 4)·10⁻⁶ kg/m²/h
 * with T꜀ concrete and Tₐ air temperature in °C, r relative humidity as a fraction, V wind km/h.
 */
export type EvaporationInput = {
  airC: number;
  concreteC: number;
  /** Relative humidity in percent (0–100). */
  humidityPct: number;
  windKmh: number;
};

/** The formula as published; negative values mean condensation onto the surface. */
export function unoEvaporationRate({ airC, concreteC, humidityPct, windKmh }: EvaporationInput) {
  const r = humidityPct / 100;
  return 5 * ((concreteC + 18) ** 2.5 - r * (airC + 18) ** 2.5) * (windKmh + 4) * 1e-6;
}

/** ACI 305R's usual threshold, and the one for low-bleed (high-SCM, low w/c) mixes. */
export const DEFAULT_EVAPORATION_LIMIT = 1.0;
export const LOW_BLEED_EVAPORATION_LIMIT = 0.5;

export type EvaporationRisk = "low" | "moderate" | "high";

/** Within this share of the limit the risk is moderate: the estimate itself is only about ±40 %. */
export const MODERATE_SHARE = 0.75;

export function evaporationRisk(rate: number, limit: number): EvaporationRisk {
  if (rate >= limit) return "high";
  if (rate >= MODERATE_SHARE * limit) return "moderate";
  return "low";
}

export const RISK_TEXT: Record<EvaporationRisk, string> = {
  high: "High: at or above the limit; protect the surface (fog, windbreaks, shade, evaporation retarder)",
  moderate: "Moderate: within 25 % of the limit; be ready to protect the surface",
  low: "Low: well below the limit",
};
