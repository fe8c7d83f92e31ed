/**
 * Leave, rosters and site declarations (designed; SPEC §2.7 leave-requests, all-leave-requests,
 * leave-calendar, structure, covid19; §3 Leave event). All under `/timesheet/`:
 *
 * - `GET leave/setup` → the company's holiday country/region, leave types (with how many approvals
 *   each needs and whether it is paid) and people (username_id, names, role, groups, reviewer, last sign-in).
 * - `GET leave/requests?from=&to=` (days, overlapping) → Leave events; `GET leave/requests/{id}`;
 *   `POST leave/requests` (the caller's own); `DELETE leave/requests/{id}` cancels the caller's own
 *   pending request (409 otherwise); `POST leave/decisions/{id} {approve, comment}` records an
 *   approval or a decline (not of one's own leave, once per reviewer). A request is approved when
 *   it has as many approvals as its type needs, declined at the first decline.
 * - `GET|POST rosters`, `PUT|DELETE rosters/{id}`: expected shifts of a person or a group, as a
 *   weekly pattern or an RFC 5545 RRULE.
 * - `GET|POST declarations/questions`, `DELETE declarations/questions/{id}`; `GET
 *   declarations/answers?from=&to=`, `POST declarations/answers` (the caller's, at clock-on).
 *
 * Another company's id is a 404. Writes are journaled by the HTTP layer.
 */
import { rosterRoutes } from "./api-rosters";
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { DAY, data, mine, person, range } from "./leave-seed";
import type { SimLeave } from "./leave-types";
import { idOf } from "./maintenance";

export type { LeaveState } from "./leave-types";

function leaveView(ctx: Ctx, r: SimLeave) {
  const d = data(ctx);
  const type = d.types.find((t) => t.id === r.type_id)!;
  const who = d.people.find((x) => x.username_id === r.username_id)!;
  const accounts = { first_name: who.first_name, last_name: who.last_name };
  return {
    id: r.id,
    username_id: r.username_id,
    accounts,
    leave_start_date: r.leave_start_date,
    leave_end_date: r.leave_end_date,
    type_of_leave: type.name,
    type_id: type.id,
    approvals_required: type.approvals_required,
    allDay: r.allDay,
    hours: r.hours,
    reason: r.reason,
    compgroups_id: r.compgroups_id,
    title: `${who.first_name} ${who.last_name}: ${type.name}`,
    status: r.status,
    leave_approval: r.leave_approval,
    created_at: r.created_at,
  };
}

function ownLeave(ctx: Ctx): SimLeave {
  const id = Number(idOf(ctx));
  const r = mine(ctx, data(ctx).requests).find((x) => x.id === id);
  if (!r) throw new HttpError(404, "Leave request not found");
  return r;
}

function leaveInput(ctx: Ctx, body: unknown) {
  const b = obj(body);
  const d = data(ctx);
  const type = mine(ctx, d.types).find((t) => t.id === Number(b.type_id));
  if (!type) throw new HttpError(404, "Leave type not found");
  const from = String(b.leave_start_date ?? "");
  const to = String(b.leave_end_date ?? "");
  if (!DAY.test(from) || !DAY.test(to))
    throw new HttpError(400, "leave_start_date and leave_end_date must be dates");
  if (to < from) throw new HttpError(400, "The leave must not end before it starts");
  const allDay = b.allDay !== false;
  const hours = allDay ? null : Number(b.hours);
  if (hours !== null && !(hours >= 0.5 && hours <= 12))
    throw new HttpError(400, "hours must be between 0.5 and 12 a day");
  const reason = typeof b.reason === "string" ? b.reason.trim().slice(0, 500) : "";
  return { type, from, to, allDay, hours, reason };
}

const leaveOnly = routes([
  [
    "GET",
    "/timesheet/leave/setup",
    (ctx) => {
      const d = data(ctx);
      person(ctx, ctx.user.username_id);
      return ok({
        country: "AU",
        region: "QLD",
        types: mine(ctx, d.types).map(({ companyid: _c, ...t }) => t),
        people: mine(ctx, d.people).map(({ companyid: _c, ...x }) => x),
      });
    },
  ],
  [
    "GET",
    "/timesheet/leave/requests",
    (ctx) => {
      const { from, to } = range(ctx);
      return ok(
        mine(ctx, data(ctx).requests)
          .filter((r) => r.leave_start_date <= to && r.leave_end_date >= from)
          .sort((a, b) => a.leave_start_date.localeCompare(b.leave_start_date) || a.id - b.id)
          .map((r) => leaveView(ctx, r)),
      );
    },
  ],
  ["GET", "/timesheet/leave/requests/:id", (ctx) => ok(leaveView(ctx, ownLeave(ctx)))],
  [
    "POST",
    "/timesheet/leave/requests",
    (ctx) => {
      const d = data(ctx);
      const who = person(ctx, ctx.user.username_id);
      const v = leaveInput(ctx, ctx.body);
      const clash = d.requests.find(
        (r) =>
          r.username_id === who.username_id &&
          (r.status === "pending" || r.status === "approved") &&
          r.leave_start_date <= v.to &&
          r.leave_end_date >= v.from,
      );
      if (clash)
        throw new HttpError(
          409,
          `You already have leave from ${clash.leave_start_date} to ${clash.leave_end_date}`,
        );
      const r: SimLeave = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        username_id: who.username_id,
        type_id: v.type.id,
        leave_start_date: v.from,
        leave_end_date: v.to,
        allDay: v.allDay,
        hours: v.hours,
        reason: v.reason,
        compgroups_id: who.group_ids[0] ?? null,
        status: "pending",
        leave_approval: [],
        created_at: new Date(ctx.now).toISOString(),
      };
      d.requests.push(r);
      return ok(leaveView(ctx, r), 201);
    },
  ],
  [
    "DELETE",
    "/timesheet/leave/requests/:id",
    (ctx) => {
      const r = ownLeave(ctx);
      if (r.username_id !== ctx.user.username_id)
        throw new HttpError(404, "Leave request not found");
      if (r.status !== "pending")
        throw new HttpError(
          409,
          `Only a pending request can be cancelled; this one is ${r.status}`,
        );
      r.status = "cancelled";
      return ok(leaveView(ctx, r));
    },
  ],
  [
    "POST",
    "/timesheet/leave/decisions/:id",
    (ctx) => {
      const r = ownLeave(ctx);
      const b = obj(ctx.body);
      const comment = typeof b.comment === "string" ? b.comment.trim().slice(0, 500) : "";
      const approve = b.approve === true;
      if (r.username_id === ctx.user.username_id)
        throw new HttpError(409, "You cannot approve or decline your own leave");
      if (r.status !== "pending") throw new HttpError(409, `This request is already ${r.status}`);
      if (r.leave_approval.some((a) => a.username_id === ctx.user.username_id))
        throw new HttpError(409, "You have already decided on this request");
      if (!approve && !comment) throw new HttpError(400, "Say why the request is declined");
      r.leave_approval.push({
        username_id: ctx.user.username_id,
        first_name: ctx.user.first_name,
        last_name: ctx.user.last_name,
        approved: approve,
        comment,
        created_at: new Date(ctx.now).toISOString(),
      });
      const type = data(ctx).types.find((t) => t.id === r.type_id)!;
      if (!approve) r.status = "declined";
      else if (r.leave_approval.filter((a) => a.approved).length >= type.approvals_required)
        r.status = "approved";
      return ok(leaveView(ctx, r));
    },
  ],
]);

export const leaveRoutes = [...leaveOnly, ...rosterRoutes];
