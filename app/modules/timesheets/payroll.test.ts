import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { zonedLocalToUtc } from "~/lib/zoned-days";
import { parseCsv } from "../../../tests/support/csv";
import { OVERTIME_PRESETS, type WorkEntry } from "./overtime";
import { computePayroll } from "./payroll";
import { payrollCsv, payrollXlsx } from "./payroll-export.server";
import { parseRate } from "./pay";

const TZ = "America/Los_Angeles";
const day = (d: string, hours: number): WorkEntry => {
  const start = zonedLocalToUtc(`${d}T07:00`, TZ);
  return { start, end: start + hours * 3_600_000 };
};

const input = () => ({
  people: [
    { id: 1, name: "Ann Lee", rate: "20", payrollCode: "E001" },
    { id: 2, name: '=HYPERLINK("x")', rate: "27.35", payrollCode: "E002" },
    { id: 3, name: "No Shifts", rate: "30" },
  ],
  entries: new Map([
    [
      1,
      ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"].map((d) => day(d, 9)),
    ],
    [2, [day("2026-03-02", 13)]],
  ]),
  rules: OVERTIME_PRESETS.california,
  timeZone: TZ,
});

describe("payroll", () => {
  it("one line per person per pay category with its rule; the lines add up to the total to the cent", () => {
    const { lines, totalAmount, totalMinutes } = computePayroll(input());
    expect(
      lines.map((l) => [l.person, l.category, l.multiplier, l.minutes / 60, l.amount]),
    ).toEqual([
      ["Ann Lee", "ordinary", 1, 40, "800.00"],
      ["Ann Lee", "overtime", 1.5, 5, "150.00"],
      ['=HYPERLINK("x")', "ordinary", 1, 8, "218.80"],
      ['=HYPERLINK("x")', "overtime", 1.5, 4, "164.10"],
      ['=HYPERLINK("x")', "overtime", 2, 1, "54.70"],
    ]);
    expect(totalAmount).toBe("1387.60");
    expect(totalMinutes).toBe(58 * 60);
  });

  it("exports the same lines as CSV (formula-safe) and XLSX (numbers as numbers)", async () => {
    const { lines } = computePayroll(input());
    const csv = parseCsv(
      payrollCsv(lines)
        .replace(/^\uFEFF/, "")
        .trimEnd(),
    );
    expect(csv[0]).toEqual([
      "Person",
      "Payroll code",
      "Pay category",
      "Hours",
      "Rate",
      "Multiplier",
      "Amount",
      "Rule",
    ]);
    expect(csv[1]).toEqual([
      "Ann Lee",
      "E001",
      "Ordinary",
      "40",
      "20",
      "1",
      "800.00",
      "Ordinary time",
    ]);
    expect(csv[5]![0]).toBe(`'=HYPERLINK("x")`);
    expect(csv[5]!.slice(2, 4)).toEqual(["Overtime 2×", "1"]);

    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    await payrollXlsx(lines, out, "Payroll 1–7 March 2026");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(2).getCell(3).value).toBe("Pay category");
    expect(sheet.getRow(4).getCell(7).value).toBe(150);
    expect(sheet.getRow(4).getCell(3).value).toBe("Overtime 1.5×");
    expect(sheet.rowCount).toBe(2 + lines.length);
  });

  it("rates are typed as exact decimals", () => {
    expect(parseRate("27.35")).toBe("27.35");
    expect(parseRate(" 20 ")).toBe("20");
    for (const bad of ["", "-1", "1e3", "12.34567", "abc"]) expect(parseRate(bad)).toBeNull();
  });
});
