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
 * sync wrote): its "91 km/h" and "12,000 km" figures in the reader's unit.
 */
export function inReaderUnits(text: string, measurement: Measurement): string {
  if (measurement === "metric") return text;
  const n = (s: string) => Number(s.replaceAll(",", ""));
  return text
    .replace(/(\d[\d,]*(?:\.\d+)?) km\/h\b/g, (_, v: string) => formatSpeed(n(v), measurement))
    .replace(/(\d[\d,]*(?:\.\d+)?) km\b/g, (_, v: string) =>
      formatDistanceGrouped(n(v), measurement, 0),
    );
}

/** A stored °C reading in the reader's unit: "21.5 °C" or "70.7 °F". */
export function formatCelsius(c: number, measurement: Measurement, digits = 1): string {
  const v = measurement === "imperial" ? (c * 9) / 5 + 32 : c;
  return `${fixed(v, digits)} ${temperatureLabel(measurement)}`;
}
