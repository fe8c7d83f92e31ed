/** Cell formatting shared by the screen, CSV and PDF (XLSX keeps numbers as numbers). */
import { offsetAt } from "../schedule";
import type { Cell, Column, ColumnType } from "./types";

const UNITS: Partial<Record<ColumnType, string>> = {
  km: "km",
  kmh: "km/h",
  percent: "%",
  celsius: "°C",
};

/** "Distance (km)". */
export function headerLabel(c: Column): string {
  const unit = UNITS[c.type];
  return unit ? `${c.label} (${unit})` : c.label;
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

export function formatCell(c: Column, v: Cell, timeZone: string): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (!Number.isFinite(v)) return "";
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
