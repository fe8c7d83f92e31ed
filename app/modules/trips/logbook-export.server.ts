/**
 * Logbook exports: CSV (one row per trip, for spreadsheets) and a PDF laid out like the paper
 * logbooks tax authorities accept: vehicle, period, odometer at start and end, one line per trip
 * (date, times, addresses, start and end odometer, distance, purpose, driver) and the business-use
 * percentage.
 */
import type { LogbookEntry, LogbookSummary } from "./logbook-summary";
import { distanceLabel, formatOdometer, toDistanceUnit, type Measurement } from "~/lib/units";
import { csvText } from "~/services/csv.server";
import { PdfTable } from "~/services/pdf-table.server";

export type ExportInput = {
  vehicle: { imei: string; nickname: string };
  /** "YYYY-MM-DD" days, inclusive. */
  period: { from: string; to: string };
  entries: LogbookEntry[];
  summary: LogbookSummary;
  measurement: Measurement;
  timeZone: string;
};

const dateFmt = new Map<string, Intl.DateTimeFormat>();
function fmt(timeZone: string, kind: "date" | "time"): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`;
  let f = dateFmt.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      "en-AU",
      kind === "date"
        ? { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }
        : { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
    );
    dateFmt.set(key, f);
  }
  return f;
}
const dateOf = (ms: number, tz: string) => fmt(tz, "date").format(new Date(ms));
const timeOf = (ms: number, tz: string) => fmt(tz, "time").format(new Date(ms));
const dist = (km: number, m: Measurement) => toDistanceUnit(km, m).toFixed(1);
const odo = (km: number, m: Measurement) => toDistanceUnit(km, m).toFixed(1);
const purposeLabel = (p: string) => (p === "business" ? "Business" : "Private");

export const CSV_COLUMNS = (m: Measurement) => [
  "Date",
  "Start time",
  "End time",
  "Start address",
  "End address",
  `Start odometer (${distanceLabel(m)})`,
  `End odometer (${distanceLabel(m)})`,
  `Distance (${distanceLabel(m)})`,
  "Purpose",
  "Description",
  "Driver",
];

export function logbookCsv(input: ExportInput): string {
  const { entries, measurement: m, timeZone: tz } = input;
  const rows = entries.map((e) => [
    dateOf(e.startMs, tz),
    timeOf(e.startMs, tz),
    timeOf(e.stopMs, tz),
    e.startAddress ?? "",
    e.endAddress ?? "",
    odo(e.startOdometer, m),
    odo(e.endOdometer, m),
    dist(e.km, m),
    purposeLabel(e.purpose),
    e.description,
    e.driver ?? "",
  ]);
  return csvText([CSV_COLUMNS(m), ...rows]);
}

export function exportFileName(
  input: Pick<ExportInput, "vehicle" | "period">,
  ext: "csv" | "pdf",
): string {
  const safe =
    input.vehicle.nickname.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-|-$/g, "") ||
    input.vehicle.imei;
  return `logbook-${safe}-${input.period.from}-to-${input.period.to}.${ext}`;
}

/** The paper logbook as a PDF: the summary first, then one wrapped line per trip with times and addresses. */
export function logbookPdf(input: ExportInput): Promise<Buffer> {
  const { vehicle, period, entries, summary, measurement: m, timeZone: tz } = input;
  const unit = distanceLabel(m);
  const odometer = (km: number | null) => (km === null ? "-" : formatOdometer(km, m, 1));
  const table = new PdfTable({
    title: `Vehicle logbook: ${vehicle.nickname}`,
    subtitle: `${vehicle.nickname} (${vehicle.imei}) · ${period.from} to ${period.to} (${tz})`,
    summary: [
      { label: "Odometer at start", value: odometer(summary.startOdometer) },
      { label: "Odometer at end", value: odometer(summary.endOdometer) },
      { label: "Total distance", value: `${dist(summary.totalKmsTravelled, m)} ${unit}` },
      { label: "Business distance", value: `${dist(summary.businessKmsTravelled, m)} ${unit}` },
      { label: "Business-use percentage", value: `${summary.businessPercent.toFixed(1)}%` },
      { label: "Trips", value: String(entries.length) },
      ...(summary.issues.length
        ? [{ label: "Odometer readings flagged", value: String(summary.issues.length) }]
        : []),
      ...(summary.leftOut.length
        ? [{ label: "Trips left out (readings do not fit)", value: String(summary.leftOut.length) }]
        : []),
    ],
    columns: [
      { title: "Date", width: 52 },
      { title: "Start", width: 32 },
      { title: "End", width: 32 },
      { title: "From", width: 130 },
      { title: "To", width: 130 },
      { title: `Start odometer (${unit})`, width: 58, align: "right" },
      { title: `End odometer (${unit})`, width: 58, align: "right" },
      { title: `Distance (${unit})`, width: 46, align: "right" },
      { title: "Purpose", width: 110 },
      { title: "Driver", width: 70 },
    ],
    fontSize: 8,
  });
  const done = table.buffer();
  for (const e of entries)
    table.row([
      dateOf(e.startMs, tz),
      timeOf(e.startMs, tz),
      timeOf(e.stopMs, tz),
      e.startAddress ?? "",
      e.endAddress ?? "",
      odo(e.startOdometer, m),
      odo(e.endOdometer, m),
      dist(e.km, m),
      `${purposeLabel(e.purpose)}${e.description ? `: ${e.description}` : ""}`,
      e.driver ?? "",
    ]);
  if (!entries.length) table.note("No trips in this period.", 4);
  table.note(`Business-use percentage for the period: ${summary.businessPercent.toFixed(1)}%`, 16);
  table.note(
    "Signature of driver / owner: ______________________________    Date: ______________",
    24,
  );
  table.end();
  return done;
}
