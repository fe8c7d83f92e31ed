import { describe, expect, it } from "vitest";
import { parseCsv } from "../../tests/support/csv";
import { csvStream, csvText, neutraliseCell, type CsvRow } from "./csv.server";

/** What a stream writes for `rows` (the report path). */
async function streamed(rows: CsvRow[], layout: Parameters<typeof csvStream>[0]): Promise<string> {
  const s = csvStream(layout);
  const out: string[] = [];
  s.on("data", (c: Buffer | string) => out.push(c.toString()));
  const done = new Promise((r) => s.on("end", r));
  for (const row of rows) s.write(row);
  s.end();
  await done;
  return out.join("");
}

describe("the CSV writer", () => {
  it("quotes every cell a spreadsheet would run as a formula (OWASP), full-width forms included", () => {
    for (const text of [
      "=1+1",
      '=HYPERLINK("http://evil.example","x")',
      "+1+1",
      "-2+3",
      "@SUM(A1)",
      "\tx",
      "\rx",
      "\uFF1D1+1",
      "\uFF0B1",
      "\uFF0D1",
      "\uFF20SUM(1)",
      "-",
      "+",
      "=",
      "-1e3",
      "+61 400 000 000",
    ])
      expect(neutraliseCell(text), JSON.stringify(text)).toBe(`'${text}`);
  });

  it("leaves ordinary text and plain numbers alone: numeric columns stay numeric", () => {
    for (const text of [
      "",
      "Truck 1",
      "a=b",
      " =1",
      "1+1",
      "-3.5",
      "+2",
      "-0",
      ".5",
      "-.5",
      "12.0",
    ])
      expect(neutraliseCell(text), JSON.stringify(text)).toBe(text);
  });

  it("writes numbers as numbers, empties as empty, and reads back with a strict parser", () => {
    const text = csvText([
      ["Name", "Temp", "Note"],
      ["=cmd|' /C calc'!A0", -3.5, null],
      ['Van, "12"', "-3.5", undefined],
      ["@x", 0, "line\nbreak"],
    ]);
    expect(parseCsv(text.trimEnd())).toEqual([
      ["Name", "Temp", "Note"],
      ["'=cmd|' /C calc'!A0", "-3.5", ""],
      ['Van, "12"', "-3.5", ""],
      ["'@x", "0", "line\nbreak"],
    ]);
  });

  it("quotes a cell holding a lone CR or LF whatever the record delimiter", () => {
    for (const recordDelimiter of ["\n", "\r\n"] as const) {
      const text = csvText(
        [
          ["a\rb", "c\nd"],
          ["e", "f"],
        ],
        { recordDelimiter },
      );
      expect(text).toBe(`"a\rb","c\nd"${recordDelimiter}e,f${recordDelimiter}`);
    }
  });

  it("streams exactly what it writes whole, with the layout asked for", async () => {
    const rows: CsvRow[] = [
      ["Vehicle", "Distance (km)"],
      ["-Truck", "-1.5"],
      ["\tTab", 2],
    ];
    const layout = { bom: true, recordDelimiter: "\r\n" } as const;
    const s = await streamed(rows, layout);
    expect(s).toBe(csvText(rows, layout));
    expect(s).toBe("\uFEFFVehicle,Distance (km)\r\n'-Truck,-1.5\r\n'\tTab,2\r\n");
  });
});
