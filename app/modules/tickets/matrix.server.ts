/**
 * The tickets matrix page (tickets/matrix, tickets_view): every ticket of the company counted by
 * type (or jobsite) and status, with the SLA heat of each cell in the company's working hours
 * (public holidays left out). Each cell links to the tickets list filtered the same way.
 */
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { buildMatrix, type MatrixRow } from "./matrix";
import { jobsiteNames, ticketsWithSla } from "./tickets-page.server";

export type MatrixBy = "type" | "jobsite";

export async function matrixPage(ctx: ModuleContext, url: URL) {
  const by: MatrixBy = url.searchParams.get("by") === "jobsite" ? "jobsite" : "type";
  const up = upstream(ctx.auth.token);
  const timeZone = await companyTimeZone(ctx.auth);
  const [{ types, tickets }, sites] = await Promise.all([
    ticketsWithSla(up, timeZone),
    by === "jobsite" ? jobsiteNames(up) : Promise.resolve(new Map<number, string>()),
  ]);
  const rowOf = (t: (typeof tickets)[number]) =>
    by === "type"
      ? String(t.type.id)
      : t.ticket.jobsite_id === null
        ? "none"
        : String(t.ticket.jobsite_id);
  let rows: MatrixRow[];
  if (by === "type") rows = types.map((t) => ({ key: String(t.id), label: t.name }));
  else {
    const used = [...new Set(tickets.map(rowOf))];
    rows = used
      .filter((k) => k !== "none")
      .map((k) => ({ key: k, label: sites.get(Number(k)) ?? `Jobsite ${k}` }))
      .sort((a, b) => a.label.localeCompare(b.label));
    if (used.includes("none")) rows.push({ key: "none", label: "No jobsite" });
  }
  const matrix = buildMatrix(
    rows,
    tickets.map((t) => ({ row: rowOf(t), status: t.ticket.status, sla: t.worst })),
  );
  return { by, matrix, total: tickets.length, timeZone };
}

export type MatrixPage = Awaited<ReturnType<typeof matrixPage>>;
