/**
 * Measurement units (SPEC §2.11: metric by default). Everything is stored and computed in
 * kilometres and km/h; conversion happens only when a figure is shown, so totals never drift.
 */
export const MEASUREMENTS = ["metric", "imperial"] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

export const KM_PER_MILE = 1.609344;

export function parseMeasurement(value: unknown): Measurement {
  return value === "imperial" ? "imperial" : "metric";
}

/** Kilometres in the user's unit (miles for imperial). NaN and infinities become 0. */
export function toDistanceUnit(km: number, measurement: Measurement): number {
  const safe = Number.isFinite(km) ? km : 0;
  return measurement === "imperial" ? safe / KM_PER_MILE : safe;
}

/** The inverse of toDistanceUnit: a figure the user typed, back to kilometres. */
export function fromDistanceUnit(value: number, measurement: Measurement): number {
  const safe = Number.isFinite(value) ? value : 0;
  return measurement === "imperial" ? safe * KM_PER_MILE : safe;
}

export function toSpeedUnit(kmh: number, measurement: Measurement): number {
  return toDistanceUnit(kmh, measurement);
}

export const distanceLabel = (m: Measurement) => (m === "imperial" ? "mi" : "km");
export const speedLabel = (m: Measurement) => (m === "imperial" ? "mph" : "km/h");

function fixed(n: number, digits: number): string {
  // -0.0 reads as a bug on screen.
  const s = n.toFixed(digits);
  return /^-0(\.0+)?$/.test(s) ? s.slice(1) : s;
}

/** "12.3 km" or "7.6 mi". */
export function formatDistance(km: number, measurement: Measurement, digits = 1): string {
  return `${fixed(toDistanceUnit(km, measurement), digits)} ${distanceLabel(measurement)}`;
}

/** "80 km/h" or "50 mph". */
export function formatSpeed(kmh: number, measurement: Measurement, digits = 0): string {
  return `${fixed(toSpeedUnit(kmh, measurement), digits)} ${speedLabel(measurement)}`;
}

/** "1 h 05 min", "12 min", "45 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const d = Math.floor(h / 24);
  if (d > 0) return `${d} d ${h % 24} h`;
  return `${h} h ${String(m % 60).padStart(2, "0")} min`;
}

export const FEET_PER_METRE = 3.280839895;

/** A short length (a geofence radius): "200 m" or "656 ft", whole units with thousands separators. */
export function formatLength(metres: number, measurement: Measurement): string {
  const safe = Number.isFinite(metres) ? metres : 0;
  return measurement === "imperial"
    ? `${Math.round(safe * FEET_PER_METRE).toLocaleString("en")} ft`
    : `${Math.round(safe).toLocaleString("en")} m`;
}

/**
 * An odometer, the one way everywhere: grouped digits and the unit, "978,304 km" or "607,896 mi";
 * a logbook, where trips are tenths of a kilometre, asks for one decimal: "978,304.2 km".
 */
export function formatOdometer(km: number, measurement: Measurement, digits = 0): string {
  const n = toDistanceUnit(km, measurement);
  const text = n.toLocaleString("en", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${text} ${distanceLabel(measurement)}`;
}

/**
 * A stored distance as a form field's starting value in the user's unit, to the metre's order, so
 * a 5,000 mi interval stored as 8,046.72 km reads back as "5000", not "4999.999999999999".
 */
export function distanceInput(km: number | null | undefined, measurement: Measurement): string {
  if (km == null || !Number.isFinite(km)) return "";
  return String(Math.round(toDistanceUnit(km, measurement) * 1000) / 1000);
}

/** A distance the user typed in their unit, stored in kilometres to the metre. */
export function kmFromInput(value: number, measurement: Measurement): number {
  return Math.round(fromDistanceUnit(value, measurement) * 1000) / 1000;
}

/** "5,000 mi", "259,400.4 km": grouped, at most `digits` decimals. */
export function formatDistanceGrouped(km: number, measurement: Measurement, digits = 1): string {
  const n = toDistanceUnit(km, measurement).toLocaleString("en", { maximumFractionDigits: digits });
  return `${n} ${distanceLabel(measurement)}`;
}

/** A speed the user typed in their unit (km/h or mph), back to km/h. */
export function kmhFromInput(value: number, measurement: Measurement): number {
  return fromDistanceUnit(value, measurement);
}

/**
 * Temperatures are stored in °C. Most pages follow the reader's setting (°F when imperial); a
 * figure that is °C by definition (a Nurse–Saul maturity in °C·h, a datum T₀) names it with these.
 */
export const CELSIUS = "°C";
export const FAHRENHEIT = "°F";
export const MATURITY_UNIT = "°C·h";
export const temperatureLabel = (m: Measurement) => (m === "imperial" ? FAHRENHEIT : CELSIUS);

/** The unit systems as a settings choice names them. */
export const MEASUREMENT_LABELS: Record<Measurement, string> = {
  metric: "Metric (km, km/h, °C)",
  imperial: "Imperial (mi, mph, °F)",
};

/**
 * Text written in canonical units before its reader was known (a notification the background
 * sync wrote): its "91 km/h", "12,000 km", "21.5 °C", "2.0 °C/h" and "Δ 20.0 °C" (a temperature
 * difference, which has no offset) figures in the reader's unit.
 */
export function inReaderUnits(text: string, measurement: Measurement): string {
  if (measurement === "metric") return text;
  const n = (s: string) => Number(s.replaceAll(",", "").replace("−", "-"));
  const figure = String.raw`([-−]?\d[\d,]*(?:\.\d+)?)`;
  const digitsOf = (s: string) => /\.(\d+)/.exec(s)?.[1]?.length ?? 0;
  return text
    .replace(new RegExp(`${figure} km/h\\b`, "g"), (_, v: string) => formatSpeed(n(v), measurement))
    .replace(new RegExp(`${figure} km\\b`, "g"), (_, v: string) =>
      formatDistanceGrouped(n(v), measurement, 0),
    )
    .replace(
      new RegExp(`Δ ?${figure} ${CELSIUS}`, "g"),
      (_, v: string) => `Δ ${formatCelsiusDelta(n(v), measurement, Math.max(1, digitsOf(v)))}`,
    )
    .replace(new RegExp(`${figure} ${CELSIUS}/h`, "g"), (_, v: string) =>
      formatCelsiusRate(n(v), measurement, Math.max(1, digitsOf(v))),
    )
    .replace(new RegExp(`${figure} ${CELSIUS}(?!·)`, "g"), (_, v: string) =>
      formatCelsius(n(v), measurement, Math.max(1, digitsOf(v))),
    );
}

/** A stored °C reading in the reader's unit: "21.5 °C" or "70.7 °F". */
export function formatCelsius(c: number, measurement: Measurement, digits = 1): string {
  return `${fixed(toTemperatureUnit(c, measurement), digits)} ${temperatureLabel(measurement)}`;
}

/** A stored °C reading as a figure in the reader's unit (°F when imperial). NaN becomes 0. */
export function toTemperatureUnit(c: number, measurement: Measurement): number {
  const safe = Number.isFinite(c) ? c : 0;
  return measurement === "imperial" ? (safe * 9) / 5 + 32 : safe;
}

/** A temperature the user typed in their unit, stored in °C to the thousandth. */
export function celsiusFromInput(value: number, measurement: Measurement): number {
  const safe = Number.isFinite(value) ? value : 0;
  const c = measurement === "imperial" ? ((safe - 32) * 5) / 9 : safe;
  return Math.round(c * 1000) / 1000;
}

/** A temperature difference (or rate) has no offset: 19.4 °C apart is 34.9 °F apart. */
export function toTemperatureDeltaUnit(c: number, measurement: Measurement): number {
  const safe = Number.isFinite(c) ? c : 0;
  return measurement === "imperial" ? (safe * 9) / 5 : safe;
}

/** A temperature difference the user typed in their unit, stored in °C to the thousandth. */
export function celsiusDeltaFromInput(value: number, measurement: Measurement): number {
  const safe = Number.isFinite(value) ? value : 0;
  const c = measurement === "imperial" ? (safe * 5) / 9 : safe;
  return Math.round(c * 1000) / 1000;
}

/**
 * A stored °C value as a form field's starting value in the user's unit, to the hundredth, so
 * 35 °F stored as 1.667 °C reads back as "35", not "35.0006".
 */
export function temperatureInput(
  c: number | null | undefined,
  measurement: Measurement,
  kind: "temperature" | "delta" = "temperature",
): string {
  if (c == null || !Number.isFinite(c)) return "";
  const v =
    kind === "delta" ? toTemperatureDeltaUnit(c, measurement) : toTemperatureUnit(c, measurement);
  return String(Math.round(v * 100) / 100);
}

/** A stored °C difference in the reader's unit: "19.4 °C" or "34.9 °F". */
export function formatCelsiusDelta(c: number, measurement: Measurement, digits = 1): string {
  return `${fixed(toTemperatureDeltaUnit(c, measurement), digits)} ${temperatureLabel(measurement)}`;
}

/** A rate of change stored in °C per hour: "2.0 °C/h" or "3.6 °F/h". */
export function formatCelsiusRate(cPerHour: number, measurement: Measurement, digits = 1): string {
  return `${formatCelsiusDelta(cPerHour, measurement, digits)}/h`;
}

/** A °C band as the reader reads it: "2–8 °C", "35.6–46.4 °F", "≤ 8 °C", "≥ 15 °C". */
export function formatCelsiusBand(
  min: number | null,
  max: number | null,
  measurement: Measurement,
  digits = 1,
): string {
  const x = (c: number) =>
    String(Math.round(toTemperatureUnit(c, measurement) * 10 ** digits) / 10 ** digits);
  const u = temperatureLabel(measurement);
  if (min !== null && max !== null) return `${x(min)}–${x(max)} ${u}`;
  if (max !== null) return `≤ ${x(max)} ${u}`;
  if (min !== null) return `≥ ${x(min)} ${u}`;
  return "no bounds";
}

/**
 * A temperature unit someone picks for what they type or declare (a sensor limit set in °F, a
 * shipment profile in °C): the choice names its unit whatever the reader's own system is.
 */
export const TEMPERATURE_UNIT_LABELS: Record<"C" | "F", string> = { C: CELSIUS, F: FAHRENHEIT };
