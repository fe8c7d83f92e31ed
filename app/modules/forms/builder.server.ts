/**
 * The form builder (forms/buildform: forms_add makes a form; forms/buildform/{formid}: forms_edit
 * edits its draft and publishes it). Every button of the builder posts the whole draft (so
 * nothing typed is lost and it works without JavaScript) plus what to do with it: save, add a
 * question, move one up or down, remove one, reorder (drag and drop), publish.
 */
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { postedOf } from "./fields/answers";
import {
  addField,
  draftFromPost,
  moveField,
  nextId,
  publishProblems,
  removeField,
  reorder,
  type DraftContent,
} from "./fields/draft";
import { FIELD_TYPES, allFields, toField, type FieldType } from "./fields/model";
import {
  createForm,
  duplicateForm,
  getForm,
  publishForm,
  saveDraft,
  type UpstreamFormDetail,
} from "./upstream.server";

export type BuilderData = {
  id: number;
  draft: DraftContent;
  versions: { version: number; published_at: string }[];
  latest: number | null;
  draftChanged: boolean;
  archived: boolean;
  /** Ids any version used: a new question never takes one of them. */
  takenIds: string[];
};

function builderData(d: UpstreamFormDetail): BuilderData {
  return {
    id: d.id,
    draft: {
      title: d.draft.title,
      description: d.draft.description ?? "",
      fields: d.draft.fields.map(toField),
    },
    versions: d.published.map((v) => ({ version: v.version, published_at: v.published_at })),
    latest: d.version ?? null,
    draftChanged: d.draft_changed ?? true,
    archived: d.archived ?? false,
    takenIds: d.published.flatMap((v) => allFields(v.fields.map(toField)).map((f) => f.id)),
  };
}

/** 404 for a form of another company (the upstream says so). */
async function detail(ctx: ModuleContext, id: number): Promise<UpstreamFormDetail> {
  try {
    return await getForm(upstream(ctx.auth.token), id);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404)
      throw new Response("Form not found", { status: 404 });
    throw e;
  }
}

export async function builderPage(ctx: ModuleContext, id: number): Promise<BuilderData> {
  return builderData(await detail(ctx, id));
}

export type CreateResult = { ok: true; id: number } | { ok: false; errors: Record<string, string> };

export async function createDraftForm(
  ctx: ModuleContext,
  title: string,
  description: string,
): Promise<CreateResult> {
  const t = title.trim();
  if (!t) return { ok: false, errors: { title: "Give the form a title." } };
  if (t.length > 200) return { ok: false, errors: { title: "Use at most 200 characters." } };
  const made = await createForm(upstream(ctx.auth.token), {
    title: t,
    description: description.trim().slice(0, 2000),
    fields: [],
  });
  return { ok: true, id: made.id };
}

/** A new draft copied from one of the company's forms (404 for any other); its id. */
export async function copyForm(ctx: ModuleContext, from: number): Promise<number> {
  if (!Number.isInteger(from) || from <= 0) throw new Response("Form not found", { status: 404 });
  await detail(ctx, from);
  return (await duplicateForm(upstream(ctx.auth.token), from)).id;
}

export type BuilderResult =
  | { ok: true; message: string; published?: number }
  | { ok: false; errors: Record<string, string>; draft: DraftContent; message?: string };

/**
 * Applies one builder post: `op` is save, publish, add, up:<id>, down:<id>, remove:<id> or
 * reorder (with `order` as posted by drag and drop). Typing errors are answered with the draft as
 * typed (nothing saved); everything else saves the draft first.
 */
export async function applyBuilder(
  ctx: ModuleContext,
  id: number,
  form: FormData,
): Promise<BuilderResult> {
  const current = builderData(await detail(ctx, id));
  const posted = postedOf(form.entries());
  const { content, errors } = draftFromPost(posted);
  const op = String(form.get("op") ?? "save");
  let fields = content.fields;
  let message = "Draft saved.";
  const [verb, target] = op.includes(":") ? op.split(":", 2) : [op, ""];
  if (verb === "add") {
    const type = String(form.get("addType") ?? "") as FieldType;
    const parent = String(form.get("addTo") ?? "") || undefined;
    if (!(FIELD_TYPES as readonly string[]).includes(type))
      return {
        ok: false,
        errors: { ...errors, addType: "Choose a kind of question." },
        draft: content,
      };
    if (parent && type === "group")
      return {
        ok: false,
        errors: { ...errors, addType: "A repeating group cannot hold another group." },
        draft: content,
      };
    fields = addField(fields, type, nextId(fields, current.takenIds), parent);
    message = "Question added.";
  } else if (verb === "up" || verb === "down") {
    fields = moveField(fields, target!, verb);
    message = `Question moved ${verb}.`;
  } else if (verb === "remove") {
    fields = removeField(fields, target!);
    message = "Question removed.";
  } else if (verb === "reorder") {
    fields = reorder(fields, String(form.get("order") ?? "").split(","));
    message = "Order saved.";
  } else if (verb !== "save" && verb !== "publish") {
    return { ok: false, errors: { form: "That request was not understood." }, draft: content };
  }
  const draft = { ...content, fields };
  if (Object.keys(errors).length) return { ok: false, errors, draft };
  try {
    await saveDraft(upstream(ctx.auth.token), id, draft);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 400)
      return { ok: false, errors: { form: e.message }, draft };
    throw e;
  }
  if (verb !== "publish") return { ok: true, message };
  const problems = publishProblems(draft);
  if (problems.length) return { ok: false, errors: { form: problems.join(" ") }, draft };
  try {
    const done = await publishForm(upstream(ctx.auth.token), id);
    return {
      ok: true,
      message: `Version ${done.version} published.`,
      published: done.version ?? 0,
    };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 400)
      return { ok: false, errors: { form: e.message }, draft };
    throw e;
  }
}
