/**
 * Job report (timesheet/reports/job, review_timesheet): hours and cost by job code, jobsite and
 * person over a range, from entries not rejected. Cost is the hours at the person's payroll-group
 * rate (straight time: overtime premiums belong to payroll), exact to the cent; people without a
 * rate show no cost. The same rows export as CSV, XLSX and PDF.
 */
import Decimal from "decimal.js";
import ExcelJS from "exceljs";
import { addDays, dayKey, startOfDay } from "~/lib/zoned-days";
import { csvText } from "~/services/csv.server";
import type { ModuleContext } from "~/services/guard.server";
import { PdfTable } from "~/services/pdf-table.server";
import { pickers, reviewsPerson, timesheetContext } from "./context.server";
import { hoursOf, sumMoney } from "./pay";
import { listEntries, listPayrollGroups } from "./upstream.server";
import { dayParam, entryMinutes } from "./week";

export type JobRow = {
  jobcode: string;
  jobsite: string;
  person: string;
  minutes: number;
  hours: number;
  cost: string | null;
};

export async function jobReport(ctx: ModuleContext, url: URL, now = Date.now()) {
  const tc = await timesheetContext(ctx);
  const today = dayKey(now, tc.timeZone);
  let from = dayParam(url.searchParams.get("from")) ?? `${today.slice(0, 8)}01`;
  let to = dayParam(url.searchParams.get("to")) ?? today;
  let notice: string | null = null;
  if (to < from) [from, to] = [to, from];
  if (Date.parse(to) - Date.parse(from) > 92 * 86_400_000) {
    from = addDays(to, -92);
    notice = "A report covers at most 93 days: the range was shortened.";
  }
  const [entries, pick, groups] = await Promise.all([
    listEntries(tc.up, {
      from: new Date(startOfDay(from, tc.timeZone)).toISOString(),
      to: new Date(startOfDay(addDays(to, 1), tc.timeZone)).toISOString(),
    }),
    pickers(ctx, tc.up),
    listPayrollGroups(tc.up),
  ]);
  const rates = new Map(
    groups.flatMap((g) => g.members.map((m) => [m.username_id, m.rate] as const)),
  );
  const codes = new Map(pick.jobCodes.map((c) => [c.id, c.label]));
  const sites = new Map(pick.jobsites.map((j) => [j.id, j.label]));
  const people = new Map(tc.people.map((p) => [p.username_id, p]));
  const rows = new Map<string, JobRow & { rate: string | null }>();
  for (const e of entries) {
    const p = people.get(e.username_id);
    if (e.status === "rejected" || !p || !reviewsPerson(tc, p)) continue;
    const jobcode =
      e.jobcode_id === null ? "No job code" : (codes.get(e.jobcode_id) ?? `#${e.jobcode_id}`);
    const jobsite =
      e.jobsite_id === null ? "No jobsite" : (sites.get(e.jobsite_id) ?? `#${e.jobsite_id}`);
    const key = `${jobcode}|${jobsite}|${p.username_id}`;
    const row = rows.get(key) ?? {
      jobcode,
      jobsite,
      person: p.name,
      minutes: 0,
      hours: 0,
      cost: null,
      rate: rates.get(p.username_id) ?? null,
    };
    row.minutes += entryMinutes(e, now);
    rows.set(key, row);
  }
  const list: JobRow[] = [...rows.values()]
    .map(({ rate, ...r }) => ({
      ...r,
      hours: hoursOf(r.minutes),
      cost:
        rate === null
          ? null
          : new Decimal(rate)
              .times(r.minutes)
              .dividedBy(60)
              .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
              .toFixed(2),
    }))
    .sort(
      (a, b) =>
        a.jobcode.localeCompare(b.jobcode) ||
        a.jobsite.localeCompare(b.jobsite) ||
        a.person.localeCompare(b.person),
    );
  return {
    from,
    to,
    notice,
    timeZone: tc.timeZone,
    rows: list,
    totalHours: hoursOf(list.reduce((s, r) => s + r.minutes, 0)),
    totalCost: sumMoney(list.map((r) => r.cost ?? "0")),
  };
}

const HEAD = ["Job code", "Jobsite", "Person", "Hours", "Cost"];
const cells = (r: JobRow) => [r.jobcode, r.jobsite, r.person, r.hours, r.cost ?? ""];

export async function jobReportFile(ctx: ModuleContext, url: URL, format: "csv" | "xlsx" | "pdf") {
  const rep = await jobReport(ctx, url);
  const name = `job-report-${rep.from}-to-${rep.to}.${format}`;
  const title = `Job report ${rep.from} to ${rep.to}`;
  if (format === "csv")
    return {
      name,
      type: "text/csv; charset=utf-8",
      body: Buffer.from(
        csvText([HEAD, ...rep.rows.map(cells)], { bom: true, recordDelimiter: "\r\n" }),
      ),
    };
  if (format === "xlsx") {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Job report");
    sheet.addRow([title]);
    sheet.addRow(HEAD).font = { bold: true };
    for (const r of rep.rows) {
      const row = sheet.addRow([
        r.jobcode,
        r.jobsite,
        r.person,
        r.hours,
        r.cost === null ? null : Number(r.cost),
      ]);
      row.getCell(5).numFmt = "0.00";
    }
    sheet.columns.forEach((c, i) => (c.width = i < 3 ? 30 : 12));
    return {
      name,
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      body: Buffer.from(await book.xlsx.writeBuffer()),
    };
  }
  const table = new PdfTable({
    title: "Job report",
    subtitle: `${rep.from} – ${rep.to} (${rep.timeZone})`,
    summary: [
      { label: "Hours", value: String(rep.totalHours) },
      { label: "Cost", value: rep.totalCost },
    ],
    columns: [
      { title: "Job code", width: 200 },
      { title: "Jobsite", width: 200 },
      { title: "Person", width: 160 },
      { title: "Hours", width: 60, align: "right" },
      { title: "Cost", width: 80, align: "right" },
    ],
  });
  const done = table.buffer();
  for (const r of rep.rows)
    table.row([r.jobcode, r.jobsite, r.person, String(r.hours), r.cost ?? ""]);
  table.end();
  return { name, type: "application/pdf", body: await done };
}
