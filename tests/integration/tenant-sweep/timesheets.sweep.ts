import {
  listAllowances,
  listEntries,
  listPayrollGroups,
  listPeriods,
} from "~/modules/timesheets/upstream.server";
import { defineSweep, type SweepCase } from "./kit";

const range = () => ({
  from: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  to: new Date(Date.now() + 3_600_000).toISOString(),
});

/**
 * Timesheets, payroll, allowances and payroll groups: company 2's person, entries, payroll group,
 * pay period and allowance named by company 1 are 404s and change nothing.
 */
export default defineSweep({
  seed: async ({ upB }) => {
    const entries = await listEntries(upB, range());
    const group = (await listPayrollGroups(upB))[0]!;
    const period = (await listPeriods(upB, group.id, 2))[1]!;
    return {
      entryB: entries.find((e) => e.status === "submitted")!.id,
      personB: entries[0]!.username_id,
      groupB: group.id,
      periodB: period.from,
      allowanceB: (await listAllowances(upB))[0]!.id,
    };
  },
  cases: ({ entryB, personB, groupB, periodB, allowanceB }) => [
    { file: "_shell.timesheet.view.tsx", method: "GET", url: `/timesheet/view?person=${personB}` },
    ...["update", "delete"].map((intent): SweepCase => ({
      file: "_shell.timesheet.view.tsx",
      method: "POST",
      url: "/timesheet/view",
      body: {
        intent,
        id: String(entryB),
        confirm: "yes",
        start: "2026-01-05T07:00",
        end: "2026-01-05T15:00",
        break_minutes: "0",
        jobcode_id: "701",
      },
    })),
    ...["approve", "reject"].map((intent): SweepCase => ({
      file: "_shell.timesheet.review.tsx",
      method: "POST",
      url: "/timesheet/review",
      body: { intent, ids: String(entryB), comment: "no" },
    })),
    {
      file: "_shell.timesheet.review.tsx",
      method: "GET",
      url: `/timesheet/review?group=${groupB}`,
    },
    {
      file: "_shell.timesheet.payroll.tsx",
      method: "GET",
      url: `/timesheet/payroll?group=${groupB}`,
    },
    ...["lock", "reopen"].map((intent): SweepCase => ({
      file: "_shell.timesheet.payroll.tsx",
      method: "POST",
      url: "/timesheet/payroll",
      body: { intent, group: String(groupB), period: periodB, reason: "mine" },
    })),
    {
      file: "timesheet.payroll.export.$format.ts",
      method: "GET",
      url: `/timesheet/payroll/export/csv?group=${groupB}&period=${periodB}`,
    },
    {
      file: "timesheet.reports.job.export.$format.ts",
      method: "GET",
      url: `/timesheet/reports/job/export/bogus?from=2026-01-01`,
    },
    {
      file: "_shell.timesheet.overtime.tsx",
      method: "GET",
      url: `/timesheet/overtime?group=${groupB}`,
    },
    {
      file: "_shell.admin.allowances.tsx",
      method: "GET",
      url: `/admin/allowances?edit=${allowanceB}`,
    },
    ...["update", "delete"].map((intent): SweepCase => ({
      file: "_shell.admin.allowances.tsx",
      method: "POST",
      url: "/admin/allowances",
      body: {
        intent,
        id: String(allowanceB),
        name: "Mine",
        amount: "1",
        unit: "day",
        confirm: "yes",
      },
    })),
    {
      file: "_shell.admin.payrollgroups.tsx",
      method: "GET",
      url: `/admin/payrollgroups?edit=${groupB}`,
    },
    ...["update", "delete"].map((intent): SweepCase => ({
      file: "_shell.admin.payrollgroups.tsx",
      method: "POST",
      url: "/admin/payrollgroups",
      body: {
        intent,
        id: String(groupB),
        name: "Mine",
        pay_period: "weekly",
        period_anchor: "2026-01-05",
        overtime_preset: "none",
        confirm: "yes",
      },
    })),
  ],
  own: ({ personB, groupB, allowanceB }) => [
    `/timesheet/view?person=${personB}`,
    `/timesheet/payroll?group=${groupB}`,
    `/admin/allowances?edit=${allowanceB}`,
    `/admin/payrollgroups?edit=${groupB}`,
  ],
  snapshot: async ({ upB }, { groupB }) => ({
    entries: await listEntries(upB, range()),
    groups: await listPayrollGroups(upB),
    periods: await listPeriods(upB, groupB, 4),
    allowances: await listAllowances(upB),
  }),
});
