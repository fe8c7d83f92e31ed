/**
 * Wiki permissions (/dashboard/insight-tags/wiki-permissions): company administrators
 * (edit_permissions, the menu item's rule, checked by the guard) set each user's seven wiki
 * permissions, each explicitly allowed or refused or left to the SPEC §3 default. The upstream
 * keeps the settings and lists only the company's own users; another company's user is a 404.
 */
import { json } from "@remix-run/node";
import { parseForm } from "~/lib/parse-form";
import type { ModuleContext } from "~/services/guard.server";
import { upstream } from "~/services/api.server";
import { switchIntent } from "~/services/intent.server";
import { logInfo } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { WIKI_PERMISSIONS, settingOf, wikiRights, type WikiPermission } from "./rules";
import { wikiPermissionsFormSchema, type WikiActionData } from "./schemas";
import { notFound } from "./tags.server";
import * as iup from "./upstream.server";

export const PERMISSIONS_PATH = "/dashboard/insight-tags/wiki-permissions";

export async function permissionsPage(ctx: ModuleContext, url: URL) {
  const users = await iup.usersWikiPermissions(upstream(ctx.auth.token));
  const rows = users
    .map((u) => ({
      id: u.user_id,
      name: u.name,
      username: u.username,
      settings: Object.fromEntries(
        WIKI_PERMISSIONS.map((p) => [p, settingOf(u.permissions, p)]),
      ) as Record<WikiPermission, ReturnType<typeof settingOf>>,
      rights: wikiRights(u.permissions),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const chosen = Number(url.searchParams.get("user")) || null;
  const selected = chosen ? (rows.find((r) => r.id === chosen) ?? null) : null;
  if (chosen && !selected) throw notFound();
  return { rows, selected };
}

async function setPermissions(ctx: ModuleContext, form: FormData) {
  const intent = "set-wiki-permissions";
  const sub = parseForm(form, wikiPermissionsFormSchema);
  if (sub.status !== "success")
    return json<WikiActionData>({ intent, reply: sub.reply() }, { status: 400 });
  const { userId, ...settings } = sub.value;
  const up = upstream(ctx.auth.token);
  const user = (await iup.usersWikiPermissions(up)).find((u) => u.user_id === userId);
  if (!user) throw notFound();
  // Only explicit choices are stored; "default" leaves the permission to SPEC §3.
  const explicit: Partial<Record<WikiPermission, boolean>> = {};
  for (const p of WIKI_PERMISSIONS)
    if (settings[p] !== "default") explicit[p] = settings[p] === "allow";
  try {
    await iup.setWikiPermissions(up, user.user_id, explicit);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    throw e;
  }
  logInfo(
    "insight-tags",
    `user=${ctx.user.username} set wiki permissions of user=${user.user_id}: ${JSON.stringify(explicit)}`,
  );
  const none = Object.keys(explicit).length === 0;
  return redirectWithToast(`${PERMISSIONS_PATH}?user=${user.user_id}`, {
    type: "success",
    description: none
      ? `${user.name} is back on the default wiki permissions.`
      : `Wiki permissions of ${user.name} saved.`,
  });
}

export function permissionsAction(ctx: ModuleContext, form: FormData) {
  return switchIntent(form, { "set-wiki-permissions": (f) => setPermissions(ctx, f) });
}
