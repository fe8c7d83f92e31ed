/**
 * Downloads: the sensor report of one device and channel over a range (CSV: every reading; XLSX:
 * readings, excursions and a summary; PDF: the summary, the excursions and hourly or daily
 * minimum/mean/maximum) and the signed shipment report of a load (PDF naming each excursion).
 * Times are in the company's time zone; values in the reader's unit (°F when imperial; stored
 * canonical, °C and %), named in headers.
 */
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { formatZoned } from "~/lib/zoned-time";
import { dayKey } from "~/lib/zoned-days";
import { csvText } from "~/services/csv.server";
import { PdfTable } from "~/services/pdf-table.server";
import type { Analysis } from "./analysis";
import type { JudgedLoad } from "./ftc.server";
import type { Excursion } from "./series";
import type { SensorDevice, SensorLimit, SensorSeries } from "./upstream.server";
import { temperatureLabel, type Measurement } from "~/lib/units";
import { CHANNEL_LABEL, displayUnit, formatMinutes, shown, tierName, toCanonical } from "./units";

export type ReportInput = {
  device: SensorDevice;
  limit: SensorLimit | null;
  series: SensorSeries;
  analysis: Analysis;
  range: { from: number; to: number };
  timeZone: string;
  /** The reader's unit system; metric when not given. */
  measurement?: Measurement;
};

/** The PDF standard fonts speak WinAnsi: a few symbols of profile names need plain equivalents. */
const pdfSafe = (s: string) => s.replace(/≤/g, "<=").replace(/≥/g, ">=").replace(/−/g, "-");

const unitOf = (r: ReportInput) => displayUnit(r.series.channel, r.measurement ?? "metric");
/** A stored reading of the report's channel in the reader's unit. */
const inUnit = (r: ReportInput, v: number) =>
  shown(r.series.channel, v, r.measurement ?? "metric", 2);
const fmt = (v: number | null, d = 2) => (v === null ? "—" : v.toFixed(d));

export function reportFileName(r: ReportInput, ext: string): string {
  const day = dayKey(r.range.from, r.timeZone);
  return `${r.device.nickname.replace(/[^A-Za-z0-9-]+/g, "-")}-${r.series.channel}-${day}.${ext}`;
}

/** The limit as set (in °C or °F), in the reader's unit. */
function limitText(r: ReportInput): string {
  const l = r.limit;
  if (!l) return "No limit set";
  const u = unitOf(r);
  const v = (x: number) => (l.unit === "%" ? x : inUnit(r, toCanonical(x, l.unit)));
  const parts = [
    l.min === null ? null : `min ${v(l.min)} ${u}`,
    l.max === null ? null : `max ${v(l.max)} ${u}`,
  ];
  return `${parts.filter(Boolean).join(", ")}; alert after ${Math.round(l.min_duration_s / 60)} min`;
}

function summary(r: ReportInput) {
  const a = r.analysis;
  const u = unitOf(r);
  const x = (v: number | null) => (v === null ? null : inUnit(r, v));
  return [
    { label: "Device", value: `${r.device.nickname} (${r.device.imei})` },
    { label: "Channel", value: `${CHANNEL_LABEL[r.series.channel]} (${u || "state"})` },
    { label: "Limit", value: limitText(r) },
    { label: "Readings", value: `${a.samples} (${a.late} uploaded late, at their measured time)` },
    {
      label: "Minimum / mean / maximum",
      value: `${fmt(x(a.min))} / ${fmt(x(a.mean))} / ${fmt(x(a.max))} ${u}`,
    },
    ...(a.mkt === null
      ? []
      : [
          {
            label: "Mean kinetic temperature",
            value: `${fmt(x(a.mkt))} ${temperatureLabel(r.measurement ?? "metric")}`,
          },
        ]),
    { label: "Time out of range", value: formatMinutes(a.outMs) },
    {
      label: "Data gaps",
      value: `${a.gaps.length} (${formatMinutes(a.gaps.reduce((s, g) => s + g.to - g.from, 0))} unmeasured)`,
    },
  ];
}

const excursionRow = (e: Excursion, r: ReportInput) => [
  e.side === "high" ? "Above" : "Below",
  formatZoned(e.start, r.timeZone, "full"),
  e.openEnded
    ? `${formatZoned(e.end, r.timeZone, "full")} (open)`
    : formatZoned(e.end, r.timeZone, "full"),
  formatMinutes(e.countedMs),
  `${inUnit(r, e.peak.v).toFixed(2)} ${unitOf(r)}`,
];

export function sensorCsv(r: ReportInput): string {
  const late = new Set(r.series.late.map((l) => l.time));
  const u = unitOf(r);
  const rows: Array<Array<string | number>> = [
    [
      `Time (${r.timeZone})`,
      "Time (UTC)",
      `${CHANNEL_LABEL[r.series.channel]}${u ? ` (${u})` : ""}`,
      "Uploaded late",
    ],
  ];
  for (let i = 0; i < r.series.t.length; i++) {
    const t = r.series.t[i]!;
    rows.push([
      formatZoned(t, r.timeZone, "full"),
      new Date(t).toISOString(),
      inUnit(r, r.series.v[i]!),
      late.has(t) ? "yes" : "",
    ]);
  }
  return csvText(rows, { bom: true, recordDelimiter: "\r\n" });
}

export async function sensorXlsx(r: ReportInput): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((res) => out.on("end", res));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const u = unitOf(r);
  const s1 = book.addWorksheet("Summary");
  s1.columns = [{ width: 28 }, { width: 60 }];
  for (const s of summary(r)) s1.addRow([s.label, s.value]).commit();
  s1.commit();
  const s2 = book.addWorksheet("Excursions");
  s2.columns = [{ width: 10 }, { width: 22 }, { width: 26 }, { width: 16 }, { width: 14 }];
  s2.addRow(["Side", "Start", "End", "Counted", `Peak (${u})`]).commit();
  for (const e of r.analysis.excursions) s2.addRow(excursionRow(e, r)).commit();
  s2.commit();
  const s3 = book.addWorksheet("Readings", { views: [{ state: "frozen", ySplit: 1 }] });
  s3.columns = [{ width: 22 }, { width: 26 }, { width: 14 }, { width: 14 }];
  s3.addRow([
    `Time (${r.timeZone})`,
    "Time (UTC)",
    `${CHANNEL_LABEL[r.series.channel]}${u ? ` (${u})` : ""}`,
    "Uploaded late",
  ]).commit();
  const late = new Set(r.series.late.map((l) => l.time));
  for (let i = 0; i < r.series.t.length; i++) {
    const t = r.series.t[i]!;
    s3.addRow([
      formatZoned(t, r.timeZone, "full"),
      new Date(t).toISOString(),
      inUnit(r, r.series.v[i]!),
      late.has(t) ? "yes" : "",
    ]).commit();
  }
  s3.commit();
  await book.commit();
  await done;
  return Buffer.concat(chunks);
}

export function sensorPdf(r: ReportInput): Promise<Buffer> {
  const u = unitOf(r);
  const long = r.range.to - r.range.from > 3 * 86_400_000;
  const table = new PdfTable({
    title: pdfSafe(`Sensor report: ${r.device.nickname}`),
    subtitle: `${formatZoned(r.range.from, r.timeZone, "full")} – ${formatZoned(r.range.to, r.timeZone, "full")} (${r.timeZone})`,
    summary: summary(r).map((s) => ({ label: s.label, value: pdfSafe(s.value) })),
    columns: [
      { title: long ? "Day" : "Hour", width: 160 },
      { title: `Minimum (${u})`, width: 90, align: "right" },
      { title: `Mean (${u})`, width: 90, align: "right" },
      { title: `Maximum (${u})`, width: 90, align: "right" },
      { title: "Readings", width: 80, align: "right" },
    ],
    layout: "portrait",
    fontSize: 9,
  });
  const done = table.buffer();
  // Buckets by local day or hour: min/mean/max of what was measured (a gap is an empty bucket).
  const key = (t: number) =>
    long
      ? dayKey(t, r.timeZone)
      : formatZoned(Math.floor(t / 3_600_000) * 3_600_000, r.timeZone, "full");
  let cur: string | null = null;
  let lo = 0,
    hi = 0,
    sum = 0,
    n = 0;
  const flush = () => {
    if (cur !== null && n)
      table.row([
        cur,
        inUnit(r, lo).toFixed(2),
        inUnit(r, sum / n).toFixed(2),
        inUnit(r, hi).toFixed(2),
        String(n),
      ]);
  };
  for (let i = 0; i < r.series.t.length; i++) {
    const k = key(r.series.t[i]!);
    const v = r.series.v[i]!;
    if (k !== cur) {
      flush();
      cur = k;
      lo = hi = sum = v;
      n = 1;
    } else {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
      sum += v;
      n++;
    }
  }
  flush();
  const ex = r.analysis.excursions;
  table.note(ex.length ? `Excursions (${ex.length}):` : "No excursions outside the limit.", 14);
  for (const e of ex) {
    const [side, start, end, counted, peak] = excursionRow(e, r);
    table.note(`${side} the limit from ${start} to ${end}: ${counted} counted, peak ${peak}.`, 4);
  }
  table.end();
  return done;
}

/** The shipment report of a load: verdict, tiers, every excursion by name, and the sign-off. */
export function shipmentPdf(
  j: JudgedLoad,
  timeZone: string,
  m: Measurement = "metric",
): Promise<Buffer> {
  const v = j.verdict;
  // In the reader's unit (°F when imperial); the verdict itself is computed in °C.
  const u = temperatureLabel(m);
  const deg = (c: number) => shown("temperature", c, m, 2).toFixed(2);
  const z = (t: number) => formatZoned(t, timeZone, "full");
  const table = new PdfTable({
    title: pdfSafe(`Shipment temperature report: ${j.load.reference}`),
    subtitle: `${z(j.from)} – ${j.load.end === null ? "in transit" : z(Date.parse(j.load.end))} (${timeZone})`,
    summary: [
      { label: "Product", value: j.load.product },
      { label: "Unit", value: `${j.device?.nickname ?? j.load.imei} (${j.load.imei})` },
      { label: "Profile", value: pdfSafe(j.profile.name) },
      { label: "Verdict", value: v.pass ? "PASS" : "FAIL" },
      {
        label: "Time out of range",
        value: `${formatMinutes(v.outOfRangeMs)} (${pdfSafe(v.tiers[0] ? tierName(v.tiers[0], m) : "")})`,
      },
      {
        label: "Mean kinetic temperature",
        value: v.mktC === null ? "—" : `${deg(v.mktC)} ${u} (dH/R = 10,000 K)`,
      },
      {
        label: "Readings",
        value: `${v.samples}; ${v.gaps.length} data gaps (${formatMinutes(v.gapMs)} unmeasured, not interpolated)`,
      },
      {
        label: "Suppressed",
        value: `start-up ${Math.round(j.profile.startup_ignore_s / 60)} min; door ${j.profile.door_recovery_s === null ? "no" : `+${Math.round(j.profile.door_recovery_s / 60)} min`}; defrost ${j.profile.defrost_recovery_s === null ? "no" : `+${Math.round(j.profile.defrost_recovery_s / 60)} min`}`,
      },
    ],
    columns: [
      { title: "Tier", width: 80 },
      { title: "Excursion", width: 60 },
      { title: "Start", width: 95 },
      { title: "End", width: 95 },
      { title: "Counted", width: 65, align: "right" },
      { title: "Suppressed", width: 65, align: "right" },
      { title: `Peak (${u})`, width: 55, align: "right" },
    ],
    layout: "portrait",
    fontSize: 8,
  });
  const done = table.buffer();
  let n = 0;
  for (const t of v.tiers) {
    for (const e of t.excursions) {
      n++;
      table.row([
        pdfSafe(tierName(t, m)),
        `#${n} ${e.side === "high" ? "above" : "below"}`,
        z(e.start),
        e.openEnded ? `${z(e.end)} (open)` : z(e.end),
        formatMinutes(e.countedMs),
        formatMinutes(e.suppressedMs),
        deg(e.peak.v),
      ]);
    }
  }
  if (!n) table.row(["—", "No excursions", "", "", "", "", ""]);
  for (const t of v.tiers)
    table.note(
      pdfSafe(
        `Tier ${tierName(t, m)}: ${formatMinutes(t.outMs)} out of range of ${formatMinutes(t.allowanceMs)} allowed: ${t.pass ? "pass" : "FAIL"}.`,
      ),
      6,
    );
  const s = j.load.signoff;
  table.note(
    s
      ? pdfSafe(
          `Signed off by ${s.name} on ${z(Date.parse(s.at))} (${timeZone})${s.note ? `: ${s.note}` : "."}`,
        )
      : "Not signed off yet.",
    16,
  );
  table.end();
  return done;
}
