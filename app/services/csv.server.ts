/**
 * The one CSV writer every export uses: report downloads, e-mailed report attachments and the
 * logbook. Whole files (csvText) and streams (csvStream) share the same options, so no export can
 * forget the protections:
 *
 * - Formula injection (OWASP "CSV Injection"): a text cell starting with `=`, `+`, `-`, `@`, a tab
 *   or a carriage return (or their full-width forms, which some spreadsheets fold) would be run
 *   as a formula by Excel, LibreOffice or Sheets. Such a cell gets a leading single quote, which
 *   spreadsheets show as text and do not evaluate.
 * - Numbers stay numbers: a cell that is exactly a decimal number (`-3.5`, `+2`, `.5`) is data to
 *   every spreadsheet, never a formula, so it is written as is: a temperature of -3.5 °C or a
 *   negative difference stays numeric and sums still work. JavaScript numbers are written as is
 *   too. Only other text is neutralised.
 * - Line breaks: a cell holding a CR or LF is always quoted (whatever the record delimiter), so a
 *   description with a stray carriage return cannot start a new row.
 */
import { stringify, type Options, type Stringifier } from "csv-stringify";
import { stringify as stringifySync } from "csv-stringify/sync";

export type CsvCell = string | number | null | undefined;
export type CsvRow = readonly CsvCell[];
/** The layout choices an export may make; the protections are not optional. */
export type CsvLayout = { bom?: boolean; recordDelimiter?: "\n" | "\r\n" };

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A text cell as it is safe to write: quoted with `'` when a spreadsheet would run it. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function options(layout: CsvLayout): Options {
  return {
    bom: layout.bom ?? false,
    record_delimiter: layout.recordDelimiter ?? "\n",
    quoted_match: /[\r\n]/,
    cast: { string: neutraliseCell, number: (n) => String(n) },
  };
}

/** A whole CSV file (small exports: the logbook of one vehicle and period). */
export function csvText(rows: readonly CsvRow[], layout: CsvLayout = {}): string {
  return stringifySync(rows as CsvCell[][], options(layout));
}

/** A CSV stream to write rows (arrays of cells) to, for exports too big to hold (reports). */
export function csvStream(layout: CsvLayout = {}): Stringifier {
  return stringify(options(layout));
}
