/**
 * Pay periods and their locks, allowances and payroll groups (designed; see api-timesheets.ts for
 * the calls). Writes need admin_timesheet; another company's id is a 404.
 */
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";
import {
  timesheetData as data,
  type AllowanceUnit,
  type PayPeriod,
  type SimAllowance,
  type SimLock,
  type SimPayrollGroup,
} from "./timesheets-data";
import {
  overtimeRules as rules,
  DAY_RE,
  MONEY_RE,
  who,
  needs,
  timeZone,
  localDay,
  addDays,
  person,
  periodOf,
} from "./timesheets-rules";

// ------------------------------------------------------------------ periods

function ownGroup(ctx: Ctx, id: unknown): SimPayrollGroup {
  const n = Number(id);
  const g = data(ctx).groups.find((x) => x.id === n && x.companyid === ctx.user.companyid);
  if (!g) throw new HttpError(404, "Payroll group not found");
  return g;
}

const lockView = (g: SimPayrollGroup, p: { from: string; to: string }, l: SimLock | undefined) => ({
  group_id: g.id,
  from: p.from,
  to: p.to,
  locked: l?.locked ?? false,
  history: l?.history ?? [],
});

function periods(ctx: Ctx) {
  const g = ownGroup(ctx, ctx.query.get("group_id"));
  const count = Math.min(26, Math.max(1, Number(ctx.query.get("count") ?? 8) || 8));
  const out = [];
  let day = localDay(ctx.now, timeZone(ctx));
  for (let i = 0; i < count; i++) {
    const p = periodOf(g, day);
    out.push(lockView(g, p, findLock(ctx, g, p.from)));
    day = addDays(p.from, -1);
  }
  return ok(out);
}

const findLock = (ctx: Ctx, g: SimPayrollGroup, from: string) =>
  data(ctx).locks.find(
    (l) => l.companyid === g.companyid && l.group_id === g.id && l.from === from,
  );

function setLock(ctx: Ctx, locked: boolean) {
  needs(ctx, "admin_timesheet");
  const b = obj(ctx.body);
  const g = ownGroup(ctx, b.group_id);
  if (typeof b.from !== "string" || !DAY_RE.test(b.from))
    throw new HttpError(400, "from must be a date");
  const p = periodOf(g, b.from);
  if (p.from !== b.from)
    throw new HttpError(400, `${b.from} is not the first day of a pay period of ${g.name}`);
  const reason = typeof b.reason === "string" ? b.reason.trim() : "";
  if (!locked && !reason) throw new HttpError(400, "Give a reason to reopen a locked pay period");
  if (reason.length > 500) throw new HttpError(400, "reason must be at most 500 characters");
  let l = findLock(ctx, g, p.from);
  if ((l?.locked ?? false) === locked)
    throw new HttpError(
      409,
      `The pay period ${p.from} to ${p.to} is already ${locked ? "locked" : "open"}`,
    );
  if (!l) {
    l = { companyid: g.companyid, group_id: g.id, from: p.from, to: p.to, locked, history: [] };
    data(ctx).locks.push(l);
  }
  l.locked = locked;
  l.history.push({
    action: locked ? "lock" : "reopen",
    at: new Date(ctx.now).toISOString(),
    by: who(ctx.user),
    reason,
  });
  return ok(lockView(g, p, l));
}

// ------------------------------------------------------------------ allowances

const UNITS: AllowanceUnit[] = ["day", "shift", "km", "hour"];
const allowanceView = ({ companyid: _c, ...a }: SimAllowance) => a;

function allowanceInput(ctx: Ctx, self: number | null) {
  const b = obj(ctx.body);
  const name = typeof b.name === "string" ? b.name.trim() : "";
  if (!name || name.length > 60)
    throw new HttpError(400, "name is required (at most 60 characters)");
  const amount =
    typeof b.amount === "string"
      ? b.amount.trim()
      : typeof b.amount === "number"
        ? String(b.amount)
        : "";
  if (!MONEY_RE.test(amount))
    throw new HttpError(400, "amount must be a positive amount with up to 4 decimals");
  if (!UNITS.includes(b.unit as AllowanceUnit))
    throw new HttpError(400, "unit must be day, shift, km or hour");
  const clash = data(ctx).allowances.find(
    (a) =>
      a.companyid === ctx.user.companyid &&
      a.name.toLowerCase() === name.toLowerCase() &&
      a.id !== self,
  );
  if (clash) throw new HttpError(409, `An allowance named ${clash.name} already exists`);
  return { name, amount, unit: b.unit as AllowanceUnit, taxable: b.taxable === true };
}

function ownAllowance(ctx: Ctx): SimAllowance {
  const id = Number(idOf(ctx));
  const a = data(ctx).allowances.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!a) throw new HttpError(404, "Allowance not found");
  return a;
}

// ------------------------------------------------------------------ payroll groups

const PRESETS = ["none", "us_federal", "california", "custom"];

function groupInput(ctx: Ctx, self: number | null) {
  const b = obj(ctx.body);
  const name = typeof b.name === "string" ? b.name.trim() : "";
  if (!name || name.length > 60)
    throw new HttpError(400, "name is required (at most 60 characters)");
  const pay_period = b.pay_period as PayPeriod;
  if (!["weekly", "fortnightly", "monthly"].includes(pay_period))
    throw new HttpError(400, "pay_period must be weekly, fortnightly or monthly");
  const period_anchor = typeof b.period_anchor === "string" ? b.period_anchor : "";
  if (!DAY_RE.test(period_anchor)) throw new HttpError(400, "period_anchor must be a date");
  const preset = typeof b.overtime_preset === "string" ? b.overtime_preset : "";
  if (!PRESETS.includes(preset))
    throw new HttpError(400, `overtime_preset must be one of ${PRESETS.join(", ")}`);
  const overtime_rules = preset === "custom" ? rules(b.overtime_rules) : null;
  const country = typeof b.country === "string" && /^[A-Z]{2}$/.test(b.country) ? b.country : "";
  if (!country) throw new HttpError(400, "country must be a two-letter country code");
  const region =
    typeof b.region === "string" && b.region.trim() ? b.region.trim().toUpperCase() : null;
  const members = (Array.isArray(b.members) ? b.members : []).map((m) => {
    const o = obj(m);
    const u = person(ctx, o.username_id);
    const rate = typeof o.rate === "string" ? o.rate.trim() : "";
    if (!MONEY_RE.test(rate))
      throw new HttpError(400, `The rate of ${u.name} must be an amount with up to 4 decimals`);
    const code = typeof o.payroll_code === "string" ? o.payroll_code.trim().slice(0, 30) : "";
    const other = data(ctx).groups.find(
      (g) =>
        g.companyid === ctx.user.companyid &&
        g.id !== self &&
        g.members.some((x) => x.username_id === u.username_id),
    );
    if (other) throw new HttpError(409, `${u.name} is already in payroll group ${other.name}`);
    return { username_id: u.username_id, rate, payroll_code: code };
  });
  if (new Set(members.map((m) => m.username_id)).size !== members.length)
    throw new HttpError(400, "A person is listed twice");
  const allowance_ids = (Array.isArray(b.allowance_ids) ? b.allowance_ids : []).map((id) => {
    const a = data(ctx).allowances.find(
      (x) => x.id === Number(id) && x.companyid === ctx.user.companyid,
    );
    if (!a) throw new HttpError(400, "allowance_ids lists an allowance the company does not have");
    return a.id;
  });
  const clash = data(ctx).groups.find(
    (g) =>
      g.companyid === ctx.user.companyid &&
      g.name.toLowerCase() === name.toLowerCase() &&
      g.id !== self,
  );
  if (clash) throw new HttpError(409, `A payroll group named ${clash.name} already exists`);
  return {
    name,
    pay_period,
    period_anchor,
    overtime_preset: preset,
    overtime_rules,
    country,
    region,
    members,
    allowance_ids,
  };
}

const groupView = ({ companyid: _c, ...g }: SimPayrollGroup) => g;

export const payrollSetupRoutes = routes([
  ["GET", "/timesheet/periods", periods],
  ["POST", "/timesheet/periods/lock", (ctx) => setLock(ctx, true)],
  ["POST", "/timesheet/periods/reopen", (ctx) => setLock(ctx, false)],
  [
    "GET",
    "/timesheet/allowances",
    (ctx) =>
      ok(
        data(ctx)
          .allowances.filter((a) => a.companyid === ctx.user.companyid)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(allowanceView),
      ),
  ],
  [
    "POST",
    "/timesheet/allowances",
    (ctx) => {
      needs(ctx, "admin_timesheet");
      const d = data(ctx);
      const a: SimAllowance = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        ...allowanceInput(ctx, null),
      };
      d.allowances.push(a);
      return ok(allowanceView(a), 201);
    },
  ],
  [
    "PUT",
    "/timesheet/allowances/:id",
    (ctx) => {
      needs(ctx, "admin_timesheet");
      const a = ownAllowance(ctx);
      return ok(allowanceView(Object.assign(a, allowanceInput(ctx, a.id))));
    },
  ],
  [
    "DELETE",
    "/timesheet/allowances/:id",
    (ctx) => {
      needs(ctx, "admin_timesheet");
      const a = ownAllowance(ctx);
      const d = data(ctx);
      d.allowances = d.allowances.filter((x) => x !== a);
      // Payroll groups stop paying it.
      for (const g of d.groups) g.allowance_ids = g.allowance_ids.filter((id) => id !== a.id);
      return ok({ id: a.id });
    },
  ],
  [
    "GET",
    "/timesheet/payrollgroups",
    (ctx) =>
      ok(
        data(ctx)
          .groups.filter((g) => g.companyid === ctx.user.companyid)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(groupView),
      ),
  ],
  [
    "POST",
    "/timesheet/payrollgroups",
    (ctx) => {
      needs(ctx, "admin_timesheet");
      const d = data(ctx);
      const g: SimPayrollGroup = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        ...groupInput(ctx, null),
      };
      d.groups.push(g);
      return ok(groupView(g), 201);
    },
  ],
  [
    "PUT",
    "/timesheet/payrollgroups/:id",
    (ctx) => {
      needs(ctx, "admin_timesheet");
      const g = ownGroup(ctx, idOf(ctx));
      return ok(groupView(Object.assign(g, groupInput(ctx, g.id))));
    },
  ],
  [
    "DELETE",
    "/timesheet/payrollgroups/:id",
    (ctx) => {
      needs(ctx, "admin_timesheet");
      const g = ownGroup(ctx, idOf(ctx));
      const d = data(ctx);
      d.groups = d.groups.filter((x) => x !== g);
      d.locks = d.locks.filter((l) => !(l.companyid === g.companyid && l.group_id === g.id));
      return ok({ id: g.id });
    },
  ],
]);
