/**
 * Driver ID tags: the list (/dashboard/driver-tags), registering one (/dashboard/driver-tag) and
 * one tag with its reads and sessions (/dashboard/driver-tag/:id): assign, unassign, deactivate.
 * A uid is 8–16 hexadecimal characters and unique in the company. Writes need drivers_manage.
 */
import { json } from "@remix-run/node";
import { isAllowed } from "~/lib/access";
import type { SubmissionResult } from "@conform-to/react";
import { parseForm, refusalReply } from "~/lib/parse-form";
import type { ModuleContext } from "~/services/guard.server";
import { upstream } from "~/services/api.server";
import { switchIntent } from "~/services/intent.server";
import { logInfo } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { forgetCompany, listDrivers, listTags } from "./data.server";
import { requireDriver } from "./management.server";
import { driverName } from "./safety.server";
import { tagCreateSchema } from "./schemas";
import * as dup from "./upstream.server";

export const DUPLICATE_UID = "This uid is already registered to a tag of your company.";

/** What a tag form answers when it does not redirect: Conform's reply to a refused register. */
export type TagActionData = {
  intent: string;
  result?: SubmissionResult<string[]>;
  confirmFor?: number;
};

const notFound = () => new Response("Not found", { status: 404 });
const forbidden = () => new Response("Forbidden", { status: 403 });
const mayEdit = (ctx: ModuleContext) => isAllowed(ctx.user, { permission: "drivers_manage" });

export async function requireTag(ctx: ModuleContext, id: unknown) {
  const n = Number(id);
  const t = Number.isInteger(n) ? (await listTags(ctx.auth)).find((x) => x.id === n) : undefined;
  if (!t) throw notFound();
  return t;
}

export async function tagsPage(ctx: ModuleContext) {
  const [tags, drivers] = await Promise.all([listTags(ctx.auth), listDrivers(ctx.auth)]);
  const names = new Map(drivers.map((d) => [d.id, driverName(d)]));
  return {
    tags: tags.map((t) => ({
      ...t,
      driverName: t.driver_id === null ? null : (names.get(t.driver_id) ?? null),
    })),
    drivers: drivers.filter((d) => d.active).map((d) => ({ id: d.id, name: driverName(d) })),
    canEdit: mayEdit(ctx),
  };
}

export async function tagPage(ctx: ModuleContext, id: string, now = Date.now()) {
  const tag = await requireTag(ctx, id);
  const from = new Date(now - 30 * 86_400_000).toISOString();
  const up = upstream(ctx.auth.token);
  const [reads, drivers] = await Promise.all([
    dup.tagReads(up, tag.id, { from }),
    listDrivers(ctx.auth),
  ]);
  const sessions =
    tag.driver_id === null ? [] : await dup.driverSessions(up, { from, driver_id: tag.driver_id });
  const names = new Map(drivers.map((d) => [d.id, driverName(d)]));
  return {
    tag: { ...tag, driverName: tag.driver_id === null ? null : (names.get(tag.driver_id) ?? null) },
    reads: reads.reverse().slice(0, 200),
    sessions: sessions
      .reverse()
      .slice(0, 100)
      .map((s) => ({ ...s, viaThisTag: s.tag_id === tag.id })),
    drivers: drivers.filter((d) => d.active).map((d) => ({ id: d.id, name: driverName(d) })),
    canEdit: mayEdit(ctx),
  };
}

async function register(ctx: ModuleContext, form: FormData) {
  const sub = parseForm(form, tagCreateSchema);
  const bad = (result: SubmissionResult<string[]>) =>
    json<TagActionData>({ intent: "register", result }, { status: 400 });
  if (sub.status !== "success") return bad(sub.reply());
  const v = sub.value;
  // Another company's driver (or none) is a 404, as every id of another company is (the tenant
  // sweep holds every action to it): the form's picker only offers the company's own.
  if (v.driverId !== undefined) await requireDriver(ctx, v.driverId);
  if ((await listTags(ctx.auth)).some((t) => t.uid === v.uid))
    return bad(refusalReply(sub, "uid", DUPLICATE_UID));
  try {
    const t = await dup.createDriverTag(upstream(ctx.auth.token), {
      uid: v.uid,
      label: v.label || undefined,
      driver_id: v.driverId ?? null,
    });
    forgetCompany(ctx.companyId);
    logInfo("drivers", `user=${ctx.user.username} registered tag=${t.id}`);
    return redirectWithToast(`/dashboard/driver-tag/${t.id}`, {
      type: "success",
      description: `Tag ${t.uid} registered.`,
    });
  } catch (e) {
    if (isUpstreamError(e) && e.status === 409) return bad(refusalReply(sub, "uid", DUPLICATE_UID));
    if (isUpstreamError(e) && e.status === 400) return bad(refusalReply(sub, "uid", e.message));
    throw e;
  }
}

/** A tag's change, saved, with the toast that says what was done. */
async function apply(
  ctx: ModuleContext,
  form: FormData,
  t: { id: number },
  intent: string,
  change: { driver_id?: number | null; active?: boolean },
  done: string,
) {
  await dup.updateDriverTag(upstream(ctx.auth.token), t.id, change);
  forgetCompany(ctx.companyId);
  logInfo("drivers", `user=${ctx.user.username} ${intent} tag=${t.id}`);
  const back =
    form.get("back") === "list" ? "/dashboard/driver-tags" : `/dashboard/driver-tag/${t.id}`;
  return redirectWithToast(back, {
    type: "success",
    description: done,
  });
}

async function assign(ctx: ModuleContext, form: FormData) {
  const t = await requireTag(ctx, form.get("id"));
  const d = await requireDriver(ctx, form.get("driverId"));
  return apply(
    ctx,
    form,
    t,
    "assign",
    { driver_id: d.id },
    `Tag ${t.uid} assigned to ${driverName(d)}.`,
  );
}

async function unassign(ctx: ModuleContext, form: FormData) {
  const t = await requireTag(ctx, form.get("id"));
  return apply(ctx, form, t, "unassign", { driver_id: null }, `Tag ${t.uid} unassigned.`);
}

async function deactivate(ctx: ModuleContext, form: FormData) {
  const t = await requireTag(ctx, form.get("id"));
  if (form.get("confirm") !== "yes")
    return json<TagActionData>({ intent: "deactivate", confirmFor: t.id });
  return apply(ctx, form, t, "deactivate", { active: false }, `Tag ${t.uid} deactivated.`);
}

export function tagAction(ctx: ModuleContext, form: FormData) {
  if (!mayEdit(ctx)) throw forbidden();
  return switchIntent(form, {
    register: (f) => register(ctx, f),
    assign: (f) => assign(ctx, f),
    unassign: (f) => unassign(ctx, f),
    deactivate: (f) => deactivate(ctx, f),
  });
}
