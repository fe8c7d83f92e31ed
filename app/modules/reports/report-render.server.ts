/**
 * Report files: CSV (the one CSV writer, csv.server.ts: formula-safe), XLSX (exceljs streaming writer) and PDF (pdfkit). Each writes
 * to a stream as rows arrive (the PDF through the one table layout, pdf-table.server.ts), so a month of 100,000 trips never sits in memory as a file.
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { csvStream } from "~/services/csv.server";
import { PdfTable, type PdfSummaryItem } from "~/services/pdf-table.server";
import type { Measurement } from "~/lib/units";
import { formatCell, headerLabel, inUnit, type Column, type Row } from "./catalogue";

export const FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ReportFormat = (typeof FORMATS)[number];
export const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};
export const FORMAT_LABELS: Record<ReportFormat, string> = {
  csv: "CSV",
  xlsx: "Excel (XLSX)",
  pdf: "PDF",
};

export type RenderInput = {
  title: string;
  /** "1 Mar 2026 – 31 Mar 2026 (Australia/Brisbane)", under the title. */
  subtitle: string;
  columns: Column[];
  rows: Iterable<Row> | AsyncIterable<Row>;
  /** The totals row, or a function asked after the last row (totals kept while streaming). */
  totals: Row | (() => Row);
  timeZone: string;
  /** The reader's unit (distances and speeds are stored in km and km/h). Default metric. */
  measurement?: Measurement;
  /** The headline figures, shown first in the PDF. */
  summary?: PdfSummaryItem[];
};

/** A cell as text in the input's time zone and unit. */
function text(input: RenderInput, c: Column, v: Row[number] | undefined): string {
  return formatCell(c, v ?? null, input.timeZone, input.measurement);
}

const headers = (input: RenderInput) => input.columns.map((c) => headerLabel(c, input.measurement));

/** The totals row as text: "Total" in the first column when it has no total of its own. */
function totalsOf(input: RenderInput): Row {
  return typeof input.totals === "function" ? input.totals() : input.totals;
}

function totalsText(input: RenderInput): string[] {
  const totals = totalsOf(input);
  return input.columns.map((c, i) =>
    i === 0 && totals[0] === null ? "Total" : text(input, c, totals[i]),
  );
}

async function write(out: Writable, chunk: unknown) {
  if (!out.write(chunk)) await once(out, "drain");
}

export async function renderCsv(input: RenderInput, out: Writable): Promise<void> {
  const csv = csvStream({ bom: true, recordDelimiter: "\r\n" });
  csv.pipe(out);
  const done = once(out, "finish");
  await write(csv, headers(input));
  for await (const row of input.rows)
    await write(
      csv,
      input.columns.map((c, i) => text(input, c, row[i])),
    );
  await write(csv, totalsText(input));
  csv.end();
  await done;
}

export async function renderXlsx(input: RenderInput, out: Writable): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet("Report", { views: [{ state: "frozen", ySplit: 3 }] });
  sheet.columns = input.columns.map((c) => ({
    key: c.key,
    width: Math.max(10, Math.round((c.width ?? 80) / 6)),
  }));
  sheet.addRow([input.title]).commit();
  sheet.addRow([input.subtitle]).commit();
  const header = sheet.addRow(headers(input));
  header.font = { bold: true };
  header.commit();
  // Numbers stay numbers (sums work in Excel); times and durations as the same text as the CSV.
  const cell = (c: Column, v: Row[number]) =>
    typeof v === "number" && c.type !== "datetime" && c.type !== "duration"
      ? inUnit(c.type, v, input.measurement)
      : text(input, c, v);
  for await (const row of input.rows)
    sheet.addRow(input.columns.map((c, i) => cell(c, row[i] ?? null))).commit();
  const sums = totalsOf(input);
  const totals = sheet.addRow(
    input.columns.map((c, i) => (i === 0 && sums[0] === null ? "Total" : cell(c, sums[i] ?? null))),
  );
  totals.font = { bold: true };
  totals.commit();
  sheet.commit();
  await book.commit();
}

export async function renderPdf(input: RenderInput, out: Writable): Promise<void> {
  const table = new PdfTable({
    title: input.title,
    subtitle: input.subtitle,
    summary: input.summary,
    columns: input.columns.map((c, i) => ({
      title: headers(input)[i]!,
      width: c.width ?? 80,
      align: c.type === "text" ? "left" : "right",
    })),
  });
  const done = table.pipe(out);
  let n = 0;
  for await (const row of input.rows) {
    table.row(input.columns.map((c, i) => text(input, c, row[i])));
    // pdfkit pushes into its own buffer without backpressure: let the file catch up.
    if (++n % 500 === 0 && out.writableNeedDrain) await once(out, "drain");
  }
  table.row(totalsText(input), { bold: true });
  table.end();
  await done;
}

export function render(format: ReportFormat, input: RenderInput, out: Writable): Promise<void> {
  return format === "csv"
    ? renderCsv(input, out)
    : format === "xlsx"
      ? renderXlsx(input, out)
      : renderPdf(input, out);
}
