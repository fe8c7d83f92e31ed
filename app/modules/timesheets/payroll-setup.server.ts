/**
 * Allowances and payroll groups (admin/allowances, admin/payrollgroups; admin_timesheet): list,
 * create, edit, delete. Forms post without JavaScript; a refusal keeps the typed values and says why.
 */
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { refusal } from "./context.server";
import { parseRate } from "./pay";
import { PRESET_NAMES } from "./rules";
import * as ts from "./upstream.server";

export type Saved = { ok: true; message: string } | { ok: false; message: string };

async function attempt(run: () => Promise<string>): Promise<Saved> {
  try {
    return { ok: true, message: await run() };
  } catch (e) {
    return { ok: false, message: refusal(e) };
  }
}

const text = (f: FormData, k: string) => String(f.get(k) ?? "").trim();

export async function allowancesPage(ctx: ModuleContext, url: URL) {
  const list = await ts.listAllowances(upstream(ctx.auth.token));
  const edit = url.searchParams.get("edit");
  const editing = edit === null ? null : list.find((a) => String(a.id) === edit);
  if (editing === undefined) throw new Response("Not found", { status: 404 });
  return { allowances: list, editing };
}

export function allowanceInput(f: FormData): ts.AllowanceInput | string {
  const name = text(f, "name");
  if (!name) return "Enter a name";
  const amount = parseRate(text(f, "amount"));
  if (amount === null) return "Enter an amount like 15.50 (up to 4 decimals)";
  const unit = text(f, "unit") as ts.AllowanceInput["unit"];
  if (!ts.ALLOWANCE_UNITS.includes(unit)) return "Pick a unit";
  return { name, amount: text(f, "amount"), unit, taxable: f.get("taxable") === "on" };
}

export async function saveAllowance(ctx: ModuleContext, id: number | null, a: ts.AllowanceInput) {
  const up = upstream(ctx.auth.token);
  return attempt(async () => {
    const r = id === null ? await ts.createAllowance(up, a) : await ts.updateAllowance(up, id, a);
    return id === null ? `${r.name} created.` : `${r.name} saved.`;
  });
}

export async function removeAllowance(ctx: ModuleContext, id: number) {
  return attempt(async () => {
    await ts.deleteAllowance(upstream(ctx.auth.token), id);
    return "Allowance deleted.";
  });
}

export async function payrollGroupsPage(ctx: ModuleContext, url: URL) {
  const up = upstream(ctx.auth.token);
  const [groups, people, allowances] = await Promise.all([
    ts.listPayrollGroups(up),
    ts.listPeople(up),
    ts.listAllowances(up),
  ]);
  const edit = url.searchParams.get("edit");
  const editing = edit === null ? null : groups.find((g) => String(g.id) === edit);
  if (editing === undefined) throw new Response("Not found", { status: 404 });
  const names = new Map(people.map((p) => [p.username_id, p.name]));
  return {
    groups: groups.map((g) => ({
      ...g,
      presetName: PRESET_NAMES[g.overtime_preset] ?? g.overtime_preset,
      memberNames: g.members.map((m) => names.get(m.username_id) ?? `#${m.username_id}`),
    })),
    people: people.map((p) => ({ username_id: p.username_id, name: p.name })),
    allowances: allowances.map((a) => ({ id: a.id, name: a.name })),
    editing,
    presets: Object.entries(PRESET_NAMES).map(([value, label]) => ({ value, label })),
  };
}

const num = (f: FormData, k: string) => {
  const v = text(f, k);
  return v === "" ? null : Number(v);
};

export function payrollGroupInput(f: FormData): ts.PayrollGroupInput | string {
  const name = text(f, "name");
  if (!name) return "Enter a name";
  const pay_period = text(f, "pay_period") as ts.PayrollGroupInput["pay_period"];
  if (!ts.PAY_PERIODS.includes(pay_period)) return "Pick a pay period";
  const period_anchor = text(f, "period_anchor");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(period_anchor)) return "Enter the first day of a pay period";
  const preset = text(f, "overtime_preset");
  if (!(preset in PRESET_NAMES)) return "Pick overtime rules";
  const members: ts.PayrollGroupInput["members"] = [];
  for (const id of f.getAll("member")) {
    const rate = text(f, `rate_${String(id)}`);
    if (parseRate(rate) === null) return "Enter an hourly rate like 32.50 for every member";
    members.push({ username_id: Number(id), rate, payroll_code: text(f, `code_${String(id)}`) });
  }
  let overtime_rules: ts.PayrollGroupInput["overtime_rules"] = null;
  if (preset === "custom") {
    const tier = (h: string, m: string) => {
      const after = num(f, h);
      const mult = num(f, m);
      return after === null || mult === null ? null : { after_hours: after, multiplier: mult };
    };
    const daily = [tier("daily1_after", "daily1_mult"), tier("daily2_after", "daily2_mult")].filter(
      (t): t is NonNullable<typeof t> => t !== null,
    );
    overtime_rules = {
      daily,
      weekly: tier("weekly_after", "weekly_mult"),
      seventh_day: null,
      public_holiday_multiplier: num(f, "holiday_mult"),
      week_starts_on: num(f, "week_starts_on") ?? 1,
    };
  }
  return {
    name,
    pay_period,
    period_anchor,
    overtime_preset: preset,
    overtime_rules,
    country: text(f, "country").toUpperCase() || "AU",
    region: text(f, "region") || null,
    members,
    allowance_ids: f.getAll("allowance").map(Number),
  };
}

export async function savePayrollGroup(
  ctx: ModuleContext,
  id: number | null,
  g: ts.PayrollGroupInput,
) {
  const up = upstream(ctx.auth.token);
  return attempt(async () => {
    const r =
      id === null ? await ts.createPayrollGroup(up, g) : await ts.updatePayrollGroup(up, id, g);
    return id === null ? `${r.name} created.` : `${r.name} saved.`;
  });
}

export async function removePayrollGroup(ctx: ModuleContext, id: number) {
  return attempt(async () => {
    await ts.deletePayrollGroup(upstream(ctx.auth.token), id);
    return "Payroll group deleted.";
  });
}
