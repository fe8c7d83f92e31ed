/**
 * The one layout of Tracksmith's tabular PDFs (reports, logbooks): the logo, a title and its
 * period, a summary block, then a table whose cells wrap onto as many lines as they need, whose
 * header wraps too and is repeated on every page, and a "Page N" footer. Rows stream: a page is
 * written as soon as it is full, so 100,000 rows never sit in memory.
 */
import type { Writable } from "node:stream";
import { once } from "node:events";
import PDFDocument from "pdfkit";

export type PdfColumn = { title: string; width: number; align?: "left" | "right" };
export type PdfSummaryItem = { label: string; value: string };

export type PdfTableOptions = {
  title: string;
  /** "1 Mar 2026 – 31 Mar 2026 (Australia/Brisbane)", under the title. */
  subtitle: string;
  summary?: PdfSummaryItem[];
  columns: PdfColumn[];
  layout?: "landscape" | "portrait";
  fontSize?: number;
};

const MARGIN = 30;
const FOOTER = 16;
/** Space inside a cell: across (so a right-aligned figure keeps clear of the next column) and down. */
const PAD_X = 4;
const PAD = 2;
/** A cell never grows past this many lines: the rest is cut with an ellipsis. */
const MAX_LINES = 8;
const ASCENT = 718 / 1000; // Helvetica's ascender
/** Helvetica's widest glyph is just over an em: text shorter than this in ems needs no measuring. */
const WIDEST = 1.02;

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
export function pdfString(text: string): string {
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
 * Text goes straight into the page's content stream: pdfkit's text() lays out every character
 * through its line wrapper (about 20 s for 100,000 rows); this writes one positioned string per
 * line with the same standard fonts, so text extraction and copy-paste still work.
 */
class FontWriter {
  private widths = new Map<string, number>();
  constructor(
    private doc: PDFKit.PDFDocument,
    private font: StandardFont,
    readonly size: number,
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
  /** The text broken into lines no wider than `width`: at spaces, or inside a word too long for a line. */
  wrap(text: string, width: number): string[] {
    if (text.length * this.size * WIDEST <= width || this.width(text) <= width) return [text];
    const lines: string[] = [];
    let line = "";
    const push = (word: string) => {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate) <= width) {
        line = candidate;
        return;
      }
      if (line) lines.push(line);
      line = "";
      let rest = word;
      while (this.width(rest) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && this.width(rest.slice(0, cut)) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    };
    for (const word of text.split(/\s+/)) if (word) push(word);
    if (line) lines.push(line);
    if (lines.length > MAX_LINES) {
      const last = lines[MAX_LINES - 1]!;
      lines.length = MAX_LINES;
      let cut = last.length;
      while (cut > 0 && this.width(`${last.slice(0, cut)}…`) > width) cut--;
      lines[MAX_LINES - 1] = `${last.slice(0, cut)}…`;
    }
    return lines;
  }
  text(text: string, x: number, top: number, width: number, right = false) {
    const left = right ? x + width - this.width(text) : x;
    // pdfkit flips the y axis (origin top-left).
    const baseline = top + this.size * ASCENT;
    this.doc.addContent(
      `BT 1 0 0 -1 ${left.toFixed(2)} ${baseline.toFixed(2)} Tm /${this.font.id} ${this.size} Tf ${pdfString(text)} Tj ET`,
    );
  }
}

const LOGO_GREEN = "#0ca678";
const LOGO_TEXT = "#087f5b";
const PIN =
  "M20 7c-5.5 0-10 4.3-10 9.7C10 24 20 34 20 34s10-10 10-17.3C30 11.3 25.5 7 20 7zm0 13.5a3.8 3.8 0 110-7.6 3.8 3.8 0 010 7.6z";

/** The Tracksmith mark (public/logo.svg) drawn as vectors, `size` points square. */
function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number, size: number) {
  const s = size / 40;
  doc.save();
  doc.roundedRect(x, y, size, size, 10 * s).fill(LOGO_GREEN);
  doc.translate(x, y).scale(s).path(PIN).fill("#ffffff");
  doc.restore();
  doc
    .fillColor(LOGO_TEXT)
    .font("Helvetica-Bold")
    .fontSize(size * 0.5)
    .text("Tracksmith", x + size + 6, y + size * 0.22, { lineBreak: false });
  doc.fillColor("#000000");
}

/**
 * Column widths filling `usable` in proportion to `declared`, none below its `least` (as long as
 * the minimums fit at all): columns held at their minimum drop out and the rest share what is left.
 */
export function fitWidths(declared: number[], least: number[], usable: number): number[] {
  const fixed = new Set<number>();
  for (;;) {
    const room = usable - [...fixed].reduce((s, i) => s + least[i]!, 0);
    const share = declared.reduce((s, d, i) => (fixed.has(i) ? s : s + d), 0);
    const widths = declared.map((d, i) => (fixed.has(i) ? least[i]! : (d / share) * room));
    const short = widths.findIndex((w, i) => !fixed.has(i) && w < least[i]!);
    if (short < 0 || fixed.size === declared.length - 1) return widths;
    fixed.add(short);
  }
}

export class PdfTable {
  readonly doc: PDFKit.PDFDocument;
  private regular: FontWriter;
  private bold: FontWriter;
  private xs: number[];
  private widths: number[];
  private pageWidth: number;
  private pageHeight: number;
  private lineH: number;
  private y = 0;
  private pageNo = 0;

  constructor(private o: PdfTableOptions) {
    this.doc = new PDFDocument({
      size: "A4",
      layout: o.layout ?? "landscape",
      margin: MARGIN,
      autoFirstPage: false,
      compress: true,
      info: { Title: o.title, Creator: "Tracksmith" },
    });
    const landscape = (o.layout ?? "landscape") === "landscape";
    this.pageWidth = landscape ? 841.89 : 595.28;
    this.pageHeight = landscape ? 595.28 : 841.89;
    const size = o.fontSize ?? 7;
    this.lineH = Math.ceil(size * 1.25);
    const fontOf = (name: string) =>
      (this.doc.font(name) as unknown as { _font: StandardFont })._font;
    this.regular = new FontWriter(this.doc, fontOf("Helvetica"), size);
    this.bold = new FontWriter(this.doc, fontOf("Helvetica-Bold"), size);
    // A header word is never broken: a column is at least as wide as its longest header word.
    const least = o.columns.map(
      (c) => Math.max(...c.title.split(/\s+/).map((w) => this.bold.width(w))) + 2 * PAD_X,
    );
    this.widths = fitWidths(
      o.columns.map((c) => c.width),
      least,
      this.pageWidth - 2 * MARGIN,
    );
    this.xs = this.widths.map(
      (_, i) => MARGIN + this.widths.slice(0, i).reduce((s, w) => s + w, 0),
    );
  }

  /** Starts writing to `out`; resolves when `end()` has flushed the last page. */
  pipe(out: Writable): Promise<unknown> {
    this.doc.pipe(out);
    return once(out, "finish");
  }

  /** The whole document as a Buffer once `end()` is called. */
  buffer(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    this.doc.on("data", (c: Buffer) => chunks.push(c));
    return new Promise((resolve, reject) => {
      this.doc.on("end", () => resolve(Buffer.concat(chunks)));
      this.doc.on("error", reject);
    });
  }

  private get bottom() {
    return this.pageHeight - MARGIN - FOOTER;
  }

  private lay(cells: string[], font: FontWriter) {
    return cells.map((text, i) => font.wrap(text, this.widths[i]! - 2 * PAD_X));
  }

  private draw(lines: string[][], font: FontWriter, rightAlign: boolean) {
    const top = this.y + PAD;
    lines.forEach((cell, i) => {
      const right = rightAlign && this.o.columns[i]!.align === "right";
      cell.forEach((line, k) =>
        font.text(
          line,
          this.xs[i]! + PAD_X,
          top + k * this.lineH,
          this.widths[i]! - 2 * PAD_X,
          right,
        ),
      );
    });
    this.y += Math.max(1, ...lines.map((c) => c.length)) * this.lineH + 2 * PAD;
  }

  private rule(width = 0.5) {
    this.doc
      .moveTo(MARGIN, this.y)
      .lineTo(this.pageWidth - MARGIN, this.y)
      .lineWidth(width)
      .strokeColor("#555555")
      .stroke();
  }

  private header() {
    this.draw(
      this.lay(
        this.o.columns.map((c) => c.title),
        this.bold,
      ),
      this.bold,
      true,
    );
    this.rule();
    this.y += 1;
  }

  private newPage() {
    this.doc.addPage();
    this.regular.page();
    this.bold.page();
    this.pageNo++;
    this.y = MARGIN;
    this.regular.text(
      `Page ${this.pageNo}`,
      this.pageWidth - MARGIN - 80,
      this.bottom + 6,
      80,
      true,
    );
    this.regular.text(this.o.title, MARGIN, this.bottom + 6, this.pageWidth / 2);
    if (this.pageNo === 1) this.front();
    this.header();
  }

  /** Page one's head: logo, title, period and the summary block. */
  private front() {
    const doc = this.doc;
    drawLogo(doc, MARGIN, this.y, 22);
    this.y += 30;
    doc
      .font("Helvetica-Bold")
      .fontSize(14)
      .text(this.o.title, MARGIN, this.y, { lineBreak: false });
    this.y += 19;
    doc.font("Helvetica").fontSize(9).text(this.o.subtitle, MARGIN, this.y, { lineBreak: false });
    this.y += 16;
    const summary = this.o.summary ?? [];
    if (summary.length) {
      const cols = Math.min(4, summary.length);
      const w = (this.pageWidth - 2 * MARGIN) / cols;
      summary.forEach((s, i) => {
        const x = MARGIN + (i % cols) * w;
        const top = this.y + Math.floor(i / cols) * 26;
        doc.font("Helvetica").fontSize(7).fillColor("#444444");
        doc.text(s.label, x, top, { width: w - 8, lineBreak: false, ellipsis: true });
        doc.font("Helvetica-Bold").fontSize(10).fillColor("#000000");
        doc.text(s.value, x, top + 9, { width: w - 8, lineBreak: false, ellipsis: true });
      });
      this.y += Math.ceil(summary.length / cols) * 26 + 6;
    }
    this.regular.page();
    this.bold.page();
  }

  /** One table row; `bold` for a totals row, which also gets a rule above it. */
  row(cells: string[], opts: { bold?: boolean } = {}) {
    if (!this.pageNo) this.newPage();
    const font = opts.bold ? this.bold : this.regular;
    const lines = this.lay(cells, font);
    const height = Math.max(1, ...lines.map((c) => c.length)) * this.lineH + 2 * PAD;
    if (this.y + height > this.bottom) this.newPage();
    if (opts.bold) this.rule();
    this.draw(lines, font, true);
  }

  /** A line of text under the table (a note, a signature line), on a new page when it would not fit. */
  note(text: string, gap = 12) {
    if (!this.pageNo) this.newPage();
    const lines = this.regular.wrap(text, this.pageWidth - 2 * MARGIN);
    if (this.y + gap + lines.length * this.lineH > this.bottom) {
      this.newPage();
    }
    this.y += gap;
    for (const line of lines) {
      this.regular.text(line, MARGIN, this.y, this.pageWidth - 2 * MARGIN);
      this.y += this.lineH;
    }
  }

  end() {
    if (!this.pageNo) this.newPage();
    this.doc.end();
  }
}
