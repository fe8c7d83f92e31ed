/**
 * Issue 20, payroll's leave pay category: leave approved through the leave pages shows in the
 * payroll run of its pay period as its own lines (paid at the person's rate, unpaid at 0× with its
 * hours), on the screen and in the CSV and XLSX exports; pending leave does not.
 */
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/lib/zoned-days";
import * as allLeave from "~/routes/_shell.timesheet.all-leave-requests";
import * as mine from "~/routes/_shell.timesheet.leave-requests";
import * as payroll from "~/routes/_shell.timesheet.payroll";
import * as payrollExport from "~/routes/timesheet.payroll.export.$format";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let admin = "";
let tsadmin = "";
let driver = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  [admin, tsadmin, driver] = await Promise.all([
    sessionCookie("admin", "admin123"),
    sessionCookie("tsadmin", "tsadmin123"),
    sessionCookie("driver", "driver123"),
  ]);
}, 60_000);

type Line = {
  person: string;
  category: string;
  hours: number | null;
  multiplier: number;
  amount: string;
  rule: string;
};
type Run = {
  period: { from: string; to: string };
  run: { lines: Line[]; totalAmount: string; totalHours: number };
};
const run = async (q = "") =>
  (await (
    await call(payroll.loader, get(`/timesheet/payroll?group=601${q}`, admin))
  ).json()) as Run;
const post = (
  mod: { action: never },
  url: string,
  fields: Record<string, string>,
  cookie: string,
) => call(mod.action, formPost(url, fields, { cookie }));

/** The driver asks for leave; each reviewer given approves it. */
async function leave(fields: Record<string, string>, approvers: string[]) {
  const res = await post(
    mine as never,
    "/timesheet/leave-requests",
    { intent: "request", reason: "Payroll test", ...fields },
    driver,
  );
  expect(res.status).toBe(302);
  const list = (await (
    await call(allLeave.loader, get("/timesheet/all-leave-requests?status=all&q=dan", admin))
  ).json()) as { requests: Array<{ id: number; leave_start_date: string; type_id?: number }> };
  const id = list.requests.find((l) => l.leave_start_date === fields.leave_start_date)!.id;
  for (const who of approvers)
    expect(
      (
        await post(
          allLeave as never,
          "/timesheet/all-leave-requests",
          { intent: "approve", id: String(id) },
          who,
        )
      ).status,
    ).toBe(302);
}

describe("payroll: leave pay category", () => {
  it("approved leave in the period is its own pay category, on the screen and in the exports", async () => {
    const before = await run();
    const { from } = before.period; // the last finished week (a Monday)
    expect(before.run.lines.filter((l) => l.category.startsWith("Leave"))).toEqual([]);
    // Paid annual leave Tuesday and Wednesday; unpaid leave 4 h on Thursday (two approvals);
    // sick leave on Friday left pending.
    await leave(
      {
        type_id: "11",
        leave_start_date: addDays(from, 1),
        leave_end_date: addDays(from, 2),
        all_day: "on",
      },
      [admin],
    );
    await leave(
      {
        type_id: "14",
        leave_start_date: addDays(from, 3),
        leave_end_date: addDays(from, 3),
        hours: "4",
      },
      [admin, tsadmin],
    );
    await leave(
      {
        type_id: "12",
        leave_start_date: addDays(from, 4),
        leave_end_date: addDays(from, 4),
        all_day: "on",
      },
      [],
    );

    const after = await run(`&period=${from}`);
    const dan = after.run.lines.filter((l) => l.person === "Dan Driver");
    const annual = dan.find((l) => l.category === "Leave: Annual leave")!;
    const unpaid = dan.find((l) => l.category === "Leave: Unpaid leave")!;
    expect(annual).toMatchObject({ hours: 16, multiplier: 1, amount: "520.00" });
    expect(annual.rule).toBe("Annual leave (paid): 2 working days × 8 h");
    expect(unpaid).toMatchObject({ hours: 4, multiplier: 0, amount: "0.00" });
    expect(dan.some((l) => l.category === "Leave: Sick leave")).toBe(false);
    const cents = (a: string) => Math.round(Number(a) * 100);
    expect(cents(after.run.totalAmount) - cents(before.run.totalAmount)).toBe(52_000);
    expect(after.run.totalHours).toBeCloseTo(before.run.totalHours + 20, 2);

    const dl = (format: string) =>
      call(
        payrollExport.loader as never,
        get(`/timesheet/payroll/export/${format}?group=601&period=${from}`, admin),
        { params: { format } },
      );
    const csv = await (await dl("csv")).text();
    expect(csv).toContain("Dan Driver,DRV-1003,Leave: Annual leave,16,32.50,1,520.00,");
    expect(csv).toContain("Dan Driver,DRV-1003,Leave: Unpaid leave,4,32.50,0,0.00,");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await (await dl("xlsx")).arrayBuffer()) as never);
    const rows: string[] = [];
    book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).join("|")));
    expect(rows.some((r) => r.startsWith("Dan Driver|DRV-1003|Leave: Annual leave|16|"))).toBe(
      true,
    );
  });
});
