/**
 * Insight tags: the list (/dashboard/insight-tags), registering one (/dashboard/insight-tag), one
 * tag's page (/dashboard/insight-tag/:uuid) with its history, messages and the public fields it
 * shows. Every lookup goes through the upstream with the user's token, which answers 404 for
 * another company's tag; that 404 is ours too.
 */
import { json } from "@remix-run/node";
import { parseForm } from "~/lib/parse-form";
import type { ModuleContext } from "~/services/guard.server";
import { upstream } from "~/services/api.server";
import { getEnv } from "~/services/env.server";
import { switchIntent } from "~/services/intent.server";
import { logInfo } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { normaliseUuid } from "./rules";
import { publicFieldsSchema, registerSchema, type WikiActionData } from "./schemas";
import * as iup from "./upstream.server";

export const DUPLICATE_UUID = "This uuid is already registered to a tag.";

/** What a tag form's post answers when it does not redirect: Conform's reply. */
export type TagFormData = WikiActionData;

export const notFound = () => new Response("Not found", { status: 404 });

/** One of the company's tags, or a 404 (unknown, malformed or another company's). */
export async function requireInsightTag(ctx: ModuleContext, raw: string) {
  const uuid = normaliseUuid(raw);
  if (!uuid) throw notFound();
  try {
    return await iup.insightTag(upstream(ctx.auth.token), uuid);
  } catch (e) {
    if (isUpstreamError(e) && (e.status === 404 || e.status === 400)) throw notFound();
    throw e;
  }
}

/** Where a tag's public page lives (PUBLIC_URL, else the request's origin). */
export const publicUrlOf = (origin: string, uuid: string) =>
  `${(getEnv().PUBLIC_URL ?? origin).replace(/\/+$/, "")}/insight-tag/${uuid}`;

export async function listPage(ctx: ModuleContext, url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const all = await iup.insightTags(upstream(ctx.auth.token));
  const needle = q.toLowerCase();
  const rows = all
    .filter(
      (t) =>
        !needle ||
        t.name.toLowerCase().includes(needle) ||
        t.description.toLowerCase().includes(needle) ||
        t.uuid.includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((t) => ({
      uuid: t.uuid,
      name: t.name,
      description: t.description,
      kind: t.kind,
      retired: t.retired,
      lastSeen: t.last_position?.time ?? null,
      battery: t.battery,
      lat: t.last_position?.lat ?? null,
      lng: t.last_position?.lng ?? null,
    }));
  return { q, rows, total: all.length };
}

export function registerPage(ctx: ModuleContext) {
  return { canRegister: ctx.can.register === true };
}

async function register(ctx: ModuleContext, form: FormData) {
  const sub = parseForm(form, registerSchema);
  const bad = (fieldErrors?: Record<string, string[]>) =>
    json<TagFormData>(
      { intent: "register", reply: sub.reply(fieldErrors ? { fieldErrors } : {}) },
      { status: 400 },
    );
  if (sub.status !== "success") return bad();
  const v = sub.value;
  try {
    const t = await iup.createInsightTag(upstream(ctx.auth.token), {
      uuid: v.uuid ? normaliseUuid(v.uuid)! : undefined,
      name: v.name,
      description: v.description ?? "",
      kind: v.kind,
      owner_contact: v.ownerContact ?? undefined,
    });
    logInfo("insight-tags", `user=${ctx.user.username} registered tag=${t.uuid}`);
    return redirectWithToast(`/dashboard/insight-tag/${t.uuid}`, {
      type: "success",
      description: `Tag ${t.name} registered.`,
    });
  } catch (e) {
    if (isUpstreamError(e) && e.status === 409) return bad({ uuid: [DUPLICATE_UUID] });
    if (isUpstreamError(e) && e.status === 400) return bad({ name: [e.message] });
    throw e;
  }
}

export function registerAction(ctx: ModuleContext, form: FormData) {
  return switchIntent(form, { register: (f) => register(ctx, f) });
}

export async function tagPage(ctx: ModuleContext, raw: string, origin: string, now = Date.now()) {
  const tag = await requireInsightTag(ctx, raw);
  const up = upstream(ctx.auth.token);
  const [history, messages] = await Promise.all([
    tag.kind === "gps"
      ? iup.tagHistory(up, tag.uuid, { from: new Date(now - 48 * 3_600_000).toISOString() })
      : Promise.resolve([]),
    iup.tagMessages(up, tag.uuid),
  ]);
  return {
    tag,
    history,
    messages: messages.slice(0, 20),
    publicUrl: publicUrlOf(origin, tag.uuid),
    canEdit: ctx.can["public-fields"] === true,
  };
}

async function setPublicFields(ctx: ModuleContext, uuid: string, form: FormData) {
  const tag = await requireInsightTag(ctx, uuid);
  const sub = parseForm(form, publicFieldsSchema);
  if (sub.status !== "success")
    return json<TagFormData>({ intent: "public-fields", reply: sub.reply() }, { status: 400 });
  await iup.updateInsightTag(upstream(ctx.auth.token), tag.uuid, {
    public_fields: [...new Set(sub.value.field)],
    owner_contact: sub.value.ownerContact || null,
  });
  logInfo("insight-tags", `user=${ctx.user.username} public fields tag=${tag.uuid}`);
  return redirectWithToast(`/dashboard/insight-tag/${tag.uuid}`, {
    type: "success",
    description: "The public page was updated.",
  });
}

async function retire(ctx: ModuleContext, uuid: string, form: FormData) {
  const tag = await requireInsightTag(ctx, uuid);
  const retired = form.get("retired") === "yes";
  await iup.updateInsightTag(upstream(ctx.auth.token), tag.uuid, { retired });
  return redirectWithToast(`/dashboard/insight-tag/${tag.uuid}`, {
    type: "success",
    description: retired ? `Tag ${tag.name} retired.` : `Tag ${tag.name} is in use again.`,
  });
}

export function tagAction(ctx: ModuleContext, uuid: string, form: FormData) {
  return switchIntent(form, {
    "public-fields": (f) => setPublicFields(ctx, uuid, f),
    retire: (f) => retire(ctx, uuid, f),
  });
}
