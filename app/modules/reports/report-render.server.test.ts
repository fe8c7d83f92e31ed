import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { computeTotals, findReport, type ReportInput } from "./catalogue";
import type { TripRecord } from "~/modules/trips";
import { parseCsv } from "../../../tests/support/csv";
import { pdfText } from "../../../tests/support/pdf";
import { render, type RenderInput, type ReportFormat } from "./report-render.server";
import {
  inkShare,
  isLogoGreen,
  overlappingWords,
  pdfWords,
  renderPages,
} from "../../../tests/support/pdf-layout";

const trip = (
  i: number,
  imei: string,
  km: number,
  max: number,
  address = `${i} Main St`,
): TripRecord => ({
  id: `t${i}`,
  imei,
  start: {
    time: new Date(Date.parse("2026-03-02T00:00:00Z") + i * 3_600_000).toISOString(),
    lat: -27.4,
    lng: 153,
    address,
    odometer: 1000 + i * 10,
  },
  end: {
    time: new Date(Date.parse("2026-03-02T00:30:00Z") + i * 3_600_000).toISOString(),
    lat: -27.5,
    lng: 153.1,
    address: "Depot (Eagle Farm)",
    odometer: 1000 + i * 10 + km,
  },
  distance_km: km,
  duration_s: 1800,
  max_speed: max,
  avg_speed: 40,
  driver: "Sam",
  purpose: "business",
  description: "",
  manual: false,
});

const input: ReportInput = {
  vehicles: [
    {
      imei: "A",
      nickname: 'Truck, "One"',
      deviceTypeId: 1,
      groups: [],
      geofenceGps: null,
      geofenceMeters: null,
      speed: null,
      ignition: null,
      lastContactAt: null,
      temperature: null,
    },
  ],
  trips: [trip(0, "A", 12.5, 80, "1 Café (Süd) St"), trip(1, "A", 7.5, 104)],
  previousTrips: [],
  events: [],
  idles: [],
  from: Date.parse("2026-03-01T14:00:00Z"),
  to: Date.parse("2026-03-08T14:00:00Z"),
  timeZone: "Australia/Brisbane",
  now: Date.parse("2026-03-10T00:00:00Z"),
};

async function renderTo(
  format: ReportFormat,
  data: ReportInput = input,
  extra: Partial<RenderInput> = {},
): Promise<Buffer> {
  const def = findReport("trip-summary")!;
  const rows = def.build(data, def.params.parse({}));
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  await render(
    format,
    {
      title: def.title,
      subtitle: "2 Mar 2026 (Australia/Brisbane)",
      columns: def.columns,
      rows,
      totals: computeTotals(def.columns, rows),
      timeZone: data.timeZone,
      ...extra,
    },
    out,
  );
  return Buffer.concat(chunks);
}

describe("report files", () => {
  it("CSV: header with units, one row per trip in local time, quoting, and the totals row", async () => {
    const text = (await renderTo("csv")).toString("utf8").replace(/^\uFEFF/, "");
    const rows = parseCsv(text.trimEnd());
    expect(rows[0]).toEqual([
      "Vehicle",
      "Driver",
      "Start",
      "End",
      "From",
      "To",
      "Distance (km)",
      "Duration",
      "Max speed (km/h)",
      "Avg speed (km/h)",
    ]);
    expect(rows[1]).toEqual([
      'Truck, "One"',
      "Sam",
      "2026-03-02 10:00",
      "2026-03-02 10:30",
      "1 Café (Süd) St",
      "Depot (Eagle Farm)",
      "12.5",
      "0:30:00",
      "80",
      "40",
    ]);
    expect(rows[3]).toEqual(["Total", "", "", "", "", "", "20.0", "1:00:00", "104", "40"]);
    expect(rows).toHaveLength(4);
  });

  it("CSV: text a spreadsheet would run as a formula gets a leading quote; numbers stay numbers", async () => {
    const hostile: ReportInput = {
      ...input,
      vehicles: [{ ...input.vehicles[0]!, nickname: '=HYPERLINK("http://evil.example","x")' }],
      trips: [
        { ...trip(0, "A", 12.5, 80, "+61 400 000 000"), driver: "@SUM(1+1)" },
        { ...trip(1, "A", 7.5, 104, "-1+cmd|' /C calc'!A0"), driver: "\tTab" },
      ],
    };
    const rows = parseCsv(
      (await renderTo("csv", hostile))
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .trimEnd(),
    );
    expect(rows[1]!.slice(0, 5)).toEqual([
      '\'=HYPERLINK("http://evil.example","x")',
      "'@SUM(1+1)",
      "2026-03-02 10:00",
      "2026-03-02 10:30",
      "'+61 400 000 000",
    ]);
    expect(rows[2]![1]).toBe("'\tTab");
    expect(rows[2]![4]).toBe("'-1+cmd|' /C calc'!A0");
    expect(rows[1]!.slice(6)).toEqual(["12.5", "0:30:00", "80", "40"]);
  });

  it("XLSX: read back with exceljs; numbers stay numbers", async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await renderTo("xlsx")) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Report")!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Trip summary");
    expect(sheet.getRow(3).getCell(7).value).toBe("Distance (km)");
    expect(sheet.getRow(4).getCell(1).value).toBe('Truck, "One"');
    expect(sheet.getRow(4).getCell(7).value).toBe(12.5);
    expect(sheet.getRow(6).getCell(1).value).toBe("Total");
    expect(sheet.getRow(6).getCell(7).value).toBe(20);
  });

  it("PDF: its text carries title, rows, non-ASCII text and totals", async () => {
    const pdf = await renderTo("pdf");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text: lines, numpages } = await pdfText(pdf);
    // Headers wrap inside their column: read the words in order, whatever the line breaks.
    const text = lines.replace(/\s+/g, " ");
    expect(numpages).toBe(1);
    for (const s of [
      "Trip summary",
      "Distance (km)",
      'Truck, "One"',
      "1 Café (Süd) St",
      "Depot (Eagle Farm)",
      "2026-03-02 10:00",
      "Total",
      "20.0",
      "104",
    ])
      expect(text).toContain(s);
  });

  it("PDF layout: long cells wrap instead of being cut, headers repeat on every page, no text overlaps, summary and logo first", async () => {
    const long =
      "Unit 4, 1200 Kingsford Smith Drive, Pinkenba Industrial Estate, Brisbane Airport QLD 4008";
    const many: ReportInput = {
      ...input,
      trips: Array.from({ length: 90 }, (_, i) => trip(i, "A", 10 + i / 10, 60 + (i % 50), long)),
    };
    const pdf = await renderTo("pdf", many, {
      summary: [
        { label: "Trips", value: "90" },
        { label: "Distance", value: "1,300.5 km" },
      ],
    });
    const words = await pdfWords(pdf);
    const pages = Math.max(...words.map((w) => w.page));
    expect(pages).toBeGreaterThan(2);
    expect(overlappingWords(words)).toEqual([]);
    // Every page starts its table with the whole header (nothing cut to "Max speed (…").
    for (let p = 1; p <= pages; p++) {
      const onPage = words.filter((w) => w.page === p).map((w) => w.text);
      expect(onPage.join(" ")).toContain("Max speed (km/h)");
      expect(onPage).toContain(`Page`);
    }
    // The long address arrives whole, over several lines of its cell.
    const text = (await pdfText(pdf)).text.replace(/\s+/g, " ");
    expect(text).toContain("Pinkenba Industrial Estate, Brisbane Airport QLD 4008");
    expect(text).not.toContain("…");
    // The summary sits above the table's header on page one.
    const first = words.filter((w) => w.page === 1);
    const summaryY = first.find((w) => w.text === "1,300.5")!.y0;
    const headerY = first.find((w) => w.text === "Vehicle")!.y0;
    expect(summaryY).toBeLessThan(headerY);
    // Rendered: every page has ink; the logo's green is in page one's top-left corner only.
    const images = await renderPages(pdf);
    expect(images).toHaveLength(pages);
    for (const img of images) expect(inkShare(img)).toBeGreaterThan(0.01);
    const corner = { x0: 0, y0: 0, x1: 0.1, y1: 0.12 };
    expect(inkShare(images[0]!, corner, isLogoGreen)).toBeGreaterThan(0.05);
    expect(inkShare(images[1]!, corner, isLogoGreen)).toBe(0);
  });

  it("imperial: every export shows miles and mph, converted from the stored kilometres", async () => {
    const csv = parseCsv(
      (await renderTo("csv", input, { measurement: "imperial" }))
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .trimEnd(),
    );
    const distance = csv[0]!.indexOf("Distance (mi)");
    const speed = csv[0]!.indexOf("Max speed (mph)");
    expect(distance).toBeGreaterThan(0);
    expect(speed).toBeGreaterThan(0);
    expect(csv[1]![distance]).toBe("7.8"); // 12.5 km
    expect(csv[2]![speed]).toBe("65"); // 104 km/h
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await renderTo("xlsx", input, { measurement: "imperial" })) as unknown as ArrayBuffer,
    );
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(3).getCell(7).value).toBe("Distance (mi)");
    expect(sheet.getRow(4).getCell(7).value).toBeCloseTo(12.5 / 1.609344, 6);
    const { text } = await pdfText(await renderTo("pdf", input, { measurement: "imperial" }));
    expect(text).toContain("Distance (mi)");
    expect(text).not.toContain("(km)");
  });
});
