/**
 * Forms admin (forms/admin; forms_edit): every form of the company with its versions, whether its
 * draft has unpublished changes, who may fill it in; publish, archive, duplicate, set fillers.
 */
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { compGroups, isUpstreamError } from "~/services/upstream/index.server";
import {
  archiveForm,
  duplicateForm,
  getForm,
  listAllForms,
  publishForm,
  setFillers,
} from "./upstream.server";

export type AdminForm = {
  id: number;
  title: string;
  version: number | null;
  versions: { version: number; published_at: string }[];
  draftChanged: boolean;
  archived: boolean;
  everyone: boolean;
  groupIds: number[];
};

export async function adminPage(ctx: ModuleContext) {
  const up = upstream(ctx.auth.token);
  const [forms, groups] = await Promise.all([listAllForms(up, "all"), compGroups(up)]);
  return {
    forms: forms.map((f): AdminForm => ({
      id: f.id,
      title: f.title,
      version: f.version ?? null,
      versions: f.versions ?? [],
      draftChanged: f.draft_changed ?? false,
      archived: f.archived ?? false,
      everyone: f.fillers?.everyone ?? true,
      groupIds: f.fillers?.group_ids ?? [],
    })),
    groups,
  };
}

/** The form of the company (404 otherwise), before anything is done to it. */
async function own(ctx: ModuleContext, id: number) {
  try {
    return await getForm(upstream(ctx.auth.token), id);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404)
      throw new Response("Form not found", { status: 404 });
    throw e;
  }
}

export type AdminResult =
  { ok: true; message: string } | { ok: false; message: string; id: number };

const refusal = (e: unknown) => (isUpstreamError(e) && e.status === 400 ? e.message : null);

export async function adminAction(
  ctx: ModuleContext,
  intent: string,
  id: number,
  form: FormData,
): Promise<AdminResult> {
  const f = await own(ctx, id);
  const up = upstream(ctx.auth.token);
  try {
    switch (intent) {
      case "publish": {
        const done = await publishForm(up, id);
        return { ok: true, message: `${f.draft.title}: version ${done.version} published.` };
      }
      case "archive":
        await archiveForm(up, id, true);
        return { ok: true, message: `${f.title} archived: nobody is offered it any more.` };
      case "unarchive":
        await archiveForm(up, id, false);
        return { ok: true, message: `${f.title} is back in use.` };
      case "duplicate": {
        const copy = await duplicateForm(up, id);
        return { ok: true, message: `${copy.draft.title} made (a draft).` };
      }
      case "fillers": {
        const everyone = form.get("everyone") === "yes";
        const groups = form
          .getAll("group")
          .map(Number)
          .filter((g) => Number.isInteger(g) && g > 0);
        if (!everyone && !groups.length)
          return { ok: false, id, message: "Choose the groups who may fill it in, or everyone." };
        await setFillers(up, id, { everyone, group_ids: everyone ? [] : groups });
        return { ok: true, message: `Who may fill in ${f.title} is saved.` };
      }
      default:
        return { ok: false, id, message: "That request was not understood." };
    }
  } catch (e) {
    const m = refusal(e);
    if (m) return { ok: false, id, message: m.endsWith(".") ? m : `${m}.` };
    throw e;
  }
}
