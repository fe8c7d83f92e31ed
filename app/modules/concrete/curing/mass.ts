/**
 * Mass concrete (ACI 301 / ACI 207): limits are stored in °C; the user's unit is for display.
 * The differential default is 35 °F expressed as a temperature difference, 19.4 °C. The
 * conversions are app/lib/units's; "C" / "F" name the reader's system in this module's forms.
 */
import {
  celsiusDeltaFromInput,
  celsiusFromInput,
  formatCelsius,
  formatCelsiusDelta,
  toTemperatureDeltaUnit,
  temperatureLabel,
  toTemperatureUnit as toReaderTemperature,
  type Measurement,
} from "~/lib/units";

export const MASS_CONCRETE_DEFAULTS = {
  maxTemperatureC: 70,
  maxDifferentialC: 19.4,
} as const;

export type TemperatureUnit = "C" | "F";

const systemOf = (unit: TemperatureUnit): Measurement => (unit === "F" ? "imperial" : "metric");

/** °C (a temperature) in the unit shown. */
export function toTemperatureUnit(c: number, unit: TemperatureUnit): number {
  return toReaderTemperature(c, systemOf(unit));
}
export function fromTemperatureUnit(value: number, unit: TemperatureUnit): number {
  return celsiusFromInput(value, systemOf(unit));
}
/** A temperature difference (no offset): 19.4 °C ↔ 34.9 °F. */
export function toDifferenceUnit(c: number, unit: TemperatureUnit): number {
  return toTemperatureDeltaUnit(c, systemOf(unit));
}
export function fromDifferenceUnit(value: number, unit: TemperatureUnit): number {
  return celsiusDeltaFromInput(value, systemOf(unit));
}
/** The app's metric/imperial setting picks the temperature unit. */
export function temperatureUnitFor(measurement: Measurement): TemperatureUnit {
  return measurement === "imperial" ? "F" : "C";
}
export function formatTemperature(c: number, unit: TemperatureUnit, digits = 1): string {
  return formatCelsius(c, systemOf(unit), digits);
}
/** "°C" or "°F", a field's unit. */
export function temperatureUnitLabel(unit: TemperatureUnit): string {
  return temperatureLabel(systemOf(unit));
}
export function formatDifference(c: number, unit: TemperatureUnit, digits = 1): string {
  return formatCelsiusDelta(c, systemOf(unit), digits);
}

/** Core minus surface, the differential mass-concrete limits bound. */
export function coreSurfaceDifference(coreC: number, surfaceC: number): number {
  return coreC - surfaceC;
}
