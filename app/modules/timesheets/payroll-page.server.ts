/**
 * Payroll (timesheet/payroll, admin_timesheet): per payroll group and pay period, hours by pay
 * category per person with the rule of each line, the lock of the period (all people at once;
 * reopening needs a reason, recorded), and the export (one row per person per pay category).
 */
import { PassThrough } from "node:stream";
import type { ModuleContext } from "~/services/guard.server";
import { refusal, timesheetContext } from "./context.server";
import { categoryLabel } from "./payroll";
import { payrollCsv, payrollXlsx } from "./payroll-export.server";
import { payrollRun } from "./payroll-run.server";
import { selectPeriod } from "./period-select.server";
import { describeRules, PRESET_NAMES, ruleSetOf } from "./rules";
import { lockPeriod, reopenPeriod } from "./upstream.server";
import { hoursOf } from "./pay";

/** The default period is the last finished one (the current one is still being worked). */
const lastFinished = <T>(ps: T[]) => ps[1] ?? ps[0];

export async function payrollPage(ctx: ModuleContext, url: URL) {
  const tc = await timesheetContext(ctx);
  const sel = await selectPeriod(tc, url, lastFinished);
  if (!sel.group || !sel.period)
    return {
      groups: sel.groups,
      group: null,
      periods: [],
      period: null,
      run: null,
      rules: [],
      timeZone: tc.timeZone,
    };
  const run = await payrollRun(tc, ctx.auth, sel.group, sel.period);
  return {
    timeZone: tc.timeZone,
    groups: sel.groups,
    group: {
      id: sel.group.id,
      name: sel.group.name,
      preset: PRESET_NAMES[sel.group.overtime_preset] ?? sel.group.overtime_preset,
    },
    rules: describeRules(ruleSetOf(sel.group)),
    periods: sel.periods.map((p) => ({ from: p.from, to: p.to, locked: p.locked })),
    period: {
      from: sel.period.from,
      to: sel.period.to,
      locked: sel.period.locked,
      history: sel.period.history,
    },
    run: {
      lines: run.lines.map((l) => ({
        personId: l.personId,
        person: l.person,
        payrollCode: l.payrollCode,
        category: categoryLabel(l),
        hours: l.category === "allowance" && l.minutes === 0 ? null : hoursOf(l.minutes),
        rate: l.rate,
        multiplier: l.multiplier,
        amount: l.amount,
        rule: l.rule,
      })),
      totalHours: hoursOf(run.totalMinutes),
      totalAmount: run.totalAmount,
      notApproved: run.notApproved,
    },
  };
}

export async function setPeriodLock(
  ctx: ModuleContext,
  v: { group: number; from: string; lock: boolean; reason: string },
) {
  const tc = await timesheetContext(ctx);
  try {
    if (v.lock) await lockPeriod(tc.up, v.group, v.from);
    else await reopenPeriod(tc.up, v.group, v.from, v.reason);
    return {
      ok: true as const,
      message: v.lock
        ? "Pay period locked for everyone."
        : "Pay period reopened; the reason is recorded.",
    };
  } catch (e) {
    return { ok: false as const, message: refusal(e) };
  }
}

/** The export file of the page's group and period (CSV or XLSX). */
export async function payrollExport(ctx: ModuleContext, url: URL, format: "csv" | "xlsx") {
  const tc = await timesheetContext(ctx);
  const sel = await selectPeriod(tc, url, lastFinished);
  if (!sel.group || !sel.period) throw new Response("Not found", { status: 404 });
  const run = await payrollRun(tc, ctx.auth, sel.group, sel.period);
  const title = `Payroll ${sel.group.name} ${sel.period.from} to ${sel.period.to}`;
  const name = `payroll-${sel.group.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${sel.period.from}.${format}`;
  if (format === "csv")
    return {
      name,
      body: Buffer.from(payrollCsv(run.lines), "utf8"),
      type: "text/csv; charset=utf-8",
    };
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on("end", resolve));
  await payrollXlsx(run.lines, out, title);
  await ended;
  return {
    name,
    body: Buffer.concat(chunks),
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  };
}
