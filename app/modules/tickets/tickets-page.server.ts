/**
 * The tickets page (tickets/admin): the list with its filters and SLA states, one ticket with its
 * comments, history and approval chain, and the changes people make to them. The upstream keeps
 * the records; SLA states and the chain's outcome are computed here from them.
 */
import { z } from "zod";
import { isAllowed } from "~/lib/access";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import type { Upstream } from "~/services/upstream/client.server";
import { evaluateChain, type ApprovalChain } from "./approval-chain";
import type { BusinessCalendar, SlaState } from "./business-hours";
import { companyCalendar } from "./sla-calendar.server";
import { isDone, PRIORITY_LABEL, STATUS_LABEL, STATUS_VALUES } from "./ticket-labels";
import { ticketSla } from "./ticket-sla";
import {
  getTicket,
  listTickets,
  listTicketTypes,
  type Ticket,
  type TicketType,
} from "./upstream.server";

export const EDIT = { permission: "tickets_edit" } as const;
export const ADD = { permission: "tickets_add" } as const;

/** The company's people by account id (the admin module's people call; names only). */
export async function peopleNames(up: Upstream): Promise<Map<number, string>> {
  try {
    const people = (
      await up.request({
        method: "GET",
        path: "/people",
        schema: z.array(z.object({ username_id: z.number(), name: z.string() }).passthrough()),
        idempotent: true,
      })
    ).data;
    return new Map(people.map((p) => [p.username_id, p.name]));
  } catch {
    return new Map();
  }
}

/** The company's jobsites by id (the jobsite call's names only). */
export async function jobsiteNames(up: Upstream): Promise<Map<number, string>> {
  try {
    const sites = (
      await up.request({
        method: "GET",
        path: "/jobsites",
        schema: z.array(z.object({ id: z.number(), name: z.string() }).passthrough()),
        idempotent: true,
      })
    ).data;
    return new Map(sites.map((j) => [j.id, j.name]));
  } catch {
    return new Map();
  }
}

/** Every ticket of the company with its type and worst SLA state, in the company's calendar. */
export async function ticketsWithSla(up: Upstream, timeZone: string) {
  const [types, all] = await Promise.all([listTicketTypes(up), listTickets(up)]);
  const now = Date.now();
  const earliest = Math.min(now, ...all.map((t) => t.created_at));
  const cal = await companyCalendar(up, timeZone, earliest, now);
  const typeById = new Map(types.map((t) => [t.id, t]));
  const tickets = all.flatMap((t) => {
    const type = typeById.get(t.type_id);
    return type ? [{ ticket: t, type, worst: ticketSla(t, type, cal, now).worst }] : [];
  });
  return { types, all, tickets, cal, now };
}

const nameOf = (names: Map<number, string>, id: number | null) =>
  id === null ? "Nobody" : (names.get(id) ?? `Person ${id}`);

export type TicketRow = {
  id: number;
  title: string;
  type: string;
  status: string;
  statusLabel: string;
  priority: string;
  assignee: string;
  sla: SlaState;
  createdAt: number;
};

function chainOf(type: TicketType): ApprovalChain {
  return type.chain as ApprovalChain;
}

export async function ticketsPage(ctx: ModuleContext, url: URL) {
  const up = upstream(ctx.auth.token);
  const timeZone = await companyTimeZone(ctx.auth);
  const [{ types, all, tickets, cal }, names, sites] = await Promise.all([
    ticketsWithSla(up, timeZone),
    peopleNames(up),
    jobsiteNames(up),
  ]);
  const p = url.searchParams;
  const q = (p.get("q") ?? "").trim().slice(0, 100).toLowerCase();
  const status = STATUS_VALUES.find((s) => s === p.get("status")) ?? "";
  const typeId = Number(p.get("type")) || null;
  const sla = ["on_time", "at_risk", "breached", "met"].find((s) => s === p.get("sla")) ?? "";
  const jobsite = p.get("jobsite") === "none" ? "none" : Number(p.get("jobsite")) || null;
  const rows: TicketRow[] = tickets.flatMap(({ ticket: t, type, worst }) => {
    if (jobsite === "none" ? t.jobsite_id !== null : jobsite && t.jobsite_id !== jobsite) return [];
    if (q && !t.title.toLowerCase().includes(q) && String(t.id) !== q) return [];
    if (status && t.status !== status) return [];
    if (typeId && t.type_id !== typeId) return [];
    if (sla && worst !== sla) return [];
    return [
      {
        id: t.id,
        title: t.title,
        type: type.name,
        status: t.status,
        statusLabel: STATUS_LABEL[t.status],
        priority: PRIORITY_LABEL[t.priority],
        assignee: nameOf(names, t.assignee),
        sla: worst,
        createdAt: t.created_at,
      },
    ];
  });
  const open = p.get("ticket");
  const detail = open ? await ticketDetail(ctx, up, Number(open), types, names, cal) : null;
  const siteIds = [...new Set(all.map((t) => t.jobsite_id).filter((j): j is number => j !== null))];
  return {
    rows,
    total: all.length,
    filters: {
      q: p.get("q") ?? "",
      status,
      type: typeId ? String(typeId) : "",
      sla,
      jobsite: jobsite === null ? "" : String(jobsite),
    },
    jobsites: siteIds
      .map((id) => ({ id, name: sites.get(id) ?? `Jobsite ${id}` }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    types: types.map((t) => ({
      id: t.id,
      name: t.name,
      active: t.active,
      fields: t.fields,
      steps: t.chain.stages.reduce((n, st) => n + st.steps.length, 0),
    })),
    people: [...names]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    detail,
    timeZone,
    can: { add: isAllowed(ctx.user, ADD), edit: isAllowed(ctx.user, EDIT) },
  };
}

/** One ticket as its page shows it; another company's (or an unknown) id is a 404. */
async function ticketDetail(
  ctx: ModuleContext,
  up: Upstream,
  id: number,
  types: TicketType[],
  names: Map<number, string>,
  cal: BusinessCalendar,
) {
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  const t = await getTicket(up, id).catch((e) => {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  });
  const type = types.find((x) => x.id === t.type_id);
  if (!type) throw new Response("Not found", { status: 404 });
  const now = Date.now();
  const chain = evaluateChain(chainOf(type), t.facts, t.decisions, {
    submittedAt: t.created_at,
    now,
  });
  const me = ctx.user.username_id;
  return {
    ticket: t,
    typeName: type.name,
    fields: type.fields.map((f) => ({ label: f.label, value: t.facts[f.key] ?? null })),
    requester: nameOf(names, t.requester),
    assignee: nameOf(names, t.assignee),
    sla: ticketSla(t, type, cal, now),
    approval: chain.stages.length
      ? {
          status: chain.status,
          steps: chain.stages.flat().map((s) => ({
            id: s.step.id,
            name: s.step.name,
            state: s.state,
            approvers: s.approvers.map((a) => nameOf(names, a)),
            approvedBy: s.approvedBy.map((a) => nameOf(names, a)),
            needed: s.needed,
            escalated: s.escalated,
            mine: s.state === "waiting" && s.approvers.includes(me) && !s.approvedBy.includes(me),
          })),
        }
      : null,
    comments: t.comments.map((c) => ({ ...c, name: nameOf(names, c.by) })),
    attachments: t.attachments.map((a) => ({ ...a, name_by: nameOf(names, a.by) })),
    history: [...t.history].reverse().map((h) => ({ ...h, name: nameOf(names, h.by) })),
    done: isDone(t.status),
  };
}

export type TicketsPage = Awaited<ReturnType<typeof ticketsPage>>;
export type TicketDetail = NonNullable<TicketsPage["detail"]>;
export type { Ticket };
