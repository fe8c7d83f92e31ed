/**
 * Logbook exports: CSV (one row per trip, for spreadsheets) and a PDF laid out like the paper
 * logbooks tax authorities accept: vehicle, period, odometer at start and end, one line per trip
 * (date, start and end odometer, distance, purpose, driver) and the business-use percentage.
 */
import PDFDocument from "pdfkit";
import type { LogbookEntry, LogbookSummary } from "./logbook-summary";
import { distanceLabel, formatOdometer, toDistanceUnit, type Measurement } from "~/lib/units";
import { csvText } from "~/services/csv.server";

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

/** The paper logbook as a PDF (A4 portrait). */
export function logbookPdf(input: ExportInput): Promise<Buffer> {
  const { vehicle, period, entries, summary, measurement: m, timeZone: tz } = input;
  const unit = distanceLabel(m);
  const doc = new PDFDocument({
    size: "A4",
    margin: 40,
    info: { Title: `Vehicle logbook ${vehicle.nickname}`, Creator: "Tracksmith" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(16).text("Vehicle logbook");
  doc.moveDown(0.5).font("Helvetica").fontSize(10);
  const line = (label: string, value: string) =>
    doc
      .font("Helvetica-Bold")
      .text(`${label}: `, { continued: true })
      .font("Helvetica")
      .text(value);
  line("Vehicle", `${vehicle.nickname} (${vehicle.imei})`);
  line("Period", `${period.from} to ${period.to}`);
  line(
    "Odometer at start",
    summary.startOdometer === null ? "-" : formatOdometer(summary.startOdometer, m, 1),
  );
  line(
    "Odometer at end",
    summary.endOdometer === null ? "-" : formatOdometer(summary.endOdometer, m, 1),
  );
  line("Total distance", `${dist(summary.totalKmsTravelled, m)} ${unit}`);
  line("Business distance", `${dist(summary.businessKmsTravelled, m)} ${unit}`);
  line("Business-use percentage", `${summary.businessPercent.toFixed(1)}%`);
  if (summary.issues.length) line("Odometer readings flagged", String(summary.issues.length));
  doc.moveDown();

  const cols = [
    { title: "Date", w: 62 },
    { title: `Start odo (${unit})`, w: 70 },
    { title: `End odo (${unit})`, w: 70 },
    { title: unit, w: 42 },
    { title: "Purpose", w: 140 },
    { title: "Driver", w: 131 },
  ];
  const left = doc.page.margins.left;
  const rowH = 16;
  const header = () => {
    let x = left;
    doc.font("Helvetica-Bold").fontSize(9);
    const y = doc.y;
    for (const c of cols) {
      doc.text(c.title, x, y, { width: c.w - 4, lineBreak: false });
      x += c.w;
    }
    doc
      .moveTo(left, y + rowH - 3)
      .lineTo(left + cols.reduce((s, c) => s + c.w, 0), y + rowH - 3)
      .stroke();
    doc.y = y + rowH;
    doc.font("Helvetica");
  };
  header();
  if (!entries.length) doc.text("No trips in this period.", left, doc.y);
  for (const e of entries) {
    if (doc.y + rowH > doc.page.height - doc.page.margins.bottom - 40) {
      doc.addPage();
      header();
    }
    const cells = [
      dateOf(e.startMs, tz),
      odo(e.startOdometer, m),
      odo(e.endOdometer, m),
      dist(e.km, m),
      `${purposeLabel(e.purpose)}${e.description ? `: ${e.description}` : ""}`,
      e.driver ?? "",
    ];
    let x = left;
    const y = doc.y;
    cells.forEach((text, i) => {
      doc.text(text, x, y, { width: cols[i]!.w - 4, lineBreak: false, ellipsis: true });
      x += cols[i]!.w;
    });
    doc.y = y + rowH;
  }
  doc
    .moveDown(2)
    .fontSize(10)
    .text(`Business-use percentage for the period: ${summary.businessPercent.toFixed(1)}%`, left);
  doc
    .moveDown(2)
    .text(
      "Signature of driver / owner: ______________________________    Date: ______________",
      left,
    );
  doc.end();
  return done;
}
