import type { Reading } from "./maturity";
import {
  fromTemperatureUnit,
  temperatureUnitLabel,
  toTemperatureUnit,
  type TemperatureUnit,
} from "./mass";

/**
 * A temperature log typed or pasted as CSV, one reading a line: "time, °C" (or °F: the reader's
 * unit, `unit`; readings come back in °C). The time is either a
 * number of hours since the first reading (0, 0.5, 2…) or a date and time ("2026-11-02 08:00",
 * ISO 8601). Only differences matter to maturity, so a date without a zone is read as UTC.
 * Separators: comma, semicolon or tab. Blank lines and a header line are skipped.
 */
export type ParsedLog =
  { ok: true; readings: Reading[] } | { ok: false; line: number; message: string };

const NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

function number(text: string): number | null {
  const t = text.trim();
  return NUMBER.test(t) ? Number(t.replace(",", ".")) : null;
}

function time(text: string): number | null {
  const t = text.trim();
  const hours = number(t);
  if (hours !== null) return hours * 3_600_000;
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    t,
  );
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]!.padStart(2, "0")}:${m[5]}:${m[6] ?? "00"}${m[7] ?? "Z"}`;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

export function parseTemperatureLog(text: string, unit: TemperatureUnit = "C"): ParsedLog {
  const readings: Reading[] = [];
  const u = temperatureUnitLabel(unit);
  // −60 to 120 °C, as whole degrees of the reader's unit (−76 to 248 °F).
  const [lo, hi] = [-60, 120].map((c) => Math.round(toTemperatureUnit(c, unit)));
  const lines = text.split(/\r?\n/);
  let kind: "hours" | "dates" | null = null;
  let first = true;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw) continue;
    const line = i + 1;
    const cells = raw.includes(";") || raw.includes("\t") ? raw.split(/[;\t]/) : raw.split(",");
    // The first line may be a header such as "time, °C": no digits in its temperature column.
    const header = first && !/\d/.test(cells[1] ?? "");
    first = false;
    if (header) continue;
    // "2026-11-02 08:00, 21,5" is ambiguous with a decimal comma: ask for a semicolon then.
    if (cells.length !== 2) {
      return {
        ok: false,
        line,
        message: `Line ${line}: expected two values, a time and a temperature (${u}), separated by a comma, semicolon or tab.`,
      };
    }
    const c = number(cells[1]!);
    const t = time(cells[0]!);
    if (c === null || t === null) {
      return {
        ok: false,
        line,
        message:
          t === null
            ? `Line ${line}: "${cells[0]!.trim()}" is not a time (hours since the start, or a date and time such as 2026-11-02 08:00).`
            : `Line ${line}: "${cells[1]!.trim()}" is not a temperature in ${u}.`,
      };
    }
    const thisKind = number(cells[0]!) !== null ? "hours" : "dates";
    if (kind && kind !== thisKind) {
      return {
        ok: false,
        line,
        message: `Line ${line}: mixes hours and dates; use one kind of time throughout.`,
      };
    }
    kind = thisKind;
    if (c < lo! || c > hi!) {
      const shown = (n: number) => String(n).replace("-", "−");
      return {
        ok: false,
        line,
        message: `Line ${line}: ${c} ${u} is outside ${shown(lo!)} to ${shown(hi!)} ${u}.`,
      };
    }
    const prev = readings[readings.length - 1];
    if (prev && !(t > prev.t)) {
      return {
        ok: false,
        line,
        message: `Line ${line}: readings are out of time order ("${cells[0]!.trim()}" is not after the line before). Put the readings in time order.`,
      };
    }
    readings.push({ t, c: unit === "C" ? c : fromTemperatureUnit(c, unit) });
  }
  if (readings.length < 2) {
    return {
      ok: false,
      line: 0,
      message: `Enter at least two readings, one a line: time, ${u}.`,
    };
  }
  return { ok: true, readings };
}
