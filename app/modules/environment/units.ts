/** Units of sensor channels: stored canonical (°C, %), shown in the reader's setting (°F when imperial). */
import {
  celsiusFromInput,
  formatCelsiusBand,
  temperatureLabel,
  toTemperatureUnit,
  type Measurement,
} from "~/lib/units";

/** The canonical value (°C for temperature) of a value given in `unit` ("F", "C" or "%"). */
export const toCanonical = (v: number, unit: string) =>
  unit === "F" ? celsiusFromInput(v, "imperial") : v;

export function displayUnit(channel: string, m: Measurement): string {
  if (channel === "temperature" || channel === "setpoint") return temperatureLabel(m);
  if (channel === "humidity" || channel === "battery") return "%";
  return "";
}

/** A canonical value in the reader's unit, rounded for display only. */
export function shown(channel: string, v: number, m: Measurement, digits = 1): number {
  const x = channel === "temperature" || channel === "setpoint" ? toTemperatureUnit(v, m) : v;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export const CHANNEL_LABEL: Record<string, string> = {
  temperature: "Temperature",
  humidity: "Humidity",
  door: "Door",
  setpoint: "Setpoint",
  defrost: "Defrost",
  battery: "Battery",
};

export const KIND_LABEL: Record<string, string> = {
  environment: "Environment sensor",
  reefer: "Cold-chain trailer",
  probe: "Temperature probe",
};

export function formatMinutes(ms: number): string {
  const min = Math.round(ms / 60_000);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return `${h} h ${String(min % 60).padStart(2, "0")} min`;
}

/**
 * A profile tier's name for the reader: a label that is itself a band in °C ("2–8 °C") is shown
 * as the band in the reader's unit; any other label ("Tier 1") keeps its name beside the band.
 */
export function tierName(
  t: { label: string; min: number | null; max: number | null },
  m: Measurement,
): string {
  if (t.label.includes(temperatureLabel("metric")))
    return m === "imperial" ? formatCelsiusBand(t.min, t.max, m) : t.label;
  return `${t.label} (${formatCelsiusBand(t.min, t.max, m)})`;
}
