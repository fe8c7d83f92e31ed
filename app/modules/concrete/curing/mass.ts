/**
 * Mass concrete (ACI 301 / ACI 207): limits are stored in °C; the user's unit is for display.
 * The differential default is 35 °F expressed as a temperature difference, 19.4 °C.
 */
export const MASS_CONCRETE_DEFAULTS = {
  maxTemperatureC: 70,
  maxDifferentialC: 19.4,
} as const;

export type TemperatureUnit = "C" | "F";

/** °C (a temperature) in the unit shown. */
export function toTemperatureUnit(c: number, unit: TemperatureUnit): number {
  return unit === "F" ? (c * 9) / 5 + 32 : c;
}
export function fromTemperatureUnit(value: number, unit: TemperatureUnit): number {
  return unit === "F" ? ((value - 32) * 5) / 9 : value;
}
/** A temperature difference (no offset): 19.4 °C ↔ 34.9 °F. */
export function toDifferenceUnit(c: number, unit: TemperatureUnit): number {
  return unit === "F" ? (c * 9) / 5 : c;
}
export function fromDifferenceUnit(value: number, unit: TemperatureUnit): number {
  return unit === "F" ? (value * 5) / 9 : value;
}
/** The app's metric/imperial setting picks the temperature unit. */
export function temperatureUnitFor(measurement: "metric" | "imperial"): TemperatureUnit {
  return measurement === "imperial" ? "F" : "C";
}
export function formatTemperature(c: number, unit: TemperatureUnit, digits = 1): string {
  const s = toTemperatureUnit(c, unit).toFixed(digits);
  return `${/^-0(\.0+)?$/.test(s) ? s.slice(1) : s} °${unit}`;
}
export function formatDifference(c: number, unit: TemperatureUnit, digits = 1): string {
  return `${toDifferenceUnit(c, unit).toFixed(digits)} °${unit}`;
}

/** Core minus surface, the differential mass-concrete limits bound. */
export function coreSurfaceDifference(coreC: number, surfaceC: number): number {
  return coreC - surfaceC;
}
