/**
 * Groups (admin/groups, addgroup; groups_view) and their permissions (admin/grouppermissions;
 * edit_permissions). Groups are sorted by nickname case-insensitively (SPEC §3, §7). A change to
 * a group's permissions is recorded (PermissionChange) and copied into the live sessions of the
 * group's members, so it holds from their next request.
 */
import { isAllowed } from "~/lib/access";
import { compareText } from "~/lib/text-order";
import { listDevices } from "~/modules/fleet/index.server";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import type { ModuleContext } from "~/services/guard.server";
import { refreshUserSessions } from "~/services/session.server";
import { PERMISSIONS, type PermissionName } from "~/services/upstream/index.server";
import { refusal } from "./people.server";
import {
  createGroup,
  deleteGroup,
  getPerson,
  listGroupGrants,
  listGroups,
  listPeople,
  renameGroup,
  setGroupGrants,
} from "./people-upstream.server";

export const MANAGE_GROUPS = { permission: "edit_permissions" } as const;

/** The feature flag a permission's screens depend on (shown beside it in the matrix). */
export const PERMISSION_FEATURE: Partial<Record<PermissionName, string>> = {
  codes_view: "timesheet",
  admin_timesheet: "timesheet",
  access_timesheet: "timesheet",
  review_timesheet: "timesheet",
  tickets_view: "vehicle_task_management",
  tickets_add: "vehicle_task_management",
  tickets_edit: "vehicle_task_management",
  forms_view: "forms",
  forms_add: "forms",
  forms_edit: "forms",
  complete_forms: "forms",
  beacons_edit: "ble_beacons",
  reports_manage: "reporting",
  alerts_manage: "automation",
  logbook_edit_all: "logbook",
  drivers_manage: "driver_management",
  maintenance_manage: "vehicle_task_management",
};

const idOf = (raw: unknown) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function groupsPage(ctx: ModuleContext, url: URL) {
  const up = upstream(ctx.auth.token);
  const [groups, people, { devices }] = await Promise.all([
    listGroups(up),
    listPeople(up),
    listDevices(ctx.auth),
  ]);
  const names = new Map(people.map((p) => [p.username_id, p.name]));
  const nick = new Map(devices.map((d) => [d.imei, d.nickname]));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100).toLowerCase();
  const rename = url.searchParams.get("rename");
  const all = [...groups].sort((a, b) => compareText(a.nickname, b.nickname));
  if (rename !== null && !all.some((g) => String(g.id) === rename))
    throw new Response("Not found", { status: 404 });
  return {
    groups: all
      .filter((g) => !q || g.nickname.toLowerCase().includes(q))
      .map((g) => ({
        id: g.id,
        nickname: g.nickname,
        members: g.member_ids.map((id) => names.get(id) ?? `#${id}`).sort(compareText),
        vehicles: g.imeis.map((i) => nick.get(i) ?? i).sort(compareText),
      })),
    total: groups.length,
    q,
    rename: rename === null ? null : Number(rename),
    canManage: isAllowed(ctx.user, MANAGE_GROUPS),
  };
}

type Outcome = { ok: true; nickname: string } | { ok: false; message: string };

export async function addGroup(ctx: ModuleContext, nickname: string): Promise<Outcome> {
  try {
    return { ok: true, nickname: (await createGroup(upstream(ctx.auth.token), nickname)).nickname };
  } catch (e) {
    const message = refusal(e);
    if (message) return { ok: false, message };
    throw e;
  }
}

export async function renameGroupOf(
  ctx: ModuleContext,
  rawId: unknown,
  nickname: string,
): Promise<Outcome> {
  try {
    const g = await renameGroup(upstream(ctx.auth.token), idOf(rawId), nickname);
    return { ok: true, nickname: g.nickname };
  } catch (e) {
    const message = refusal(e);
    if (message) return { ok: false, message };
    throw e;
  }
}

/** Deletes a group; refused with the upstream's message while it has members. */
export async function removeGroup(ctx: ModuleContext, rawId: unknown) {
  try {
    await deleteGroup(upstream(ctx.auth.token), idOf(rawId));
    return { ok: true as const };
  } catch (e) {
    const message = refusal(e);
    if (message) return { ok: false as const, message };
    throw e;
  }
}

// ------------------------------------------------------------------ permissions matrix

export async function permissionsPage(ctx: ModuleContext) {
  const up = upstream(ctx.auth.token);
  const [groups, grants, changes] = await Promise.all([
    listGroups(up),
    listGroupGrants(up),
    prisma.permissionChange.findMany({
      where: { companyId: ctx.companyId },
      orderBy: { id: "desc" },
      take: 50,
    }),
  ]);
  const byGroup = new Map(grants.map((g) => [g.group_id, g.permissions]));
  return {
    groups: [...groups]
      .sort((a, b) => compareText(a.nickname, b.nickname))
      .map((g) => ({
        id: g.id,
        nickname: g.nickname,
        members: g.member_ids.length,
        granted: PERMISSIONS.filter((p) => byGroup.get(g.id)?.[p] === true),
      })),
    permissions: PERMISSIONS.map((name) => {
      const feature = PERMISSION_FEATURE[name] ?? null;
      return {
        name,
        feature,
        // An absent flag hides nothing (SPEC §6): only an explicit false is "off".
        featureOn: feature ? ctx.user.features_enabled[feature] !== false : null,
      };
    }),
    changes: changes.map((c) => ({
      id: c.id,
      at: c.at.toISOString(),
      actor: c.actorName,
      group: c.groupName,
      permission: c.permission,
      granted: c.granted,
    })),
  };
}

/**
 * Saves the matrix: `checked` holds "groupId:permission" of every ticked box. Only groups whose
 * grants changed are sent; each change is recorded, and the members' sessions are refreshed.
 */
export async function saveMatrix(ctx: ModuleContext, groupIds: number[], checked: Set<string>) {
  const up = upstream(ctx.auth.token);
  const [groups, grants] = await Promise.all([listGroups(up), listGroupGrants(up)]);
  const own = new Map(groups.map((g) => [g.id, g]));
  if (groupIds.some((id) => !own.has(id))) throw new Response("Not found", { status: 404 });
  const before = new Map(grants.map((g) => [g.group_id, g.permissions]));
  const members = new Set<number>();
  let count = 0;
  for (const id of groupIds) {
    const diff: Record<string, boolean> = {};
    for (const p of PERMISSIONS) {
      const want = checked.has(`${id}:${p}`);
      if ((before.get(id)?.[p] === true) !== want) diff[p] = want;
    }
    if (!Object.keys(diff).length) continue;
    await setGroupGrants(up, id, diff);
    const g = own.get(id)!;
    await prisma.permissionChange.createMany({
      data: Object.entries(diff).map(([permission, granted]) => ({
        companyId: ctx.companyId,
        actorId: ctx.user.username_id,
        actorName: ctx.user.name,
        groupId: id,
        groupName: g.nickname,
        permission,
        granted,
      })),
    });
    count += Object.keys(diff).length;
    for (const m of g.member_ids) members.add(m);
  }
  await refreshPermissions(ctx, [...members]);
  return { changed: count, members: members.size };
}

/** Copies each member's effective permissions, as the upstream now answers them, into their sessions. */
async function refreshPermissions(ctx: ModuleContext, ids: number[]) {
  const up = upstream(ctx.auth.token);
  for (const id of ids) {
    const p = await getPerson(up, id);
    await refreshUserSessions(id, { permissions: p.permissions });
  }
}
