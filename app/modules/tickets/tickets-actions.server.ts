/**
 * What people change on the tickets page: raise a ticket, move it on (status, priority, assignee),
 * comment, and approve or reject a step of its chain. The upstream refuses what is wrong with a
 * message the page shows; another company's id is a 404.
 */
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import type { RaiseTicketForm } from "./ticket-form";
import type { Upstream } from "~/services/upstream/client.server";
import { evaluateChain, type ApprovalChain } from "./approval-chain";
import { announceApprovals } from "./approval-notices.server";
import {
  addComment,
  createTicket,
  decide,
  getTicket,
  listDelegations,
  listTicketTypes,
  updateTicket,
  type Delegation,
  type Ticket,
  type TicketType,
} from "./upstream.server";

export type ActionOutcome = { ok: true; ticket: Ticket } | { ok: false; message: string };

export async function attempt(run: () => Promise<Ticket>): Promise<ActionOutcome> {
  try {
    return { ok: true, ticket: await run() };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && (e.status === 400 || e.status === 409))
      return { ok: false, message: e.message };
    if (e instanceof UpstreamRefusal) return { ok: false, message: e.message };
    throw e;
  }
}

/** The type's own fields, posted as `fact_<key>`. */
export function factsFrom(form: FormData, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = form.get(`fact_${k}`);
    if (typeof v === "string" && v.trim()) out[k] = v.trim();
  }
  return out;
}

export async function raiseTicket(ctx: ModuleContext, v: RaiseTicketForm, form: FormData) {
  const up = upstream(ctx.auth.token);
  const type = (await listTicketTypes(up)).find((t) => t.id === v.type_id);
  if (!type) return { ok: false as const, message: "Choose a ticket type" };
  return attempt(async () => {
    const ticket = await createTicket(up, {
      type_id: v.type_id,
      title: v.title,
      description: v.description,
      priority: v.priority,
      imei: v.imei || null,
      due: v.due ?? null,
      facts: factsFrom(
        form,
        type.fields.map((f) => f.key),
      ),
    });
    await announceApprovals(ctx.companyId, ctx.auth.token, ticket, Date.now(), { types: [type] });
    return ticket;
  });
}

export const moveTicket = (
  ctx: ModuleContext,
  id: number,
  v: { status: Ticket["status"]; priority: Ticket["priority"]; assignee: number | null },
) => attempt(() => updateTicket(upstream(ctx.auth.token), id, v));

export const commentOn = (ctx: ModuleContext, id: number, body: string) =>
  attempt(() => addComment(upstream(ctx.auth.token), id, body));

/**
 * Refuses a decision unless the step is waiting and `who` can act on it now (one of its approvers,
 * someone they stand in for, or an escalation approver once it escalated). The one check for the
 * approvals pages and the e-mailed links.
 */
export async function requireWaitingStep(
  up: Upstream,
  id: number,
  stepId: string,
  who: number,
  now = Date.now(),
  /** Refuses a ticket that is not the one expected (an e-mailed link's binding), before anything else. */
  expect?: (ticket: Ticket) => void,
): Promise<{ ticket: Ticket; type: TicketType; delegations: Delegation[] }> {
  const [ticket, types, delegations] = await Promise.all([
    getTicket(up, id),
    listTicketTypes(up),
    listDelegations(up),
  ]);
  expect?.(ticket);
  const type = types.find((t) => t.id === ticket.type_id);
  const state = type
    ? evaluateChain(type.chain as ApprovalChain, ticket.facts, ticket.decisions, {
        submittedAt: ticket.created_at,
        now,
        delegations,
      })
    : null;
  const step = state?.stages.flat().find((s) => s.step.id === stepId);
  if (!type || !step || step.state !== "waiting" || !step.approvers.includes(who))
    throw new UpstreamRefusal("This step is not waiting for your decision");
  return { ticket, type, delegations };
}

/**
 * Approves or rejects a step for the signed-in user: only a step that is waiting and names them
 * (or someone they stand in for) takes their decision. Whoever the ticket waits for next is told.
 */
export async function decideStep(
  ctx: ModuleContext,
  id: number,
  d: { step_id: string; decision: "approve" | "reject"; comment: string },
): Promise<ActionOutcome> {
  const up = upstream(ctx.auth.token);
  return attempt(async () => {
    const { type, delegations } = await requireWaitingStep(up, id, d.step_id, ctx.user.username_id);
    const ticket = await decide(up, id, { ...d, via: "app" });
    await announceApprovals(ctx.companyId, ctx.auth.token, ticket, Date.now(), {
      types: [type],
      delegations,
    });
    return ticket;
  });
}

/** A refusal of ours, shown like the upstream's. */
export class UpstreamRefusal extends Error {}
