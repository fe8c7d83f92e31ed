/** A built report's outputs: job results kept in the database, the summary, and what the page shows. */
import { gunzipSync, gzipSync } from "node:zlib";
import { fromDistanceUnit, type Measurement } from "~/lib/units";
import {
  formatCell,
  headerLabel,
  headlineTexts,
  inUnit,
  unitLabel,
  type BaseParams,
  type Headline,
  type ReportDefinition,
  type Row,
} from "./catalogue";
import type { BuiltReport, Range } from "./reports.server";
import { prisma } from "~/services/db.server";

// ------------------------------------------------------------------ finished job results (PostgreSQL)

export type StoredReport = {
  kind: string;
  params: BaseParams;
  rows: Row[];
  totals: Row;
  range: Range;
  timeZone: string;
  chart: Array<Record<string, string | number>>;
  headline: Headline[];
};

export async function storeResult(jobId: string, result: StoredReport) {
  // Prisma's Bytes is a plain Uint8Array over an ArrayBuffer, not Node's pooled Buffer.
  const data = new Uint8Array(gzipSync(JSON.stringify(result)));
  await prisma.reportResult.upsert({
    where: { jobId },
    create: { jobId, data },
    update: { data, createdAt: new Date() },
  });
}

export async function readResult(jobId: string): Promise<StoredReport | null> {
  const row = await prisma.reportResult.findUnique({ where: { jobId }, select: { data: true } });
  return row ? (JSON.parse(gunzipSync(row.data).toString("utf8")) as StoredReport) : null;
}

/** Chart data and headline figures of a built report (what the screen and the email show). */
export function summaryOf(def: ReportDefinition<BaseParams>, built: BuiltReport) {
  return {
    chart: def.chart ? def.chart.data(built.rows, built.input) : [],
    headline: def.headline
      ? def.headline(built.rows, built.totals, built.input)
      : [{ label: "Rows", value: String(built.rows.length) }],
  };
}

const KEEP_MS = 7 * 86_400_000;

/** Removes results older than a week (their jobs then show as done without a download). */
export async function pruneResults(now = Date.now()): Promise<number> {
  const { count } = await prisma.reportResult.deleteMany({
    where: { createdAt: { lt: new Date(now - KEEP_MS) } },
  });
  return count;
}

// ------------------------------------------------------------------ what the page shows

/** Rows shown on screen; the downloads carry every row. */
export const SCREEN_ROWS = 500;

export function viewOf(
  def: ReportDefinition<BaseParams>,
  r: {
    rows: Row[];
    totals: Row;
    timeZone: string;
    chart: Array<Record<string, string | number>>;
    headline: Headline[];
    period: string;
  },
  measurement: Measurement = "metric",
) {
  const cell = (i: number, v: Row[number] | undefined) =>
    formatCell(def.columns[i]!, v ?? null, r.timeZone, measurement);
  const series = def.chart?.series ?? [];
  return {
    headers: def.columns.map((c) => headerLabel(c, measurement)),
    numeric: def.columns.map((c) => c.type !== "text"),
    rows: r.rows.slice(0, SCREEN_ROWS).map((row) => def.columns.map((_, i) => cell(i, row[i]))),
    rowCount: r.rows.length,
    totals: def.columns.map((_, i) =>
      i === 0 && r.totals[0] === null ? "Total" : cell(i, r.totals[i]),
    ),
    chart: def.chart
      ? {
          type: def.chart.type,
          title: def.chart.title,
          x: def.chart.x,
          series: series.map((s) => {
            const unit = s.type ? unitLabel(s.type, measurement) : null;
            return { key: s.key, label: unit ? `${s.label} (${unit})` : s.label };
          }),
          data: r.chart.slice(0, 400).map((point) => chartPoint(point, series, measurement)),
        }
      : null,
    headline: headlineTexts(r.headline, measurement),
    period: r.period,
  };
}

/** A chart point with its typed series in the reader's unit (one decimal, as the bars show). */
function chartPoint(
  point: Record<string, string | number>,
  series: NonNullable<ReportDefinition["chart"]>["series"],
  measurement: Measurement,
) {
  const out = { ...point };
  for (const s of series) {
    const v = point[s.key];
    if (s.type && typeof v === "number")
      out[s.key] = Math.round(inUnit(s.type, v, measurement) * 10) / 10;
  }
  return out;
}

/** Report params from a query string (or form), as the definition's schema reads them. */
export function paramsFrom(def: ReportDefinition<BaseParams>, search: URLSearchParams) {
  const raw: Record<string, unknown> = {
    imeis: search.getAll("imeis").filter(Boolean),
    groups: search.getAll("groups").filter(Boolean),
  };
  for (const k of ["from", "to", "speedLimit", "minStopMinutes"]) {
    const v = search.get(k);
    if (v) raw[k] = v;
  }
  // A speed limit typed in mph (`speedUnit=imperial`) is kept in km/h, like every stored speed.
  const imperial = search.get("speedUnit") === "imperial";
  const typed = Number(raw.speedLimit);
  if (imperial && raw.speedLimit !== undefined && Number.isInteger(typed))
    raw.speedLimit = String(Math.round(fromDistanceUnit(typed, "imperial")));
  const parsed = def.params.safeParse(raw);
  if (parsed.success) return { ok: true as const, params: parsed.data };
  const errors: Record<string, string> = {};
  for (const i of parsed.error.issues) errors[String(i.path[0] ?? "form")] ??= i.message;
  if (imperial && errors.speedLimit) errors.speedLimit = "Enter a whole speed from 13 to 155 mph";
  return { ok: false as const, errors };
}
