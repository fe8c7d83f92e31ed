/**
 * The maintenance module's server code: every function acts with the guard's ModuleContext, so
 * every upstream call carries the session company's token (the upstream scopes by it, and answers
 * another company's id with 404, which becomes a 404 page here).
 */
import type { z } from "zod";
import { kmFromInput } from "~/lib/units";
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/errors";
import type { ProgrammeSchema, TemplateForm } from "./schemas";
import {
  createProgramme,
  createTemplate,
  listMeters,
  listProgrammes,
  listTemplates,
  updateProgramme,
  updateTemplate,
  type Template,
  type TemplateInput,
} from "./upstream.server";

export const up = (ctx: ModuleContext) => upstream(ctx.auth.token);

/** An upstream 404 (unknown or another company's id) as this app's 404. */
export function notFoundOr(e: unknown): never {
  if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
  throw e;
}

/** A write's outcome: done, or the upstream's refusal (a 400/409 message) for the form. */
export type WriteResult<T> = { ok: true; value: T } | { ok: false; message: string };
export async function attempt<T>(p: Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await p };
  } catch (e) {
    if (isUpstreamError(e) && (e.status === 400 || e.status === 409))
      return { ok: false, message: e.message };
    return notFoundOr(e);
  }
}

const nul = (v: number | undefined) => (v === undefined ? null : v);

export function templateInput(f: TemplateForm): TemplateInput {
  const km = (v: number | undefined) => (v === undefined ? null : kmFromInput(v, f.measurement));
  return {
    name: f.name,
    code: f.code ?? "",
    checklist: f.checklist,
    parts: f.parts,
    interval_km: km(f.interval_km),
    interval_hours: nul(f.interval_hours),
    interval_days: f.interval_unit === "days" ? nul(f.interval_time) : null,
    interval_months: f.interval_unit === "months" ? nul(f.interval_time) : null,
    soon_km: km(f.soon_km),
    soon_hours: nul(f.soon_hours),
    soon_days: nul(f.soon_days),
    rule: f.rule,
    estimated_minutes: nul(f.estimated_minutes),
    estimated_cost: nul(f.estimated_cost),
  };
}

/** A template as the form's default values (strings, as typed; distances in km, the form converts). */
export function templateDefaults(t: Template | null): Record<string, string> {
  if (!t) return { interval_unit: "months", rule: "first" };
  const s = (n: number | null) => (n === null ? "" : String(n));
  return {
    name: t.name,
    code: t.code,
    checklist: t.checklist.join("\n"),
    parts: t.parts.join("\n"),
    interval_km: s(t.interval_km),
    interval_hours: s(t.interval_hours),
    interval_time: s(t.interval_months ?? t.interval_days),
    interval_unit: t.interval_days !== null ? "days" : "months",
    soon_km: s(t.soon_km),
    soon_hours: s(t.soon_hours),
    soon_days: s(t.soon_days),
    rule: t.rule,
    estimated_minutes: s(t.estimated_minutes),
    estimated_cost: s(t.estimated_cost),
  };
}

export const templates = (ctx: ModuleContext) => listTemplates(up(ctx));

export async function templateOf(ctx: ModuleContext, id: string | null): Promise<Template | null> {
  if (id === null) return null;
  const t = (await templates(ctx)).find((x) => String(x.id) === id);
  if (!t) throw new Response("Not found", { status: 404 });
  return t;
}

export function saveTemplate(ctx: ModuleContext, id: number | null, f: TemplateForm) {
  const input = templateInput(f);
  return attempt(id === null ? createTemplate(up(ctx), input) : updateTemplate(up(ctx), id, input));
}

export async function programmesPage(ctx: ModuleContext) {
  const u = up(ctx);
  const [programmes, tmpl, meters] = await Promise.all([
    listProgrammes(u),
    listTemplates(u),
    listMeters(u),
  ]);
  return {
    programmes,
    templates: tmpl.map((t) => ({ id: t.id, name: t.name })),
    vehicles: meters.map((m) => ({ imei: m.imei, nickname: m.nickname })),
    groups: ctx.user.groups,
  };
}

export function saveProgramme(
  ctx: ModuleContext,
  id: number | null,
  p: z.infer<typeof ProgrammeSchema>,
) {
  const own = new Set(ctx.user.groups.map((g) => g.id));
  if (p.group_ids.some((g) => !own.has(g))) throw new Response("Not found", { status: 404 });
  return attempt(id === null ? createProgramme(up(ctx), p) : updateProgramme(up(ctx), id, p));
}
