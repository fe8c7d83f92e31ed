import { parseCsvObjects } from "../../../tests/support/csv";
import { pdfText as pdfParse } from "../../../tests/support/pdf";
import { overlappingWords, pdfWords } from "../../../tests/support/pdf-layout";
import { describe, expect, it } from "vitest";
import { summarize } from "./logbook-summary";
import { fromLogEntry } from "./logbook-entries";
import type { LogEntry } from "~/services/upstream/schemas";
import {
  CSV_COLUMNS,
  exportFileName,
  logbookCsv,
  logbookPdf,
  type ExportInput,
} from "./logbook-export.server";

const e = (
  id: string,
  start: string,
  stop: string,
  a: number,
  b: number,
  purpose: "business" | "private",
  description: string,
  driver: string,
): LogEntry => [
  { obdodometer: a, address: "1 Depot Rd, Eagle Farm" },
  { obdodometer: b, address: 'Queen St, Brisbane, "CBD"' },
  { id, logstart: start, logstop: stop, description, imei: "354800100000001", purpose, driver },
];

function input(measurement: "metric" | "imperial" = "metric"): ExportInput {
  const entries = [
    e(
      "a",
      "2026-03-01T13:30:00Z",
      "2026-03-01T14:40:00Z",
      1000,
      1040,
      "business",
      "Delivery, Newstead",
      "Ann Lee",
    ),
    e(
      "b",
      "2026-03-02T01:00:00Z",
      "2026-03-02T02:00:00Z",
      1050,
      1060,
      "private",
      "Private",
      "Bob Ray",
    ),
  ].map(fromLogEntry);
  return {
    vehicle: { imei: "354800100000001", nickname: "Van 12" },
    period: { from: "2026-03-01", to: "2026-03-31" },
    entries,
    summary: summarize(entries),
    measurement,
    timeZone: "Australia/Brisbane",
  };
}

describe("logbook CSV", () => {
  it("parses back to one row per trip with the header, in the company's time zone", () => {
    const rows = parseCsvObjects(logbookCsv(input()));
    expect(Object.keys(rows[0]!)).toEqual(CSV_COLUMNS("metric"));
    expect(rows).toHaveLength(2);
    // 13:30 UTC on 1 March is 23:30 in Brisbane: still 1 March.
    expect(rows[0]).toMatchObject({
      Date: "01/03/2026",
      "Start time": "23:30",
      "End time": "00:40",
      "Start odometer (km)": "1000.0",
      "End odometer (km)": "1040.0",
      "Distance (km)": "40.0",
      Purpose: "Business",
      Driver: "Ann Lee",
    });
    expect(rows[0]!["End address"]).toBe('Queen St, Brisbane, "CBD"');
    expect(rows[1]).toMatchObject({ Purpose: "Private", "Distance (km)": "10.0" });
  });

  it("converts to miles for imperial users", () => {
    const rows = parseCsvObjects(logbookCsv(input("imperial")));
    expect(rows[0]!["Distance (mi)"]).toBe((40 / 1.609344).toFixed(1));
  });

  it("neutralises descriptions and drivers a spreadsheet would run as a formula", () => {
    const base = input();
    const hostile = ['=HYPERLINK("http://evil.example")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"];
    const entries = hostile.map((d, i) => ({
      ...base.entries[i % 2]!,
      id: `h${i}`,
      description: d,
      driver: i === 0 ? "=cmd|' /C calc'!A0" : "Ann Lee",
    }));
    const rows = parseCsvObjects(logbookCsv({ ...base, entries }));
    expect(rows.map((r) => r.Description)).toEqual(hostile.map((d) => `'${d}`));
    expect(rows[0]!.Driver).toBe("'=cmd|' /C calc'!A0");
    // Numbers are data, not formulas: the odometer and distance columns stay numeric.
    expect(rows[0]!["Distance (km)"]).toBe("40.0");
  });

  it("names the file after the vehicle and period", () => {
    expect(exportFileName(input(), "csv")).toBe("logbook-Van-12-2026-03-01-to-2026-03-31.csv");
  });
});

/** `n` business trips an hour apart from 1 January, 5 km each, with one description. */
const hourly = (n: number, description: string) =>
  Array.from({ length: n }, (_, i) =>
    fromLogEntry(
      e(
        `t${i}`,
        new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
        new Date(Date.UTC(2026, 0, 1) + i * 3_600_000 + 60_000).toISOString(),
        i * 10,
        i * 10 + 5,
        "business",
        description,
        "Ann",
      ),
    ),
  );

describe("logbook PDF", () => {
  it("reads like a paper logbook: vehicle, period, odometers, each trip with times and addresses, and the business-use percentage", async () => {
    const pdf = await logbookPdf(input());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await pdfParse(pdf);
    expect(text).toContain("Vehicle logbook");
    expect(text).toContain("Van 12 (354800100000001)");
    expect(text).toContain("2026-03-01 to 2026-03-31");
    // The summary block: each label with its figure under it.
    const words = await pdfWords(pdf);
    const under = (label: string, value: string) => {
      const l = words.find((w) => w.text === label)!;
      const v = words.find((w) => w.text === value && Math.abs(w.x0 - l.x0) < 1 && w.y0 > l.y0)!;
      expect(v, `${value} under ${label}`).toBeDefined();
      expect(v.y0 - l.y1).toBeLessThan(6);
    };
    under("Odometer", "1,000.0"); // at start
    under("Total", "60.0");
    // total 60, business 40: 66.7 %
    under("Business-use", "66.7%");
    expect(text).toContain("1,060.0 km");
    expect(text).toContain("01/03/2026");
    expect(text).toContain("Ann Lee");
    expect(text).toContain("Business: Delivery, Newstead");
    for (const e of input().entries) {
      if (e.startAddress) expect(text).toContain(e.startAddress);
      if (e.endAddress) expect(text).toContain(e.endAddress);
    }
  });

  it("lays out long descriptions and addresses on wrapped lines that never overlap, on every page", async () => {
    const long = "Delivery of palletised freight to the loading dock behind the warehouse, gate 3";
    const many = hourly(60, long);
    const pdf = await logbookPdf({ ...input(), entries: many, summary: summarize(many) });
    const words = await pdfWords(pdf);
    expect(Math.max(...words.map((w) => w.page))).toBeGreaterThan(1);
    expect(overlappingWords(words)).toEqual([]);
    expect((await pdfParse(pdf)).text.replace(/\s+/g, " ")).toContain(
      "loading dock behind the warehouse, gate 3",
    );
  });

  it("an empty period still renders, with 0% and no NaN", async () => {
    const empty = { ...input(), entries: [], summary: summarize([]) };
    const { text } = await pdfParse(await logbookPdf(empty));
    expect(text).toContain("No trips in this period.");
    expect(text).toContain("0.0%");
    expect(text).not.toContain("NaN");
  });

  it("runs over several pages for a long period", async () => {
    const many = hourly(120, "Job");
    const { numpages } = await pdfParse(
      await logbookPdf({ ...input(), entries: many, summary: summarize(many) }),
    );
    expect(numpages).toBeGreaterThan(2);
  });
});
