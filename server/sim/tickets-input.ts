/** Parsing and checking what the tickets calls receive (api-tickets.ts). */
import { HttpError, obj, type Ctx } from "./kit";
import {
  companyUsers,
  data,
  PRIORITIES,
  TICKET_STATUSES,
  type SimTicket,
  type SimTicketField,
  type SimTicketType,
} from "./tickets-data";

export const text = (v: unknown, name: string, max: number, required = true) => {
  const s = typeof v === "string" ? v.trim() : "";
  if (required && !s) throw new HttpError(400, `${name} is required`);
  if (s.length > max) throw new HttpError(400, `${name} is at most ${max} characters`);
  return s;
};

const hours = (v: unknown, name: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0 || n > 2000)
    throw new HttpError(400, `${name} must be between 0 and 2000 hours`);
  return n;
};

export function member(ctx: Ctx, v: unknown, name: string): number | null {
  if (v === null || v === undefined || v === "") return null;
  const id = Number(v);
  if (!companyUsers(ctx).some((u) => u.username_id === id))
    throw new HttpError(400, `${name} is not a person of this company`);
  return id;
}

export function typeInput(ctx: Ctx, body: unknown) {
  const b = obj(body);
  const fields = Array.isArray(b.fields) ? b.fields : [];
  const chain =
    b.chain && typeof b.chain === "object" ? (b.chain as SimTicketType["chain"]) : { stages: [] };
  if (!Array.isArray(chain.stages)) throw new HttpError(400, "chain.stages must be a list");
  for (const stage of chain.stages)
    for (const step of stage.steps ?? [])
      for (const who of [...(step.approvers ?? []), ...(step.escalateTo ?? [])])
        member(ctx, who, "An approver");
  const paused = Array.isArray(b.paused_statuses) ? b.paused_statuses.map(String) : ["waiting"];
  for (const p of paused)
    if (!(TICKET_STATUSES as readonly string[]).includes(p))
      throw new HttpError(400, `Unknown status ${p}`);
  return {
    name: text(b.name, "name", 80),
    description: text(b.description, "description", 500, false),
    fields: fields.map((f) => {
      const o = obj(f);
      const kind = o.kind === "number" || o.kind === "choice" ? o.kind : "text";
      return {
        key: text(o.key, "field key", 40),
        label: text(o.label, "field label", 80),
        kind,
        required: o.required === true,
        ...(kind === "choice"
          ? { options: (Array.isArray(o.options) ? o.options : []).map(String) }
          : {}),
      } as SimTicketField;
    }),
    default_assignee: member(ctx, b.default_assignee, "default_assignee"),
    first_response_hours: hours(b.first_response_hours, "first_response_hours"),
    resolution_hours: hours(b.resolution_hours, "resolution_hours"),
    paused_statuses: paused,
    chain,
    active: b.active !== false,
  };
}

export function ownType(ctx: Ctx, id: unknown): SimTicketType {
  const t = data(ctx).types.find((x) => x.id === Number(id) && x.companyid === ctx.user.companyid);
  if (!t) throw new HttpError(404, "Ticket type not found");
  return t;
}

export function ownTicket(ctx: Ctx, id: unknown): SimTicket {
  const t = data(ctx).tickets.find(
    (x) => x.id === Number(id) && x.companyid === ctx.user.companyid,
  );
  if (!t) throw new HttpError(404, "Ticket not found");
  return t;
}

export const typeView = ({ companyid: _c, ...t }: SimTicketType) => t;
export const ticketView = ({ companyid: _c, attachments, ...t }: SimTicket) => ({
  ...t,
  attachments: (attachments ?? []).map(({ data: _d, ...a }) => a),
});

export function ticketInput(ctx: Ctx, body: unknown, current: SimTicket | null) {
  const b = obj(body);
  const type = ownType(ctx, b.type_id ?? current?.type_id);
  const status = (b.status ?? current?.status ?? "open") as SimTicket["status"];
  if (!TICKET_STATUSES.includes(status))
    throw new HttpError(400, `Unknown status ${String(b.status)}`);
  const priority = (b.priority ?? current?.priority ?? "normal") as SimTicket["priority"];
  if (!PRIORITIES.includes(priority))
    throw new HttpError(400, `Unknown priority ${String(b.priority)}`);
  const due = b.due === undefined ? (current?.due ?? null) : b.due ? String(b.due) : null;
  if (due && !/^\d{4}-\d{2}-\d{2}$/.test(due)) throw new HttpError(400, "due must be a date");
  const imei = b.imei === undefined ? (current?.imei ?? null) : b.imei ? String(b.imei) : null;
  if (imei) {
    const d = ctx.state.world.devicesByImei.get(imei);
    if (!d || d.companyid !== ctx.user.companyid) throw new HttpError(404, "Device not found");
  }
  const facts: SimTicket["facts"] = {};
  const given =
    b.facts && typeof b.facts === "object"
      ? (b.facts as Record<string, unknown>)
      : (current?.facts ?? {});
  for (const f of type.fields) {
    const v = given[f.key];
    if (v === undefined || v === null || v === "") {
      // Only a new ticket must answer: a field made required later does not lock older tickets.
      if (f.required && !current) throw new HttpError(400, `${f.label} is required`);
      continue;
    }
    if (f.kind === "number") {
      const n = Number(v);
      if (!Number.isFinite(n)) throw new HttpError(400, `${f.label} must be a number`);
      facts[f.key] = n;
    } else if (f.kind === "choice") {
      if (!f.options?.includes(String(v)))
        throw new HttpError(400, `${f.label} must be one of ${f.options?.join(", ")}`);
      facts[f.key] = String(v);
    } else facts[f.key] = String(v).slice(0, 500);
  }
  return {
    type,
    title: b.title === undefined && current ? current.title : text(b.title, "title", 120),
    description:
      b.description === undefined && current
        ? current.description
        : text(b.description, "description", 4000, false),
    assignee:
      b.assignee === undefined
        ? (current?.assignee ?? type.default_assignee)
        : member(ctx, b.assignee, "assignee"),
    status,
    priority,
    due,
    imei,
    jobsite_id:
      b.jobsite_id === undefined
        ? (current?.jobsite_id ?? null)
        : b.jobsite_id
          ? Number(b.jobsite_id)
          : null,
    form_submission_id:
      b.form_submission_id === undefined
        ? (current?.form_submission_id ?? null)
        : b.form_submission_id
          ? String(b.form_submission_id)
          : null,
    facts,
  };
}
