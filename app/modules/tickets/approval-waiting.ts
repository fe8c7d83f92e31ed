/** Who a ticket waits for now, per step, from its chain, decisions and delegations (pure). */
import { evaluateChain, type ApprovalChain, type ChainState } from "./approval-chain";
import type { Delegation, Ticket, TicketType } from "./upstream.server";

export function chainStateOf(
  ticket: Ticket,
  type: TicketType,
  delegations: Delegation[],
  now: number,
): ChainState {
  return evaluateChain(type.chain as ApprovalChain, ticket.facts, ticket.decisions, {
    submittedAt: ticket.created_at,
    now,
    delegations,
  });
}

/** Who may act on each waiting step now, and whether they are there by escalation. */
export function waitingFor(ticket: Ticket, state: ChainState) {
  if (state.status !== "pending") return [];
  return state.stages.flat().flatMap((s) => {
    if (s.state !== "waiting") return [];
    const decided = new Set(
      ticket.decisions.filter((d) => d.stepId === s.step.id).map((d) => d.by),
    );
    return s.approvers
      .filter((a) => !decided.has(a) && !s.approvedBy.includes(a))
      .map((approverId) => ({
        stepId: s.step.id,
        stepName: s.step.name,
        approverId,
        reason:
          s.escalated &&
          s.step.escalateTo?.includes(approverId) &&
          !s.step.approvers.includes(approverId)
            ? ("escalated" as const)
            : ("waiting" as const),
      }));
  });
}
