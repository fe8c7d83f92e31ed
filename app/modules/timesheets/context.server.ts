/**
 * What every timesheet page needs: the upstream client, the company's time zone, people (with
 * their groups), job codes, jobsites and payroll groups, and who may see whose timesheet.
 */
import type { SessionUser } from "~/lib/user";
import { listJobCodes } from "~/modules/admin/index.server";
import { companyJobsites } from "~/modules/fleet/index.server";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { listPeople, type Person } from "./upstream.server";

export async function timesheetContext(ctx: ModuleContext) {
  const up = upstream(ctx.auth.token);
  const [timeZone, people] = await Promise.all([companyTimeZone(ctx.auth), listPeople(up)]);
  return { up, timeZone, people, user: ctx.user };
}
export type TimesheetContext = Awaited<ReturnType<typeof timesheetContext>>;

/** Job codes people may book to now, and the company's jobsites, for pickers. */
export async function pickers(ctx: ModuleContext, up: TimesheetContext["up"]) {
  const [codes, sites] = await Promise.all([listJobCodes(up), companyJobsites(ctx.auth)]);
  return {
    jobCodes: codes.map((c) => ({ id: c.id, label: `${c.code} · ${c.name}`, active: c.active })),
    jobsites: sites.jobsites.map((j) => ({ id: j.id, label: j.name, fence: j.fence })),
  };
}

export const isPayrollAdmin = (u: SessionUser) => u.permissions.admin_timesheet === true;

/**
 * Whether the user may see `person`'s timesheet: their own; everyone's with admin_timesheet; with
 * review_timesheet, the people of the groups the user belongs to.
 */
export function reviewsPerson(
  tc: Pick<TimesheetContext, "user" | "people">,
  person: Pick<Person, "username_id" | "group_ids">,
) {
  const user = tc.user;
  if (person.username_id === user.username_id || isPayrollAdmin(user)) return true;
  if (user.permissions.review_timesheet !== true) return false;
  const mine = new Set(tc.people.find((p) => p.username_id === user.username_id)?.group_ids ?? []);
  return person.group_ids.some((id) => mine.has(id));
}

/**
 * Whether the user may decide on (approve, reject, decline) what `ownerId` asked for: anyone's but
 * their own. Leave and timesheet entries alike need a second person (issue 36: a reviewer
 * approved their own entry); the upstream refuses one's own leave too.
 */
export const decidesFor = (user: Pick<SessionUser, "username_id">, ownerId: number) =>
  ownerId !== user.username_id;

export const OWN_ENTRY_MESSAGE =
  "You cannot approve or reject your own timesheet entries: another reviewer does that";

/** The person, or a 404 when unknown, of another company, or not reviewed by the user. */
export function requirePerson(tc: TimesheetContext, id: number): Person {
  const p = tc.people.find((x) => x.username_id === id);
  if (!p || !reviewsPerson(tc, p)) throw new Response("Not found", { status: 404 });
  return p;
}

/** The upstream's refusal message (400/409), a 404 as a Response, anything else rethrown. */
export function refusal(e: unknown): string {
  if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
  if (isUpstreamError(e) && (e.status === 400 || e.status === 409 || e.status === 403))
    return e.message;
  throw e;
}
