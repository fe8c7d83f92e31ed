/**
 * The tickets matrix (tickets/matrix): tickets counted by a row (their type, or their jobsite) and
 * status, with each cell's SLA heat (how many breached, at risk, on time). Browser-safe and pure.
 */
import type { SlaState } from "./business-hours";
import { STATUS_VALUES, type TicketStatus } from "./ticket-labels";

export type MatrixTicket = { row: string; status: TicketStatus; sla: SlaState };
export type MatrixRow = { key: string; label: string };

export type Heat = "none" | "on_time" | "at_risk" | "breached";
export type MatrixCell = {
  status: TicketStatus;
  count: number;
  breached: number;
  atRisk: number;
  onTime: number;
  heat: Heat;
};
export type Matrix = {
  rows: Array<MatrixRow & { cells: MatrixCell[]; total: number }>;
  totals: number[];
};

/** The heat of a cell: its worst SLA state (a met SLA counts as on time). */
export function heatOf(c: Pick<MatrixCell, "count" | "breached" | "atRisk">): Heat {
  if (!c.count) return "none";
  if (c.breached) return "breached";
  if (c.atRisk) return "at_risk";
  return "on_time";
}

/**
 * One row per given row (in that order), then any row a ticket names that was not given (labelled
 * by its key); rows without tickets are kept so that every type shows.
 */
export function buildMatrix(rows: MatrixRow[], tickets: MatrixTicket[]): Matrix {
  const order = [...rows];
  const known = new Set(rows.map((r) => r.key));
  for (const t of tickets)
    if (!known.has(t.row)) {
      known.add(t.row);
      order.push({ key: t.row, label: t.row });
    }
  const out = order.map((r) => {
    const cells = STATUS_VALUES.map((status) => {
      const mine = tickets.filter((t) => t.row === r.key && t.status === status);
      const c = {
        status,
        count: mine.length,
        breached: mine.filter((t) => t.sla === "breached").length,
        atRisk: mine.filter((t) => t.sla === "at_risk").length,
        onTime: mine.filter((t) => t.sla === "on_time" || t.sla === "met").length,
      };
      return { ...c, heat: heatOf(c) };
    });
    return { ...r, cells, total: cells.reduce((n, c) => n + c.count, 0) };
  });
  return {
    rows: out,
    totals: STATUS_VALUES.map((_, i) => out.reduce((n, r) => n + r.cells[i]!.count, 0)),
  };
}
