/**
 * Report files: CSV (the one CSV writer, csv.server.ts: formula-safe), XLSX (exceljs streaming writer) and PDF (pdfkit). Each writes
 * to a stream as rows arrive, so a month of 100,000 trips never sits in memory as a file.
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import PDFDocument from "pdfkit";
import { csvStream } from "~/services/csv.server";
import { formatCell, headerLabel, type Column, type Row } from "./catalogue";

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
};

/** The totals row as text: "Total" in the first column when it has no total of its own. */
function totalsOf(input: RenderInput): Row {
  return typeof input.totals === "function" ? input.totals() : input.totals;
}

function totalsText(input: RenderInput): string[] {
  const totals = totalsOf(input);
  return input.columns.map((c, i) =>
    i === 0 && totals[0] === null ? "Total" : formatCell(c, totals[i] ?? null, input.timeZone),
  );
}

async function write(out: Writable, chunk: unknown) {
  if (!out.write(chunk)) await once(out, "drain");
}

export async function renderCsv(input: RenderInput, out: Writable): Promise<void> {
  const csv = csvStream({ bom: true, recordDelimiter: "\r\n" });
  csv.pipe(out);
  const done = once(out, "finish");
  await write(csv, input.columns.map(headerLabel));
  for await (const row of input.rows)
    await write(
      csv,
      input.columns.map((c, i) => formatCell(c, row[i] ?? null, input.timeZone)),
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
  const header = sheet.addRow(input.columns.map(headerLabel));
  header.font = { bold: true };
  header.commit();
  // Numbers stay numbers (sums work in Excel); times and durations as the same text as the CSV.
  const cell = (c: Column, v: Row[number]) =>
    typeof v === "number" && c.type !== "datetime" && c.type !== "duration"
      ? v
      : formatCell(c, v ?? null, input.timeZone);
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

const PAGE = { width: 842, height: 595, margin: 30 }; // A4 landscape, points
const FONT_SIZE = 7;
const ROW_H = 10;

/** Cuts text to what fits a column (Helvetica averages about half the font size per character). */
function fit(text: string, width: number): string {
  const max = Math.max(1, Math.floor((width - 4) / (FONT_SIZE * 0.5)));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** WinAnsi codes of the non-Latin-1 characters reports use (the standard fonts' encoding). */
const WIN_ANSI: Record<string, number> = {
  "€": 0x80,
  "…": 0x85,
  "–": 0x96,
  "—": 0x97,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
};

/** A PDF literal string in WinAnsi; characters the encoding lacks become "?". */
function pdfString(text: string): string {
  let out = "(";
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch === "(" || ch === ")" || ch === "\\") out += `\\${ch}`;
    else if (code >= 32 && code < 127) out += ch;
    else {
      const win = WIN_ANSI[ch] ?? (code >= 0xa0 && code <= 0xff ? code : 63);
      out += `\\${win.toString(8).padStart(3, "0")}`;
    }
  }
  return `${out})`;
}

type StandardFont = { id: string; ref(): unknown; widthOfString(s: string, size: number): number };

/**
 * Table rows go straight into the page's content stream: pdfkit's text() lays out every character
 * through its line wrapper (about 20 s for 100,000 rows); this writes one positioned string per
 * cell with the same standard fonts, so text extraction and copy-paste still work.
 */
class RowWriter {
  private widths = new Map<string, number>();
  constructor(
    private doc: PDFKit.PDFDocument,
    private font: StandardFont,
    private size: number,
  ) {}
  /** Registers the font on the current page (pdfkit does this itself only in text()). */
  page() {
    (this.doc as unknown as { page: { fonts: Record<string, unknown> } }).page.fonts[this.font.id] =
      this.font.ref();
  }
  width(text: string): number {
    let w = 0;
    for (const ch of text) {
      let cw = this.widths.get(ch);
      if (cw === undefined) this.widths.set(ch, (cw = this.font.widthOfString(ch, this.size)));
      w += cw;
    }
    return w;
  }
  cell(text: string, x: number, y: number, width: number, right: boolean) {
    const left = right ? x + width - this.width(text) : x;
    // pdfkit flips the y axis (origin top-left); Helvetica's ascender is 718/1000.
    const baseline = y + (this.size * 718) / 1000;
    this.doc.addContent(
      `BT 1 0 0 -1 ${left.toFixed(2)} ${baseline.toFixed(2)} Tm /${this.font.id} ${this.size} Tf ${pdfString(text)} Tj ET`,
    );
  }
}

export async function renderPdf(input: RenderInput, out: Writable): Promise<void> {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: PAGE.margin,
    autoFirstPage: false,
    compress: true,
    info: { Title: input.title },
  });
  doc.pipe(out);
  const done = once(out, "finish");
  const usable = PAGE.width - 2 * PAGE.margin;
  const declared = input.columns.reduce((s, c) => s + (c.width ?? 80), 0);
  const widths = input.columns.map((c) => ((c.width ?? 80) / declared) * usable);
  const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const numeric = input.columns.map((c) => c.type !== "text");
  const fontOf = (name: string) => (doc.font(name) as unknown as { _font: StandardFont })._font;
  const regular = new RowWriter(doc, fontOf("Helvetica"), FONT_SIZE);
  const bold = new RowWriter(doc, fontOf("Helvetica-Bold"), FONT_SIZE);
  let y = 0;
  let page = 0;
  const line = (cells: string[], writer = regular) => {
    for (let i = 0; i < cells.length; i++) {
      const text = fit(cells[i]!, widths[i]!);
      if (text) writer.cell(text, xs[i]! + 2, y, widths[i]! - 4, numeric[i]!);
    }
    y += ROW_H;
  };
  const header = input.columns.map(headerLabel);
  const newPage = () => {
    doc.addPage();
    regular.page();
    bold.page();
    page++;
    y = PAGE.margin;
    if (page === 1) {
      doc
        .font("Helvetica-Bold")
        .fontSize(14)
        .text(input.title, PAGE.margin, y, { lineBreak: false });
      y += 20;
      doc.font("Helvetica").fontSize(9).text(input.subtitle, PAGE.margin, y, { lineBreak: false });
      y += 16;
    }
    line(header, bold);
    doc
      .moveTo(PAGE.margin, y - 1)
      .lineTo(PAGE.width - PAGE.margin, y - 1)
      .lineWidth(0.5)
      .stroke();
    regular.cell(
      `Page ${page}`,
      PAGE.width - PAGE.margin - 60,
      PAGE.height - PAGE.margin + 8,
      60,
      true,
    );
  };
  newPage();
  let n = 0;
  for await (const row of input.rows) {
    if (y > PAGE.height - PAGE.margin - ROW_H * 2) newPage();
    line(input.columns.map((c, i) => formatCell(c, row[i] ?? null, input.timeZone)));
    // pdfkit pushes into its own buffer without backpressure: let the file catch up.
    if (++n % 500 === 0 && out.writableNeedDrain) await once(out, "drain");
  }
  if (y > PAGE.height - PAGE.margin - ROW_H * 2) newPage();
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.width - PAGE.margin, y)
    .lineWidth(0.5)
    .stroke();
  y += 2;
  line(totalsText(input), bold);
  doc.end();
  await done;
}

export function render(format: ReportFormat, input: RenderInput, out: Writable): Promise<void> {
  return format === "csv"
    ? renderCsv(input, out)
    : format === "xlsx"
      ? renderXlsx(input, out)
      : renderPdf(input, out);
}
