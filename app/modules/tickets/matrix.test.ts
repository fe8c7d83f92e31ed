import { describe, expect, it } from "vitest";
import { buildMatrix, heatOf, type MatrixTicket } from "./matrix";

describe("tickets matrix", () => {
  const tickets: MatrixTicket[] = [
    { row: "1", status: "open", sla: "breached" },
    { row: "1", status: "open", sla: "on_time" },
    { row: "1", status: "in_progress", sla: "at_risk" },
    { row: "2", status: "resolved", sla: "met" },
    { row: "9", status: "closed", sla: "breached" },
  ];

  it("counts by row and status, keeps rows without tickets, and adds rows it was not given", () => {
    const m = buildMatrix(
      [
        { key: "1", label: "Repair" },
        { key: "2", label: "IT" },
        { key: "3", label: "Empty" },
      ],
      tickets,
    );
    expect(m.rows.map((r) => [r.label, r.total])).toEqual([
      ["Repair", 3],
      ["IT", 1],
      ["Empty", 0],
      ["9", 1],
    ]);
    const open = m.rows[0]!.cells.find((c) => c.status === "open")!;
    expect(open).toMatchObject({ count: 2, breached: 1, onTime: 1, heat: "breached" });
    expect(m.rows[0]!.cells.find((c) => c.status === "in_progress")!.heat).toBe("at_risk");
    expect(m.rows[1]!.cells.find((c) => c.status === "resolved")!.heat).toBe("on_time");
    expect(m.rows[2]!.cells.every((c) => c.heat === "none")).toBe(true);
    // open, in progress, waiting, resolved, closed
    expect(m.totals).toEqual([2, 1, 0, 1, 1]);
  });

  it("a cell's heat is its worst state", () => {
    expect(heatOf({ count: 0, breached: 0, atRisk: 0 })).toBe("none");
    expect(heatOf({ count: 3, breached: 0, atRisk: 1 })).toBe("at_risk");
    expect(heatOf({ count: 3, breached: 1, atRisk: 1 })).toBe("breached");
    expect(heatOf({ count: 3, breached: 0, atRisk: 0 })).toBe("on_time");
  });
});
