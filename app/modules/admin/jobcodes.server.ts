/**
 * The job codes page (admin/jobcodes): codes_view sees the list; admin_timesheet creates, edits,
 * deactivates and deletes. A code timesheet entries use cannot be deleted: the upstream refuses and
 * the page says so, offering to make it inactive.
 */
import { isAllowed } from "~/lib/access";
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import type { JobCodeForm } from "./jobcode-form";
import {
  createJobCode,
  deleteJobCode,
  listJobCodes,
  updateJobCode,
  type JobCode,
} from "./jobcodes-upstream.server";

export const MANAGE_CODES = { permission: "admin_timesheet" } as const;

export async function jobCodesPage(ctx: ModuleContext, url: URL) {
  const all = await listJobCodes(upstream(ctx.auth.token));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const state = url.searchParams.get("state");
  const text = q.toLowerCase();
  const codes = all.filter(
    (c) =>
      (!text || c.code.toLowerCase().includes(text) || c.name.toLowerCase().includes(text)) &&
      (state !== "active" || c.active) &&
      (state !== "inactive" || !c.active),
  );
  const edit = url.searchParams.get("edit");
  const editing = edit === null ? null : (all.find((c) => String(c.id) === edit) ?? undefined);
  // Another company's (or an unknown) id to edit is a 404 like any foreign id.
  if (editing === undefined) throw new Response("Not found", { status: 404 });
  return {
    codes,
    total: all.length,
    q,
    state: state === "active" || state === "inactive" ? state : null,
    editing,
    canManage: isAllowed(ctx.user, MANAGE_CODES),
  };
}

export type SaveResult = { ok: true; code: JobCode } | { ok: false; message: string };

const refusal = (e: unknown): string | null =>
  isUpstreamError(e) && (e.status === 400 || e.status === 409) ? e.message : null;

export async function saveJobCode(
  ctx: ModuleContext,
  id: number | null,
  v: JobCodeForm,
): Promise<SaveResult> {
  const input = {
    code: v.code,
    name: v.name,
    description: v.description,
    active: v.active,
    effective_from: v.effective_from ?? null,
    effective_to: v.effective_to ?? null,
  };
  const up = upstream(ctx.auth.token);
  try {
    const code = id === null ? await createJobCode(up, input) : await updateJobCode(up, id, input);
    return { ok: true, code };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    const message = refusal(e);
    if (message) return { ok: false, message };
    throw e;
  }
}

/** Deletes a code, or says why not (in use); another company's id is a 404. */
export async function removeJobCode(ctx: ModuleContext, id: number) {
  try {
    await deleteJobCode(upstream(ctx.auth.token), id);
    return { ok: true as const };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    const message = refusal(e);
    if (message) return { ok: false as const, message };
    throw e;
  }
}

/** Makes a code inactive (or active again), keeping everything else. */
export async function setJobCodeActive(ctx: ModuleContext, id: number, active: boolean) {
  const up = upstream(ctx.auth.token);
  const code = (await listJobCodes(up)).find((c) => c.id === id);
  if (!code) throw new Response("Not found", { status: 404 });
  const { id: _id, in_use: _n, ...rest } = code;
  return updateJobCode(up, id, { ...rest, active });
}
