/** Cell formatting shared by the screen, CSV and PDF (XLSX keeps numbers as numbers). */
import {
  distanceLabel,
  inReaderUnits,
  speedLabel,
  temperatureLabel,
  toDistanceUnit,
  toTemperatureUnit,
  type Measurement,
} from "~/lib/units";
import { offsetAt } from "../schedule";
import type { Cell, Column, ColumnType, Headline } from "./types";

const UNITS: Partial<Record<ColumnType, string>> = {
  percent: "%",
};

/** The unit a column's figures are shown in: "km" or "mi", "km/h" or "mph", "%"… */
export function unitLabel(type: ColumnType, measurement: Measurement = "metric"): string | null {
  if (type === "km") return distanceLabel(measurement);
  if (type === "kmh") return speedLabel(measurement);
  if (type === "celsius") return temperatureLabel(measurement);
  return UNITS[type] ?? null;
}

/** "Distance (km)", or "Distance (mi)" for an imperial reader. */
export function headerLabel(c: Column, measurement: Measurement = "metric"): string {
  const unit = unitLabel(c.type, measurement);
  return unit ? `${c.label} (${unit})` : c.label;
}

/**
 * A stored figure in the reader's unit. Reports keep kilometres and km/h (totals never drift);
 * only what is shown or exported is converted. XLSX keeps the converted number as a number.
 */
export function inUnit(type: ColumnType, v: number, measurement: Measurement = "metric"): number {
  if (type === "celsius") return toTemperatureUnit(v, measurement);
  return type === "km" || type === "kmh" ? toDistanceUnit(v, measurement) : v;
}

const pad = (n: number) => String(n).padStart(2, "0");

const QUARTER = 15 * 60_000;
const offsets = new Map<string, number>();

/**
 * The wall clock of an instant as a Date whose UTC fields read as local time. Offsets only change
 * on quarter-hour boundaries, so one Intl lookup per quarter hour serves 100,000 rows quickly.
 */
function wall(ms: number, timeZone: string): Date {
  const key = `${timeZone}|${Math.floor(ms / QUARTER)}`;
  let off = offsets.get(key);
  if (off === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    off = offsetAt(Math.floor(ms / QUARTER) * QUARTER, timeZone);
    offsets.set(key, off);
  }
  return new Date(ms + off);
}

/** "2026-03-01 07:05" in the time zone. */
export function formatLocal(ms: number, timeZone: string): string {
  const d = wall(ms, timeZone);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** "YYYY-MM-DD" of an instant in the time zone. */
export function localDay(ms: number, timeZone: string): string {
  const d = wall(ms, timeZone);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** "1:05:09" (hours may exceed 24 in totals). */
export function formatHms(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export function formatCell(
  c: Pick<Column, "type">,
  cell: Cell,
  timeZone: string,
  measurement: Measurement = "metric",
): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "string")
    return c.type === "celsius_text" ? inReaderUnits(cell, measurement) : cell;
  if (!Number.isFinite(cell)) return "";
  const v = inUnit(c.type, cell, measurement);
  switch (c.type) {
    case "datetime":
      return formatLocal(v, timeZone);
    case "duration":
      return formatHms(v);
    case "km":
      return v.toFixed(1);
    case "kmh":
      return v.toFixed(0);
    case "percent":
      return v.toFixed(1);
    case "celsius":
      return v.toFixed(1);
    default:
      return Number.isInteger(v) ? String(v) : v.toFixed(2);
  }
}

/** A headline figure as text, with its unit: "1,234.5 km" or "767.1 mi". */
export function headlineText(h: Headline, measurement: Measurement = "metric"): string {
  if (typeof h.value === "string" || !h.type) return String(h.value);
  const unit = unitLabel(h.type, measurement);
  const text = formatCell({ type: h.type }, h.value, "UTC", measurement);
  return unit ? `${text} ${unit}` : text;
}

/** Headline figures as label and text, for the screen, the email and the PDF's summary block. */
export function headlineTexts(hs: Headline[], measurement: Measurement = "metric") {
  return hs.map((h) => ({ label: h.label, value: headlineText(h, measurement) }));
}
