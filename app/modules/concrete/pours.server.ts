/**
 * Pours (concrete/pours, pour, pour/{id}) and the lookups their forms need: jobsites, mix designs
 * and limit sets. Times are typed and shown in the company's time zone.
 */
import { companyJobsites } from "~/modules/fleet/index.server";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { utcToZonedLocal, zonedLocalToUtc } from "~/lib/zoned-days";
import { mixDesignsOf } from "./pour-mix.server";
import type { PourForm } from "./pour-forms";
import {
  createPour,
  getPour,
  listLimits,
  listLinks,
  listPours,
  updatePour,
  type Pour,
} from "./pours-upstream.server";

export const notFound = () => new Response("Not found", { status: 404 });

/** An upstream refusal (400/409) as a message for the page; a 404 as the page's 404. */
export function refusal(e: unknown): string {
  if (isUpstreamError(e) && e.status === 404) throw notFound();
  if (isUpstreamError(e) && (e.status === 400 || e.status === 409)) return e.message;
  throw e;
}

/** Who calls the upstream: a signed-in user, or the background check acting for a company. */
export type Caller = Pick<ModuleContext, "auth">;
export const up = (ctx: Caller) => upstream(ctx.auth.token);

/** A positive integer path parameter, or a 404. */
export function idParam(v: string | undefined): number {
  const id = Number(v);
  if (!Number.isInteger(id) || id <= 0) throw notFound();
  return id;
}

/** A company's pour, or a 404 (another company's id included). */
export async function pourOf(ctx: Caller, id: number): Promise<Pour> {
  try {
    return await getPour(up(ctx), id);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    throw e;
  }
}

export async function lookups(ctx: ModuleContext) {
  const [jobsites, mixes, limits] = await Promise.all([
    companyJobsites(ctx.auth).then((j) => j.jobsites.map((s) => ({ id: s.id, name: s.name }))),
    mixDesignsOf(ctx),
    listLimits(up(ctx)),
  ]);
  return { jobsites, mixes, limits };
}

export async function poursPage(ctx: ModuleContext, url: URL) {
  const [pours, links, look, timeZone] = await Promise.all([
    listPours(up(ctx)),
    listLinks(up(ctx)),
    lookups(ctx),
    companyTimeZone(ctx.auth),
  ]);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100).toLowerCase();
  const status = url.searchParams.get("status");
  const rows = pours
    .filter((p) => (!q || p.element.toLowerCase().includes(q)) && (!status || status === p.status))
    .map((p) => ({
      id: p.id,
      element: p.element,
      status: p.status,
      placed_at: p.placed_at,
      volume_m3: p.volume_m3,
      thickness_m: p.thickness_m,
      jobsite: look.jobsites.find((j) => j.id === p.jobsite_id)?.name ?? "—",
      mix: look.mixes.find((m) => m.id === p.mix_design_id)?.name ?? "—",
      sensors: links.filter((l) => l.pour_id === p.id).length,
    }));
  return {
    rows,
    total: pours.length,
    q,
    status: status === "active" || status === "ended" || status === "planned" ? status : null,
    timeZone,
  };
}

export async function pourFormPage(ctx: ModuleContext, id: number | null) {
  const [pour, look, timeZone] = await Promise.all([
    id === null ? null : pourOf(ctx, id),
    lookups(ctx),
    companyTimeZone(ctx.auth),
  ]);
  const values = pour
    ? {
        element: pour.element,
        jobsite_id: pour.jobsite_id === null ? "" : String(pour.jobsite_id),
        mix_design_id: pour.mix_design_id === null ? "" : String(pour.mix_design_id),
        volume_m3: String(pour.volume_m3),
        thickness_m: String(pour.thickness_m),
        placed_at: utcToZonedLocal(Date.parse(pour.placed_at), timeZone),
        ended_at: pour.ended_at ? utcToZonedLocal(Date.parse(pour.ended_at), timeZone) : "",
        limit_set_ids: pour.limit_set_ids.map(String),
        strip_percent: String(pour.targets.find((t) => /strip/i.test(t.name))?.percent ?? 70),
        notes: pour.notes,
      }
    : null;
  return {
    pour: pour ? { id: pour.id, element: pour.element } : null,
    values,
    ...look,
    timeZone,
    now: utcToZonedLocal(Date.now(), timeZone),
  };
}

export async function savePour(ctx: ModuleContext, id: number | null, v: PourForm) {
  const timeZone = await companyTimeZone(ctx.auth);
  const old = id === null ? null : await pourOf(ctx, id);
  const targets = (
    old?.targets ?? [
      { name: "Strip formwork", percent: 70 },
      { name: "Stress tendons", percent: 85 },
      { name: "Design strength", percent: 100 },
    ]
  ).map((t) => (/strip/i.test(t.name) ? { ...t, percent: v.strip_percent } : t));
  const input = {
    element: v.element,
    jobsite_id: v.jobsite_id,
    mix_design_id: v.mix_design_id,
    volume_m3: v.volume_m3,
    thickness_m: v.thickness_m,
    placed_at: new Date(zonedLocalToUtc(v.placed_at, timeZone)).toISOString(),
    ended_at: v.ended_at ? new Date(zonedLocalToUtc(v.ended_at, timeZone)).toISOString() : null,
    limit_set_ids: v.limit_set_ids,
    targets,
    notes: v.notes,
  };
  try {
    const pour =
      id === null ? await createPour(up(ctx), input) : await updatePour(up(ctx), id, input);
    return { ok: true as const, pour };
  } catch (e) {
    return { ok: false as const, message: refusal(e) };
  }
}
