/**
 * Rosters (SPEC §2.7 structure): who is expected when, per person or group, as a weekly pattern
 * or a recurrence rule, with a preview of the next shifts. admin_timesheet edits them.
 */
import { isAllowed } from "~/lib/access";
import { addDays } from "~/lib/zoned-days";
import { companyJobsites } from "~/modules/fleet/index.server";
import type { ModuleContext } from "~/services/guard.server";
import type { RosterForm } from "./leave-form";
import { leaveBase, refused } from "./leave.server";
import { createRoster, deleteRoster, listRosters, updateRoster } from "./leave-upstream.server";
import { expandRosters, rosterDays, shiftHours } from "./roster";

export const MANAGE_ROSTERS = { permission: "admin_timesheet" } as const;

export async function structurePage(ctx: ModuleContext, url: URL) {
  const b = await leaveBase(ctx);
  const [rosters, sites] = await Promise.all([listRosters(b.up), companyJobsites(ctx.auth)]);
  const edit = url.searchParams.get("edit");
  const editing = edit === null ? null : (rosters.find((r) => String(r.id) === edit) ?? undefined);
  if (editing === undefined) throw new Response("Not found", { status: 404 });
  const to = addDays(b.today, 13);
  const people = new Map(b.setup.people.map((p) => [p.username_id, p]));
  const groups = new Map(b.groups.map((g) => [g.id, g.nickname]));
  return {
    rosters: rosters.map((r) => ({
      ...r,
      who:
        r.username_id !== null
          ? `${people.get(r.username_id)?.first_name ?? ""} ${people.get(r.username_id)?.last_name ?? ""}`.trim() ||
            `#${r.username_id}`
          : (groups.get(r.compgroups_id ?? -1) ?? "Group"),
      hours: shiftHours(r),
      next: rosterDays(r, b.today, to).slice(0, 4),
      shifts: expandRosters([r], b.setup.people, b.today, to, b.tz).length,
    })),
    editing,
    people: b.setup.people.map((p) => ({
      value: `person:${p.username_id}`,
      label: `${p.first_name} ${p.last_name}`,
    })),
    groups: b.groups.map((g) => ({ value: `group:${g.id}`, label: `Group: ${g.nickname}` })),
    jobsites: sites.jobsites.map((j) => ({ value: String(j.id), label: j.name })),
    today: b.today,
    canManage: isAllowed(ctx.user, MANAGE_ROSTERS),
  };
}

export async function saveRoster(ctx: ModuleContext, id: number | null, v: RosterForm) {
  const b = await leaveBase(ctx);
  const [kind, ref] = v.assign.split(":");
  const input = {
    name: v.name,
    username_id: kind === "person" ? Number(ref) : null,
    compgroups_id: kind === "group" ? Number(ref) : null,
    pattern: v.pattern,
    days: v.pattern === "weekly" ? v.days : [],
    rrule: v.pattern === "rrule" ? (v.rrule ?? null) : null,
    start_time: v.start_time,
    end_time: v.end_time,
    break_minutes: v.break_minutes,
    jobsite_id: v.jobsite_id ?? null,
    valid_from: v.valid_from,
    valid_to: v.valid_to ?? null,
  };
  return refused(() => (id === null ? createRoster(b.up, input) : updateRoster(b.up, id, input)));
}

export async function removeRoster(ctx: ModuleContext, id: number) {
  const b = await leaveBase(ctx);
  return refused(() => deleteRoster(b.up, id));
}
