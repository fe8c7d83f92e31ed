/** Validation of the pours API's writes, and the company-scoped lookups they share. */
import {
  DAY,
  TARGETS,
  concreteData,
  iso,
  type SimLimitRule,
  type SimLimitSet,
  type SimPour,
  type SimPourLink,
} from "./concrete-state";
import { isActive, linkOpen, sensorOf } from "./concrete-sensors";
import { HttpError, obj, timeParam, type Ctx } from "./kit";
import { idOf } from "./maintenance";

export function pourOf(ctx: Ctx, id: number): SimPour {
  const p = concreteData(ctx).pours.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!p) throw new HttpError(404, "Pour not found");
  return p;
}

export const num = (v: unknown, field: string, min: number, max: number): number => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  if (typeof n !== "number" || !Number.isFinite(n) || n < min || n > max)
    throw new HttpError(400, `${field} must be a number from ${min} to ${max}`);
  return n;
};
export const time = (v: unknown, field: string): string => {
  const ms = typeof v === "string" ? Date.parse(v) : NaN;
  if (Number.isNaN(ms)) throw new HttpError(400, `${field} must be an ISO date-time`);
  return iso(ms);
};
export const optionalTime = (v: unknown, field: string): string | null =>
  v === null || v === undefined || v === "" ? null : time(v, field);

export function pourInput(ctx: Ctx) {
  const b = obj(ctx.body);
  const element = typeof b.element === "string" ? b.element.trim() : "";
  if (!element || element.length > 120)
    throw new HttpError(400, "element is required (at most 120 characters)");
  const jobsite_id =
    b.jobsite_id === null || b.jobsite_id === undefined
      ? null
      : num(b.jobsite_id, "jobsite_id", 1, 1e9);
  const mix_design_id =
    b.mix_design_id === null || b.mix_design_id === undefined
      ? null
      : num(b.mix_design_id, "mix_design_id", 1, 1e9);
  const placed_at = time(b.placed_at, "placed_at");
  const ended_at = optionalTime(b.ended_at, "ended_at");
  if (ended_at && ended_at <= placed_at)
    throw new HttpError(400, "ended_at must be after placed_at");
  const ids = Array.isArray(b.limit_set_ids) ? b.limit_set_ids.map(Number) : [];
  for (const id of ids) limitOf(ctx, id);
  const targets = Array.isArray(b.targets)
    ? b.targets.map((t, i) => {
        const o = obj(t);
        const name = typeof o.name === "string" ? o.name.trim().slice(0, 60) : "";
        if (!name) throw new HttpError(400, `targets[${i}].name is required`);
        return { name, percent: num(o.percent, `targets[${i}].percent`, 1, 200) };
      })
    : TARGETS;
  return {
    element,
    jobsite_id,
    mix_design_id,
    volume_m3: num(b.volume_m3, "volume_m3", 0.1, 100_000),
    thickness_m: num(b.thickness_m, "thickness_m", 0.05, 20),
    placed_at,
    ended_at,
    limit_set_ids: [...new Set(ids)],
    targets,
    notes: typeof b.notes === "string" ? b.notes.trim().slice(0, 2000) : "",
  };
}

export const pourView = (pour: SimPour, now: number) => {
  const { companyid: _c, ...p } = pour;
  return {
    ...p,
    status:
      Date.parse(p.placed_at) > now
        ? ("planned" as const)
        : isActive(pour, now)
          ? ("active" as const)
          : ("ended" as const),
  };
};

// ── links ──────────────────────────────────────────────────────────────────────────────────────

const POSITIONS = new Set(["core", "surface", "ambient"]);

export function linkInput(ctx: Ctx, self: SimPourLink | null) {
  const b = obj(ctx.body);
  const d = concreteData(ctx);
  const pour = pourOf(ctx, self ? self.pour_id : num(b.pour_id, "pour_id", 1, 1e9));
  const imei = self ? self.imei : typeof b.imei === "string" ? b.imei.trim() : "";
  const sensor = sensorOf(ctx, imei);
  const position = String(b.position ?? "");
  if (!POSITIONS.has(position))
    throw new HttpError(400, "position must be core, surface or ambient");
  const depth_mm = num(b.depth_mm ?? 0, "depth_mm", 0, pour.thickness_m * 1000);
  const from = b.from ? time(b.from, "from") : pour.placed_at;
  const to = optionalTime(b.to, "to");
  if (to && to <= from) throw new HttpError(400, "The monitoring window must end after it starts");
  if (linkOpen({ to } as SimPourLink, ctx.now)) {
    for (const l of d.links) {
      if (l.imei !== imei || l.id === self?.id || !linkOpen(l, ctx.now)) continue;
      const other = d.pours.find((p) => p.id === l.pour_id)!;
      if (other.id === pour.id)
        throw new HttpError(409, `${sensor.nickname} is already linked to this pour`);
      if (
        isActive(other, ctx.now) &&
        (isActive(pour, ctx.now) || Date.parse(pour.placed_at) > ctx.now)
      )
        throw new HttpError(
          409,
          `${sensor.nickname} (${imei}) is already linked to the active pour "${other.element}": end that link first`,
        );
    }
  }
  return {
    pour_id: pour.id,
    imei,
    position: position as SimPourLink["position"],
    depth_mm: position === "ambient" ? 0 : depth_mm,
    from,
    to,
  };
}

export function linkOf(ctx: Ctx): SimPourLink {
  const id = Number(idOf(ctx));
  const l = concreteData(ctx).links.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!l) throw new HttpError(404, "Link not found");
  return l;
}
export const linkView = ({ companyid: _c, ...l }: SimPourLink) => l;

// ── limits and rules ───────────────────────────────────────────────────────────────────────────

export function limitInput(ctx: Ctx) {
  const b = obj(ctx.body);
  const name = typeof b.name === "string" ? b.name.trim() : "";
  if (!name || name.length > 80)
    throw new HttpError(400, "name is required (at most 80 characters)");
  const max_temp_c = num(b.max_temp_c ?? 70, "max_temp_c", -50, 150);
  const min_temp_c = num(b.min_temp_c ?? 5, "min_temp_c", -50, 150);
  if (min_temp_c >= max_temp_c)
    throw new HttpError(
      400,
      `The minimum temperature (${min_temp_c} °C) must be below the maximum (${max_temp_c} °C)`,
    );
  return {
    name,
    max_temp_c,
    min_temp_c,
    max_diff_c: num(b.max_diff_c ?? 19.4, "max_diff_c", 0.1, 100),
    max_cooling_c_per_h: num(b.max_cooling_c_per_h ?? 2, "max_cooling_c_per_h", 0.1, 50),
  };
}
export function limitOf(ctx: Ctx, id: number): SimLimitSet {
  const l = concreteData(ctx).limits.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!l) throw new HttpError(404, "Limit set not found");
  return l;
}
export const limitView = ({ companyid: _c, ...l }: SimLimitSet) => l;

export const CHANNELS = new Set(["push", "email", "inapp"]);
export function ruleInput(ctx: Ctx, limit_id: number) {
  const b = obj(ctx.body);
  limitOf(ctx, limit_id);
  const users = new Set(
    ctx.state.world.users
      .filter((u) => u.companyid === ctx.user.companyid)
      .map((u) => u.username_id),
  );
  const user_ids = Array.isArray(b.user_ids) ? [...new Set(b.user_ids.map(Number))] : [];
  if (!user_ids.length) throw new HttpError(400, "Choose at least one person to notify");
  for (const u of user_ids)
    if (!users.has(u)) throw new HttpError(400, `user ${u} is not one of your company's people`);
  const channels = Array.isArray(b.channels) ? [...new Set(b.channels.map(String))] : [];
  if (!channels.length || channels.some((c) => !CHANNELS.has(c)))
    throw new HttpError(400, "channels must be one or more of push, email, inapp");
  return {
    limit_id,
    user_ids,
    channels: channels as SimLimitRule["channels"],
    after_minutes: Math.round(num(b.after_minutes ?? 0, "after_minutes", 0, 10_080)),
    active: b.active !== false,
  };
}
export function ruleOf(ctx: Ctx): SimLimitRule {
  const limitId = Number(idOf(ctx));
  const r = concreteData(ctx).rules.find(
    (x) => x.limit_id === limitId && x.companyid === ctx.user.companyid,
  );
  if (!r) throw new HttpError(404, "Rule not found");
  return r;
}
export const ruleView = ({ companyid: _c, ...r }: SimLimitRule) => r;

const MAX_RANGE = 62 * DAY;
export function range(ctx: Ctx) {
  const to = timeParam(ctx.query.get("to"), ctx.now, "to");
  const from = timeParam(ctx.query.get("from"), to - DAY, "from");
  if (to < from) throw new HttpError(400, "to must not be before from");
  if (to - from > MAX_RANGE) throw new HttpError(400, "At most 62 days at a time");
  return { from, to: Math.min(to, ctx.now) };
}
