/**
 * The hire report: per contract its utilisation (hours used / available), days on site / days
 * hired, idle share, charge so far, state and on/off-hire evidence, on screen and as CSV or PDF.
 * Times are in the company's time zone; every cell is text (the CSV writer neutralises formulas,
 * the PDF writes text only).
 */
import { formatZoned } from "~/lib/zoned-time";
import { csvText } from "~/services/csv.server";
import type { ModuleContext } from "~/services/guard.server";
import { PdfTable } from "~/services/pdf-table.server";
import { listDevices } from "~/modules/fleet/index.server";
import { STATE_LABELS, percent } from "./hire-labels";
import { hireScope, judgedContracts } from "./plant-hire.server";

export const REPORT_COLUMNS = [
  "Asset",
  "From / to",
  "On-hire",
  "Off-hire",
  "State",
  "Utilisation (hours)",
  "Hours used",
  "Hours available",
  "Days on site",
  "Days hired",
  "Idle share",
  "Charge so far",
  "Arrived on site",
  "Left site",
] as const;

export async function hireReport(ctx: ModuleContext, now = Date.now()) {
  const [scope, devices] = await Promise.all([hireScope(ctx.auth, now), listDevices(ctx.auth)]);
  const names = new Map(devices.devices.map((d) => [d.imei, d.nickname || d.imei]));
  const at = (t: string | null) => (t ? formatZoned(t, scope.timeZone, "full") : "—");
  const rows = (await judgedContracts(scope)).map((c) => {
    const u = c.utilisation;
    return {
      id: c.id,
      cells: [
        names.get(c.imei) ?? c.imei,
        c.direction === "in" ? `In from ${c.supplier ?? "?"}` : `Out to ${c.customer}`,
        c.on_hire,
        c.off_hire,
        STATE_LABELS[c.state].label,
        percent(u.hours_ratio),
        `${u.hours_used} h`,
        `${u.hours_available} h`,
        String(u.days_on_site),
        String(u.days_hired),
        percent(u.idle_ratio),
        c.charge.toFixed(2),
        c.evidence.fenced ? at(c.evidence.arrived_at) : "No site chosen",
        c.evidence.fenced ? at(c.evidence.departed_at) : "No site chosen",
      ],
    };
  });
  return { rows, today: scope.today, timeZone: scope.timeZone };
}

type Report = Awaited<ReturnType<typeof hireReport>>;

export const reportFileName = (r: Report, ext: "csv" | "pdf") => `hire-report-${r.today}.${ext}`;

export const hireReportCsv = (r: Report) =>
  csvText([[...REPORT_COLUMNS], ...r.rows.map((x) => x.cells)]);

export function hireReportPdf(r: Report): Promise<Buffer> {
  const widths = [90, 110, 55, 55, 55, 50, 45, 50, 40, 40, 40, 55, 75, 75];
  const table = new PdfTable({
    title: "Hire report",
    subtitle: `Plant hired in and out as of ${r.today} (${r.timeZone})`,
    summary: [{ label: "Contracts", value: String(r.rows.length) }],
    columns: REPORT_COLUMNS.map((title, i) => ({
      title,
      width: widths[i]!,
      ...(i >= 5 && i <= 11 ? { align: "right" as const } : {}),
    })),
  });
  const done = table.buffer();
  for (const row of r.rows) table.row(row.cells);
  if (!r.rows.length) table.note("No hire contracts.");
  table.end();
  return done;
}
