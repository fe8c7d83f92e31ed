/**
 * Tickets (designed; SPEC §2.6 admin, matrix, approvals; §6 tickets_view/add/edit): ticket types
 * (custom fields, default assignee, SLA in business hours, statuses of which some pause the SLA,
 * an approval chain), tickets (links to a vehicle, jobsite or form submission, comments, history),
 * approval decisions and delegations. The app computes SLA states and chain outcomes from what is
 * stored here (app/modules/tickets); the simulator keeps the records, checks their shape and the
 * company, and writes the history. Writes are journaled by the HTTP layer.
 *
 * `GET|POST /tickets/types`, `PUT|DELETE /tickets/types/:id` (a type in use cannot be deleted: 409),
 * `GET|POST /tickets/list` (filters: status, type_id, assignee, q), `GET|PUT /tickets/ticket/:id`,
 * `POST /tickets/comments/:ticketId`, `POST /tickets/decisions/:ticketId`,
 * `GET|POST /tickets/delegations`, `DELETE /tickets/delegations/:id`; attachments in
 * tickets-files.ts.
 */
import { HttpError, obj, ok, routes } from "./kit";
import { idOf } from "./maintenance";
import { ticketFileRoutes } from "./tickets-files";
import { data, type SimDelegation, type SimTicket, type SimTicketType } from "./tickets-data";
import {
  member,
  ownTicket,
  ownType,
  text,
  ticketInput,
  ticketView,
  typeInput,
  typeView,
} from "./tickets-input";

export type { TicketState } from "./tickets-data";

const ownRoutes = routes([
  [
    "GET",
    "/tickets/types",
    (ctx) =>
      ok(
        data(ctx)
          .types.filter((t) => t.companyid === ctx.user.companyid)
          .map(typeView),
      ),
  ],
  [
    "POST",
    "/tickets/types",
    (ctx) => {
      const d = data(ctx);
      const t: SimTicketType = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        ...typeInput(ctx, ctx.body),
      };
      d.types.push(t);
      return ok(typeView(t), 201);
    },
  ],
  [
    "PUT",
    "/tickets/types/:id",
    (ctx) => ok(typeView(Object.assign(ownType(ctx, idOf(ctx)), typeInput(ctx, ctx.body)))),
  ],
  [
    "DELETE",
    "/tickets/types/:id",
    (ctx) => {
      const t = ownType(ctx, idOf(ctx));
      const d = data(ctx);
      const used = d.tickets.filter((x) => x.type_id === t.id).length;
      if (used) throw new HttpError(409, `${t.name} has ${used} tickets: make it inactive instead`);
      d.types = d.types.filter((x) => x.id !== t.id);
      return ok({ id: t.id });
    },
  ],
  [
    "GET",
    "/tickets/list",
    (ctx) => {
      const q = (ctx.query.get("q") ?? "").toLowerCase();
      const status = ctx.query.get("status");
      const type = ctx.query.get("type_id");
      const assignee = ctx.query.get("assignee");
      return ok(
        data(ctx)
          .tickets.filter(
            (t) =>
              t.companyid === ctx.user.companyid &&
              (!status || t.status === status) &&
              (!type || t.type_id === Number(type)) &&
              (!assignee || t.assignee === Number(assignee)) &&
              (!q || t.title.toLowerCase().includes(q) || String(t.id) === q),
          )
          .sort((a, b) => b.created_at - a.created_at)
          .map(ticketView),
      );
    },
  ],
  [
    "POST",
    "/tickets/list",
    (ctx) => {
      const d = data(ctx);
      const input = ticketInput(ctx, ctx.body, null);
      const { type, ...rest } = input;
      const t: SimTicket = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        type_id: type.id,
        ...rest,
        requester: ctx.user.username_id,
        created_at: ctx.now,
        first_response_at: null,
        resolved_at: null,
        status_changes: [{ status: rest.status, at: ctx.now }],
        comments: [],
        history: [{ at: ctx.now, by: ctx.user.username_id, what: "Raised" }],
        decisions: [],
        attachments: [],
      };
      d.tickets.push(t);
      return ok(ticketView(t), 201);
    },
  ],
  ["GET", "/tickets/ticket/:id", (ctx) => ok(ticketView(ownTicket(ctx, idOf(ctx))))],
  [
    "PUT",
    "/tickets/ticket/:id",
    (ctx) => {
      const t = ownTicket(ctx, idOf(ctx));
      const { type, ...next } = ticketInput(ctx, ctx.body, t);
      const by = ctx.user.username_id;
      const changes: string[] = [];
      if (next.status !== t.status) {
        changes.push(`Status ${t.status} → ${next.status}`);
        t.status_changes.push({ status: next.status, at: ctx.now });
        if (next.status === "resolved" || next.status === "closed") t.resolved_at ??= ctx.now;
        else t.resolved_at = null;
        if (by !== t.requester) t.first_response_at ??= ctx.now;
      }
      if (next.assignee !== t.assignee) changes.push(`Assigned to ${next.assignee ?? "nobody"}`);
      if (next.priority !== t.priority) changes.push(`Priority ${t.priority} → ${next.priority}`);
      if (next.title !== t.title) changes.push("Title changed");
      Object.assign(t, next, { type_id: type.id });
      for (const what of changes) t.history.push({ at: ctx.now, by, what });
      return ok(ticketView(t));
    },
  ],
  [
    "POST",
    "/tickets/comments/:id",
    (ctx) => {
      const t = ownTicket(ctx, idOf(ctx));
      const body = text(obj(ctx.body).body, "comment", 4000);
      const d = data(ctx);
      t.comments.push({ id: ++d.seq, by: ctx.user.username_id, body, at: ctx.now });
      if (ctx.user.username_id !== t.requester) t.first_response_at ??= ctx.now;
      t.history.push({ at: ctx.now, by: ctx.user.username_id, what: "Commented" });
      return ok(ticketView(t), 201);
    },
  ],
  [
    "POST",
    "/tickets/decisions/:id",
    (ctx) => {
      const t = ownTicket(ctx, idOf(ctx));
      const b = obj(ctx.body);
      const decision = b.decision === "approve" || b.decision === "reject" ? b.decision : null;
      if (!decision) throw new HttpError(400, "decision must be approve or reject");
      const type = ownType(ctx, t.type_id);
      const stepId = String(b.step_id ?? "");
      if (!type.chain.stages.some((s) => s.steps.some((x) => x.id === stepId)))
        throw new HttpError(400, "step_id is not a step of this ticket's approval chain");
      // An emailed link acts for the approver it was sent to; the app checked its token.
      const via = b.via === "email" ? "email" : "app";
      const by =
        via === "email" ? (member(ctx, b.on_behalf_of, "on_behalf_of") ?? 0) : ctx.user.username_id;
      if (t.decisions.some((x) => x.stepId === stepId && x.by === by))
        throw new HttpError(409, "You have already decided this step");
      const comment = text(b.comment, "comment", 1000, decision === "reject");
      t.decisions.push({ stepId, by, decision, at: ctx.now, comment, via });
      t.history.push({
        at: ctx.now,
        by,
        what: `${decision === "approve" ? "Approved" : "Rejected"} ${stepId}${via === "email" ? " by e-mail" : ""}`,
      });
      return ok(ticketView(t), 201);
    },
  ],
  [
    "GET",
    "/tickets/delegations",
    (ctx) =>
      ok(
        data(ctx)
          .delegations.filter((x) => x.companyid === ctx.user.companyid)
          .map(({ companyid: _c, ...x }) => x),
      ),
  ],
  [
    "POST",
    "/tickets/delegations",
    (ctx) => {
      const b = obj(ctx.body);
      const to = member(ctx, b.to, "to");
      if (!to) throw new HttpError(400, "to is required");
      if (to === ctx.user.username_id)
        throw new HttpError(400, "Choose someone else to stand in for you");
      const start = Date.parse(String(b.start ?? ""));
      const end = Date.parse(String(b.end ?? ""));
      if (Number.isNaN(start) || Number.isNaN(end))
        throw new HttpError(400, "start and end are required");
      if (end <= start) throw new HttpError(400, "end must be after start");
      const d = data(ctx);
      const x: SimDelegation = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        from: ctx.user.username_id,
        to,
        start,
        end,
      };
      d.delegations.push(x);
      const { companyid: _c, ...view } = x;
      return ok(view, 201);
    },
  ],
  [
    "DELETE",
    "/tickets/delegations/:id",
    (ctx) => {
      const d = data(ctx);
      const x = d.delegations.find(
        (y) =>
          y.id === Number(idOf(ctx)) &&
          y.companyid === ctx.user.companyid &&
          y.from === ctx.user.username_id,
      );
      if (!x) throw new HttpError(404, "Delegation not found");
      d.delegations = d.delegations.filter((y) => y.id !== x.id);
      return ok({ id: x.id });
    },
  ],
]);

export const ticketRoutes = [...ownRoutes, ...ticketFileRoutes];
