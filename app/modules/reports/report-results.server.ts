/** A built report's outputs: job results kept on disk, the summary, and what the page shows. */
import fs from "node:fs/promises";
import path from "node:path";
import {
  formatCell,
  headerLabel,
  type BaseParams,
  type ReportDefinition,
  type Row,
} from "./catalogue";
import type { BuiltReport, Range } from "./reports.server";
import { getEnv } from "~/services/env.server";

// ------------------------------------------------------------------ finished job results on disk

export type StoredReport = {
  kind: string;
  params: BaseParams;
  rows: Row[];
  totals: Row;
  range: Range;
  timeZone: string;
  chart: Array<Record<string, string | number>>;
  headline: { label: string; value: string }[];
};

function resultFile(jobId: string) {
  if (!/^[a-z0-9]+$/i.test(jobId)) throw new Response("Not found", { status: 404 });
  return path.join(getEnv().DATA_DIR, "reports", `${jobId}.json`);
}

export async function storeResult(jobId: string, result: StoredReport) {
  const file = resultFile(jobId);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(result));
}

export async function readResult(jobId: string): Promise<StoredReport | null> {
  try {
    return JSON.parse(await fs.readFile(resultFile(jobId), "utf8")) as StoredReport;
  } catch {
    return null;
  }
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
    headline: { label: string; value: string }[];
    period: string;
  },
) {
  return {
    headers: def.columns.map(headerLabel),
    numeric: def.columns.map((c) => c.type !== "text"),
    rows: r.rows
      .slice(0, SCREEN_ROWS)
      .map((row) => def.columns.map((c, i) => formatCell(c, row[i] ?? null, r.timeZone))),
    rowCount: r.rows.length,
    totals: def.columns.map((c, i) =>
      i === 0 && r.totals[0] === null ? "Total" : formatCell(c, r.totals[i] ?? null, r.timeZone),
    ),
    chart: def.chart
      ? {
          type: def.chart.type,
          title: def.chart.title,
          x: def.chart.x,
          series: def.chart.series,
          data: r.chart.slice(0, 400),
        }
      : null,
    headline: r.headline,
    period: r.period,
  };
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
  const parsed = def.params.safeParse(raw);
  if (parsed.success) return { ok: true as const, params: parsed.data };
  const errors: Record<string, string> = {};
  for (const i of parsed.error.issues) errors[String(i.path[0] ?? "form")] ??= i.message;
  return { ok: false as const, errors };
}
