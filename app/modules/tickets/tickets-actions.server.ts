/**
 * What people change on the tickets page: raise a ticket, move it on (status, priority, assignee),
 * comment, and approve or reject a step of its chain. The upstream refuses what is wrong with a
 * message the page shows; another company's id is a 404.
 */
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import type { RaiseTicketForm } from "./ticket-form";
import { evaluateChain, type ApprovalChain } from "./approval-chain";
import {
  addComment,
  createTicket,
  decide,
  getTicket,
  listDelegations,
  listTicketTypes,
  updateTicket,
  type Ticket,
} from "./upstream.server";

export type ActionOutcome = { ok: true; ticket: Ticket } | { ok: false; message: string };

async function attempt(run: () => Promise<Ticket>): Promise<ActionOutcome> {
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
  return attempt(() =>
    createTicket(up, {
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
    }),
  );
}

export const moveTicket = (
  ctx: ModuleContext,
  id: number,
  v: { status: Ticket["status"]; priority: Ticket["priority"]; assignee: number | null },
) => attempt(() => updateTicket(upstream(ctx.auth.token), id, v));

export const commentOn = (ctx: ModuleContext, id: number, body: string) =>
  attempt(() => addComment(upstream(ctx.auth.token), id, body));

/**
 * Approves or rejects a step for the signed-in user: only a step that is waiting and names them
 * (or someone they stand in for) takes their decision.
 */
export async function decideStep(
  ctx: ModuleContext,
  id: number,
  d: { step_id: string; decision: "approve" | "reject"; comment: string },
): Promise<ActionOutcome> {
  const up = upstream(ctx.auth.token);
  return attempt(async () => {
    const [ticket, types, delegations] = await Promise.all([
      getTicket(up, id),
      listTicketTypes(up),
      listDelegations(up),
    ]);
    const type = types.find((t) => t.id === ticket.type_id);
    const state = type
      ? evaluateChain(type.chain as ApprovalChain, ticket.facts, ticket.decisions, {
          submittedAt: ticket.created_at,
          now: Date.now(),
          delegations,
        })
      : null;
    const step = state?.stages.flat().find((s) => s.step.id === d.step_id);
    const me = ctx.user.username_id;
    if (!step || step.state !== "waiting" || !step.approvers.includes(me))
      throw new UpstreamRefusal("This step is not waiting for your decision");
    return decide(up, id, { ...d, via: "app" });
  });
}

/** A refusal of ours, shown like the upstream's. */
class UpstreamRefusal extends Error {}
