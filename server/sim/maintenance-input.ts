/** Input checks and schedule upkeep of the maintenance calls (api-maintenance.ts). */
import { deviceOf, HttpError, obj, str, type Ctx } from "./kit";
import {
  engineHoursAt,
  odometerAt,
  own,
  type MaintState,
  type SimProgramme,
  type SimSchedule,
  type SimTemplate,
} from "./maintenance";

export function amount(v: unknown, name: string): number | null {
  if (v === undefined || v === null || v === "") return null;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new HttpError(400, `${name} must be a number`);
  if (n < 0) throw new HttpError(400, `${name} must not be negative`);
  return n;
}
export const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && !!x.trim()) : [];

export function templateInput(body: unknown): Omit<SimTemplate, "id" | "companyid"> {
  const b = obj(body);
  const t = {
    name: str(b.name, "name").trim(),
    code: typeof b.code === "string" ? b.code.trim() : "",
    checklist: strings(b.checklist),
    interval_km: amount(b.interval_km, "interval_km"),
    interval_hours: amount(b.interval_hours, "interval_hours"),
    interval_days: amount(b.interval_days, "interval_days"),
    interval_months: amount(b.interval_months, "interval_months"),
    soon_km: amount(b.soon_km, "soon_km"),
    soon_hours: amount(b.soon_hours, "soon_hours"),
    soon_days: amount(b.soon_days, "soon_days"),
    rule: b.rule === "last" ? ("last" as const) : ("first" as const),
    estimated_minutes: amount(b.estimated_minutes, "estimated_minutes"),
    estimated_cost: amount(b.estimated_cost, "estimated_cost"),
    parts: strings(b.parts),
  };
  if (!t.interval_km && !t.interval_hours && !t.interval_days && !t.interval_months)
    throw new HttpError(400, "A template needs at least one interval");
  const days = t.interval_days ?? (t.interval_months === null ? null : t.interval_months * 30);
  const over = (soon: number | null, iv: number | null) => soon !== null && iv && soon > iv;
  if (over(t.soon_km, t.interval_km) || over(t.soon_hours, t.interval_hours))
    throw new HttpError(400, "A due-soon threshold is larger than its interval");
  if (over(t.soon_days, days))
    throw new HttpError(400, "A due-soon threshold is larger than its interval");
  return t;
}

/** The vehicles a programme covers: its own imeis and every device of its groups. */
function covered(ctx: Ctx, p: SimProgramme): string[] {
  const set = new Set(p.imeis);
  for (const d of ctx.state.world.devices)
    if (d.companyid === p.companyid && d.group_ids.some((g) => p.group_ids.includes(g)))
      set.add(d.imei);
  return [...set];
}

/** Gives every covered vehicle a schedule of every template (from its current meters). */
export function syncProgramme(ctx: Ctx, m: MaintState, p: SimProgramme) {
  for (const imei of covered(ctx, p)) {
    const d = ctx.state.world.devicesByImei.get(imei)!;
    for (const template_id of p.template_ids) {
      if (m.schedules.some((s) => s.imei === imei && s.template_id === template_id)) continue;
      m.schedules.push(newSchedule(ctx, m, imei, template_id, p.id, d));
    }
  }
}

export function newSchedule(
  ctx: Ctx,
  m: MaintState,
  imei: string,
  template_id: number,
  programme_id: number | null,
  d = deviceOf(ctx, imei),
): SimSchedule {
  return {
    id: ++m.seq,
    companyid: ctx.user.companyid,
    imei,
    template_id,
    programme_id,
    last_done_at: new Date(ctx.now).toISOString(),
    last_km: odometerAt(d, ctx.now),
    last_hours: engineHoursAt(d, ctx.now),
  };
}

export function programmeInput(ctx: Ctx, m: MaintState, body: unknown) {
  const b = obj(body);
  const template_ids = (Array.isArray(b.template_ids) ? b.template_ids : []).map(Number);
  for (const id of template_ids) own(ctx, m.templates, id, "Template");
  const imeis = strings(b.imeis);
  for (const imei of imeis) deviceOf(ctx, imei);
  const group_ids = (Array.isArray(b.group_ids) ? b.group_ids : []).map(Number);
  for (const g of group_ids)
    if (!ctx.state.world.groups.some((x) => x.id === g && x.companyid === ctx.user.companyid))
      throw new HttpError(404, "Group not found");
  return { name: str(b.name, "name").trim(), template_ids, imeis, group_ids };
}
