/**
 * Account–device links (admin/accdevlink, edit_permissions): which accounts may see which devices.
 * A linked (restricted) account sees only its devices on the map, in fleet lists, trips and
 * reports (the fleet module filters by the session's `device_imeis`; the upstream's device list
 * honours the links too). A change is copied into the accounts' live sessions at once.
 */
import { compareText } from "~/lib/text-order";
import { listDevices } from "~/modules/fleet/index.server";
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { refreshUserSessions } from "~/services/session.server";
import { refusal } from "./people.server";
import { changeDeviceLinks, listDeviceLinks, listPeople } from "./people-upstream.server";

export async function linksPage(ctx: ModuleContext, url: URL) {
  const up = upstream(ctx.auth.token);
  const [people, links, { devices }] = await Promise.all([
    listPeople(up),
    listDeviceLinks(up),
    listDevices(ctx.auth),
  ]);
  const byUser = new Map(links.map((l) => [l.username_id, l]));
  const nick = new Map(devices.map((d) => [d.imei, d.nickname]));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100).toLowerCase();
  const only = url.searchParams.get("only") === "restricted";
  return {
    accounts: people
      .filter((p) => !q || p.name.toLowerCase().includes(q) || p.username.toLowerCase().includes(q))
      .filter((p) => !only || byUser.get(p.username_id)?.restricted)
      .sort((a, b) => compareText(a.name, b.name))
      .map((p) => {
        const l = byUser.get(p.username_id);
        return {
          username_id: p.username_id,
          name: p.name,
          username: p.username,
          active: p.active,
          restricted: l?.restricted ?? false,
          devices: (l?.imeis ?? []).map((i) => nick.get(i) ?? i).sort(compareText),
        };
      }),
    devices: devices.map((d) => ({ imei: d.imei, nickname: d.nickname })),
    q,
    only,
  };
}

export type LinkAction = "link" | "unlink" | "unrestrict";

/** Links or unlinks devices of many accounts at once, or lifts their restriction. */
export async function changeLinks(
  ctx: ModuleContext,
  action: LinkAction,
  usernameIds: number[],
  imeis: string[],
) {
  if (!usernameIds.length)
    return { ok: false as const, field: "accounts", message: "Choose at least one account" };
  if (action !== "unrestrict" && !imeis.length)
    return { ok: false as const, field: "devices", message: "Choose at least one device" };
  try {
    const result = await changeDeviceLinks(upstream(ctx.auth.token), {
      action,
      username_ids: usernameIds,
      imeis: action === "unrestrict" ? [] : imeis,
    });
    for (const l of result)
      await refreshUserSessions(l.username_id, {
        device_imeis: l.restricted ? l.imeis : undefined,
      });
    return { ok: true as const, accounts: result.length };
  } catch (e) {
    const message = refusal(e);
    if (message) return { ok: false as const, field: "form", message };
    throw e;
  }
}
