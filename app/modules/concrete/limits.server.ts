/**
 * Mass-concrete limit sets (mass-concrete-limits, mass-concrete-limit, mass-concrete-limit/{id})
 * and their rules (rules, rule, rule/{mass_concrete_limit_id}). Limits are stored in °C and typed
 * in the reader's unit; a minimum at or above the maximum is refused with the typed values kept.
 */
import type { ModuleContext } from "~/services/guard.server";
import {
  MASS_CONCRETE_DEFAULTS,
  fromDifferenceUnit,
  fromTemperatureUnit,
  toDifferenceUnit,
  toTemperatureUnit,
  type TemperatureUnit,
} from "./curing";
import type { LimitForm, RuleForm } from "./pour-forms";
import { notFound, refusal, up } from "./pours.server";
import {
  createLimit,
  createRule,
  deleteLimit,
  deleteRule,
  listLimits,
  listPeople,
  listPours,
  listRules,
  updateLimit,
  updateRule,
  type LimitSet,
} from "./pours-upstream.server";

const r1 = (v: number) => Math.round(v * 10) / 10;

export async function limitsPage(ctx: ModuleContext) {
  const [limits, rules, pours] = await Promise.all([
    listLimits(up(ctx)),
    listRules(up(ctx)),
    listPours(up(ctx)),
  ]);
  return {
    rows: limits.map((l) => ({
      ...l,
      rule: rules.some((r) => r.limit_id === l.id),
      pours: pours.filter((p) => p.limit_set_ids.includes(l.id)).length,
    })),
  };
}

/** A limit set as form values in the reader's unit. */
export function limitValues(l: Omit<LimitSet, "id"> | null, unit: TemperatureUnit) {
  const v = l ?? {
    name: "",
    max_temp_c: MASS_CONCRETE_DEFAULTS.maxTemperatureC,
    min_temp_c: 5,
    max_diff_c: MASS_CONCRETE_DEFAULTS.maxDifferentialC,
    max_cooling_c_per_h: 2,
  };
  return {
    name: v.name,
    max_temp: String(r1(toTemperatureUnit(v.max_temp_c, unit))),
    min_temp: String(r1(toTemperatureUnit(v.min_temp_c, unit))),
    max_diff: String(r1(toDifferenceUnit(v.max_diff_c, unit))),
    max_cooling: String(r1(toDifferenceUnit(v.max_cooling_c_per_h, unit))),
  };
}

/** Pours a new limit set can be applied to at once: those not ended. */
export async function openPours(ctx: ModuleContext) {
  return (await listPours(up(ctx)))
    .filter((p) => p.status !== "ended")
    .map((p) => ({ id: p.id, element: p.element }));
}

export async function limitOf(ctx: ModuleContext, id: number): Promise<LimitSet> {
  const l = (await listLimits(up(ctx))).find((x) => x.id === id);
  if (!l) throw notFound();
  return l;
}

export async function saveLimit(
  ctx: ModuleContext,
  id: number | null,
  v: LimitForm,
  unit: TemperatureUnit,
) {
  const input = {
    name: v.name,
    max_temp_c: r1(fromTemperatureUnit(v.max_temp, unit)),
    min_temp_c: r1(fromTemperatureUnit(v.min_temp, unit)),
    max_diff_c: r1(fromDifferenceUnit(v.max_diff, unit)),
    max_cooling_c_per_h: r1(fromDifferenceUnit(v.max_cooling, unit)),
  };
  try {
    const limit =
      id === null
        ? await createLimit(up(ctx), { ...input, pour_ids: v.pour_ids })
        : await updateLimit(up(ctx), id, input);
    return { ok: true as const, limit };
  } catch (e) {
    return { ok: false as const, message: refusal(e) };
  }
}

export async function removeLimit(ctx: ModuleContext, id: number) {
  try {
    await deleteLimit(up(ctx), id);
    return { ok: true as const };
  } catch (e) {
    return { ok: false as const, message: refusal(e) };
  }
}

export async function rulesPage(ctx: ModuleContext) {
  const [rules, limits, people] = await Promise.all([
    listRules(up(ctx)),
    listLimits(up(ctx)),
    listPeople(up(ctx)),
  ]);
  return {
    rows: rules.map((r) => ({
      ...r,
      limit: limits.find((l) => l.id === r.limit_id)?.name ?? "—",
      people: r.user_ids.map((u) => people.find((p) => p.id === u)?.name ?? `#${u}`),
    })),
    free: limits.filter((l) => !rules.some((r) => r.limit_id === l.id)).length,
  };
}

export async function ruleFormPage(ctx: ModuleContext, limitId: number | null) {
  const [rules, limits, people] = await Promise.all([
    listRules(up(ctx)),
    listLimits(up(ctx)),
    listPeople(up(ctx)),
  ]);
  const limit = limitId === null ? null : limits.find((l) => l.id === limitId);
  if (limit === undefined) throw notFound();
  const rule = limit ? (rules.find((r) => r.limit_id === limit.id) ?? null) : null;
  return {
    limit: limit ? { id: limit.id, name: limit.name } : null,
    rule,
    // A new rule is for a limit set without one.
    limits: limit ? [limit] : limits.filter((l) => !rules.some((r) => r.limit_id === l.id)),
    people: people.map((p) => ({ id: p.id, name: p.name })),
  };
}

export async function saveRule(ctx: ModuleContext, existing: number | null, v: RuleForm) {
  const input = {
    limit_id: existing ?? v.limit_id,
    user_ids: v.user_ids,
    channels: v.channels,
    after_minutes: Math.round(v.after_minutes),
    active: v.active,
  };
  try {
    const rule =
      existing === null
        ? await createRule(up(ctx), input)
        : await updateRule(up(ctx), existing, input);
    return { ok: true as const, rule };
  } catch (e) {
    return { ok: false as const, message: refusal(e) };
  }
}

export async function removeRule(ctx: ModuleContext, limitId: number) {
  try {
    await deleteRule(up(ctx), limitId);
  } catch (e) {
    refusal(e);
  }
}
