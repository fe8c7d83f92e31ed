/**
 * The one clock: every instant shown on a page is formatted here, in the company's time zone, in
 * one date style ("2 Mar, 07:05"; "2 Mar 2025, 07:05" when it is not this year). Slicing an ISO
 * string for display shows the UTC clock, so the lint rule `tracksmith/no-iso-slice` refuses it
 * everywhere else; keys and form values use the named helpers at the end of this file.
 */
const zoned = new Map<string, Intl.DateTimeFormat>();
/**
 * "datetime" and "date" name the year only when it is not this year (in the zone); "full" and
 * "fullDate" always name it, for documents and exports that are read in later years.
 */
export type ZonedKind = "datetime" | "time" | "date" | "full" | "fullDate";
type Shape = "time" | "date" | "dateYear" | "datetime" | "datetimeYear" | "year";

const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  date: { day: "numeric", month: "short" },
  dateYear: { day: "numeric", month: "short", year: "numeric" },
  datetime: {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  },
  datetimeYear: {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  },
  year: { year: "numeric" },
};

function zf(timeZone: string, shape: Shape): Intl.DateTimeFormat {
  const key = `${timeZone}|${shape}`;
  let f = zoned.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-AU", { timeZone, ...SHAPES[shape] });
    zoned.set(key, f);
  }
  return f;
}

const sameYear = (a: Date, b: number, timeZone: string) =>
  zf(timeZone, "year").format(a) === zf(timeZone, "year").format(new Date(b));

function shapeOf(kind: ZonedKind, thisYear: boolean): Shape {
  if (kind === "time") return "time";
  if (kind === "full") return "datetimeYear";
  if (kind === "fullDate") return "dateYear";
  if (kind === "date") return thisYear ? "date" : "dateYear";
  return thisYear ? "datetime" : "datetimeYear";
}

const toDate = (at: string | number | Date | null | undefined) =>
  at instanceof Date ? at : new Date(at ?? Number.NaN);

/**
 * An instant in the company's time zone, the same on the server and in the browser. `now` decides
 * what "this year" is (tests pass it; pages use the clock).
 */
export function formatZoned(
  at: string | number | Date | null | undefined,
  timeZone: string,
  kind: ZonedKind = "datetime",
  now: number = Date.now(),
): string {
  const d = toDate(at);
  if (Number.isNaN(d.getTime())) return "—";
  return zf(timeZone, shapeOf(kind, sameYear(d, now, timeZone))).format(d);
}

/**
 * The zone's short name at an instant ("AEST", "GMT+7"), to label a time whose zone a reader could
 * doubt (a map popup, a banner): the abbreviation follows daylight saving.
 */
export function zoneName(timeZone: string, at: string | number | Date = Date.now()): string {
  const d = toDate(at);
  const parts = new Intl.DateTimeFormat("en-AU", { timeZone, timeZoneName: "short" }).formatToParts(
    Number.isNaN(d.getTime()) ? new Date() : d,
  );
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** An instant with its zone named: "2 Mar, 17:05 AEST". */
export function formatZonedLabelled(
  at: string | number | Date | null | undefined,
  timeZone: string,
  kind: ZonedKind = "datetime",
  now: number = Date.now(),
): string {
  const text = formatZoned(at, timeZone, kind, now);
  return text === "—" ? text : `${text} ${zoneName(timeZone, toDate(at))}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day ("YYYY-MM-DD": a due date, a holiday), which is not an instant and belongs to no
 * zone, in the same style as the instants: "2 Mar", or "2 Mar 2025" when it is not this year (in
 * `timeZone`, the company's, where today is decided).
 */
export function formatDay(
  day: string | null | undefined,
  timeZone = "UTC",
  now: number = Date.now(),
): string {
  const m = DAY.exec(day ?? "");
  if (!m) return "—";
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  const thisYear = zf(timeZone, "year").format(new Date(now)) === m[1];
  return zf("UTC", thisYear ? "date" : "dateYear").format(d);
}

/* Not for display: keys, file names and form values in ISO form (UTC, as stored). */

/** "YYYY-MM-DD" of an instant in UTC (a key, an `<input type=date>` value of a UTC-noon day). */
export const isoDay = (at: string | number | Date): string => toDate(at).toISOString().slice(0, 10);
/** "YYYY-MM-DDTHH:mm" of an instant in UTC (a once-a-minute key). */
export const isoMinute = (at: string | number | Date): string =>
  toDate(at).toISOString().slice(0, 16);
/** "YYYY-MM-DDTHH:mm:ss" of an instant in UTC (a wall clock shifted by a zone's offset). */
export const isoSecond = (at: string | number | Date): string =>
  toDate(at).toISOString().slice(0, 19);
/** The "YYYY-MM-DD" a local date-time text starts with ("2026-01-26 00:00:00" of a holiday list). */
export function calendarDayOf(text: string): string {
  const day = text.substring(0, 10);
  if (!DAY.test(day)) throw new RangeError(`Not a day: ${text}`);
  return day;
}
