/** The payroll export as CSV (the one CSV writer: formula-safe) and XLSX (exceljs streaming writer). */
import type { Writable } from "node:stream";
import ExcelJS from "exceljs";
import { csvText } from "~/services/csv.server";
import { PAYROLL_COLUMNS, type PayrollLine } from "./payroll";

export function payrollCsv(lines: readonly PayrollLine[]): string {
  return csvText(
    [
      PAYROLL_COLUMNS.map((c) => c.header),
      ...lines.map((l) => PAYROLL_COLUMNS.map((c) => c.value(l))),
    ],
    { bom: true, recordDelimiter: "\r\n" },
  );
}

/** Amounts stay exact: written as numbers with two decimals from their decimal strings. */
export async function payrollXlsx(
  lines: Iterable<PayrollLine>,
  out: Writable,
  title: string,
): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet("Payroll", { views: [{ state: "frozen", ySplit: 2 }] });
  sheet.columns = PAYROLL_COLUMNS.map((c) => ({
    key: c.header,
    width: c.header === "Rule" ? 36 : 16,
  }));
  sheet.addRow([title]).commit();
  const header = sheet.addRow(PAYROLL_COLUMNS.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for (const l of lines) {
    const row = sheet.addRow(
      PAYROLL_COLUMNS.map((c) => {
        const v = c.value(l);
        return c.header === "Rate" || c.header === "Amount" ? Number(v) : v;
      }),
    );
    row.getCell(5).numFmt = "0.00##";
    row.getCell(7).numFmt = "0.00";
    row.commit();
  }
  sheet.commit();
  await book.commit();
}
