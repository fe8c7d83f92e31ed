/**
 * What comes in from outside (a form, a file name, the upstream) before it reaches PostgreSQL or
 * the sync: PostgreSQL refuses U+0000 in text and jsonb (one such value fails a whole statement),
 * `new Date()` throws on an impossible date, and a year like 99999 is stored but breaks every page
 * that shows it. Browser-safe: the schemas that use these run in the browser too.
 */
import { z } from "zod";

// eslint-disable-next-line no-control-regex -- control characters are what is matched
const C0 = /[\u0000-\u001f\u007f]/g;
const LINE_BREAKS = /[\t\n\r]+/g;
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Text without C0 control characters (and DEL). Tabs and line breaks become one space (so "a\nb"
 * reads "a b", not "ab"); every other control character is dropped.
 */
export function cleanText(s: string): string {
  return s.replace(LINE_BREAKS, " ").replace(C0, "");
}

/** cleanText, keeping null and undefined as they are (optional upstream fields). */
export function cleanOptional<T extends string | null | undefined>(s: T): T {
  return (typeof s === "string" ? cleanText(s) : s) as T;
}

/** Every string in a JSON-like value cleaned (keys too): for records stored whole as jsonb. */
export function cleanDeep<T>(value: T): T {
  if (typeof value === "string") return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(cleanDeep) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [cleanText(k), cleanDeep(v)]),
    ) as T;
  return value;
}

/** Whether a string holds a control character other than tab and line breaks. */
export const hasControl = (s: string) => CONTROL_BUT_LINES.test(s);

/** What a user is told of typed text holding one (every form field, app/services/route-promises). */
export const CONTROL_MESSAGE = "Remove the control characters (such as NUL) from this text.";

// ------------------------------------------------------------------ dates

export const MIN_YEAR = 1970;
export const MAX_YEAR = 2100;
export const DAY_MESSAGE = `Give a date between ${MIN_YEAR} and ${MAX_YEAR}.`;

/** Whether `s` is a real calendar day YYYY-MM-DD within MIN_YEAR..MAX_YEAR (no 2026-02-30). */
export function isSaneDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_YEAR || y > MAX_YEAR) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/**
 * For a refine after a format check: false only for a date-shaped string ("2026-13-01",
 * "0001-01-01T07:30") whose day is not a sane one; the format check speaks for anything else.
 */
export const hasSaneDay = (s: string) => !/^\d{4}-\d{2}-\d{2}/.test(s) || isSaneDay(s.slice(0, 10));

/** A day as a date field sends it (YYYY-MM-DD), in a sane range, with a message beside the field. */
export const day = (message = DAY_MESSAGE) => z.string().trim().refine(isSaneDay, message);

/** An optional day: empty (or absent) is undefined, anything else must be a sane day. */
export const optionalDay = (message = DAY_MESSAGE) =>
  z
    .string()
    .trim()
    .optional()
    .refine((s) => !s || isSaneDay(s), message);

/** Whether an instant (ms since the epoch) lies within the sane years. */
export const isSaneTime = (ms: number) =>
  Number.isFinite(ms) && ms >= Date.UTC(MIN_YEAR, 0, 1) && ms < Date.UTC(MAX_YEAR + 1, 0, 1);

// ------------------------------------------------------------------ numbers

/**
 * A finite number within [min, max] (NaN, Infinity and 1e308 refused with a message). Forms send
 * text; Conform coerces it to a number before this runs.
 */
export const finiteNumber = ({
  min = -1e9,
  max = 1e9,
  message = `Give a number between ${min.toLocaleString("en")} and ${max.toLocaleString("en")}.`,
}: { min?: number; max?: number; message?: string } = {}) =>
  z
    .number({ invalid_type_error: "Enter a number.", required_error: "Enter a number." })
    .refine((n) => Number.isFinite(n) && n >= min && n <= max, message);

// ------------------------------------------------------------------ text and file names

/**
 * A text field: control characters other than tabs and line breaks refused with a message, at most
 * `max` characters.
 */
export const text = (max = 200) =>
  z
    .string()
    .max(max, `At most ${max.toLocaleString("en")} characters.`)
    .refine((s) => !hasControl(s), CONTROL_MESSAGE);

/**
 * Bidirectional controls (embeddings, overrides, isolates, marks): in a name they reorder what is
 * shown, so `evil\u202Efdp.zip` reads "evilpiz.pdf". A file name has no use for them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/**
 * The last path segment of an uploaded name, NFC, without bidirectional controls, `scrub` applied,
 * spaces collapsed, at most `max` characters with its extension kept: the one shape every stored
 * file name takes.
 */
export function fileNameWithin(raw: string, max: number, scrub: (s: string) => string): string {
  const base = scrub((raw.split(/[\\/]/).pop() ?? "").normalize("NFC").replace(BIDI_CONTROLS, ""))
    .replace(/\s+/g, " ")
    .trim();
  if (base.length <= max) return base;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : "";
  return base.slice(0, max - ext.length) + ext;
}

/**
 * A file name fit to store and to send back in a header: no control characters, no quotes or
 * backslashes, at most 200 characters, `fallback` when nothing is left.
 */
export function cleanFileName(raw: string, fallback = "file"): string {
  return fileNameWithin(raw, 200, (s) => s.replace(C0, " ").replace(/["\\]/g, "_")) || fallback;
}

/** A file name field: cleaned as cleanFileName does (a zod transform). */
export const fileName = (fallback = "file") =>
  z.string().transform((s) => cleanFileName(s, fallback));
