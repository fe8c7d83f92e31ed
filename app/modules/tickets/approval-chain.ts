/**
 * Approval chains of ticket types: stages run one after another; the steps of a stage run side by
 * side (parallel). A step needs any one, all, or a quorum of its approvers; a step whose condition
 * (JSON Logic over the ticket's facts, e.g. cost over a threshold) is false is skipped; an approver
 * away hands the step to their delegate for the time of the delegation; a step waiting longer than
 * its escalation time is offered to the escalation approvers too. One rejection that leaves a step
 * unable to reach its count rejects the ticket. The state is derived from the decisions alone, so
 * it is the same whoever computes it and whenever.
 */
import jsonLogic, { type RulesLogic } from "json-logic-js";

export type StepMode = "any" | "all" | "quorum";

export type ApprovalStep = {
  id: string;
  name: string;
  /** Account ids. */
  approvers: number[];
  mode: StepMode;
  /** How many approvals a quorum step needs. */
  quorum?: number;
  /** JSON Logic over the ticket's facts; the step is skipped when it is false. */
  condition?: RulesLogic | null;
  /** Hours a step may wait before the escalation approvers are asked too. */
  escalateAfterHours?: number | null;
  escalateTo?: number[];
};

export type ApprovalChain = { stages: Array<{ steps: ApprovalStep[] }> };

export type Decision = {
  stepId: string;
  /** Who acted (an approver, or their delegate). */
  by: number;
  decision: "approve" | "reject";
  at: number;
  comment?: string;
  via?: "app" | "email";
};

export type Delegation = { from: number; to: number; start: number; end: number };

export type StepState = {
  step: ApprovalStep;
  state: "skipped" | "waiting" | "approved" | "rejected" | "not_started";
  /** Accounts whose approval counts now (delegates and escalation included). */
  approvers: number[];
  /** Approvals counted, by the approver they count for. */
  approvedBy: number[];
  needed: number;
  escalated: boolean;
  activeSince: number | null;
};

export type ChainState = {
  status: "pending" | "approved" | "rejected";
  stages: StepState[][];
  /** Accounts that can act now. */
  waitingOn: number[];
  decidedAt: number | null;
};

const HOUR = 3_600_000;

export function neededFor(step: ApprovalStep): number {
  if (step.mode === "any") return 1;
  if (step.mode === "all") return step.approvers.length;
  return Math.min(step.approvers.length, Math.max(1, step.quorum ?? 1));
}

/** Messages for a chain that cannot work, for the ticket type form. */
export function chainProblems(chain: ApprovalChain): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  chain.stages.forEach((stage, i) => {
    if (!stage.steps.length) problems.push(`Stage ${i + 1} has no steps`);
    for (const s of stage.steps) {
      if (ids.has(s.id)) problems.push(`Step ${s.name} appears twice`);
      ids.add(s.id);
      if (!s.approvers.length) problems.push(`Step ${s.name} has no approvers`);
      if (s.mode === "quorum" && (!s.quorum || s.quorum < 1 || s.quorum > s.approvers.length))
        problems.push(
          `Step ${s.name} needs a quorum between 1 and its ${s.approvers.length} approvers`,
        );
      if (s.escalateAfterHours != null && (s.escalateAfterHours <= 0 || !s.escalateTo?.length))
        problems.push(`Step ${s.name} escalates after a positive number of hours to someone`);
    }
  });
  return problems;
}

function conditionHolds(step: ApprovalStep, facts: Record<string, unknown>): boolean {
  if (!step.condition) return true;
  try {
    return Boolean(jsonLogic.apply(step.condition, facts));
  } catch {
    // A broken rule must not skip an approval silently.
    return true;
  }
}

/** Who a decision by `by` at `at` counts for on a step (themselves, or the approvers they stand in for). */
function countsFor(
  by: number,
  at: number,
  eligible: number[],
  delegations: Delegation[],
): number[] {
  const out = eligible.includes(by) ? [by] : [];
  for (const d of delegations)
    if (
      d.to === by &&
      d.start <= at &&
      at < d.end &&
      eligible.includes(d.from) &&
      !out.includes(d.from)
    )
      out.push(d.from);
  return out;
}

export function evaluateChain(
  chain: ApprovalChain,
  facts: Record<string, unknown>,
  decisions: readonly Decision[],
  options: { submittedAt: number; now: number; delegations?: Delegation[] },
): ChainState {
  const delegations = options.delegations ?? [];
  const sorted = [...decisions].sort((a, b) => a.at - b.at);
  const stages: StepState[][] = [];
  let activeSince: number | null = options.submittedAt;
  let status: ChainState["status"] = "pending";
  let decidedAt: number | null = null;

  for (const stage of chain.stages) {
    const states: StepState[] = [];
    let stageDoneAt: number | null = activeSince;
    let stageOpen = false;
    for (const step of stage.steps) {
      const base = {
        step,
        approvers: [...step.approvers],
        approvedBy: [] as number[],
        needed: neededFor(step),
        escalated: false,
        activeSince,
      };
      if (activeSince === null || status === "rejected") {
        states.push({ ...base, state: "not_started", activeSince: null });
        continue;
      }
      if (!conditionHolds(step, facts)) {
        states.push({ ...base, state: "skipped" });
        continue;
      }
      const escalateAt =
        step.escalateAfterHours && step.escalateTo?.length
          ? activeSince + step.escalateAfterHours * HOUR
          : Infinity;
      const approved = new Set<number>();
      const rejected = new Set<number>();
      let doneAt: number | null = null;
      let result: "approved" | "rejected" | null = null;
      for (const d of sorted) {
        if (d.stepId !== step.id || d.at < activeSince) continue;
        const eligible =
          d.at >= escalateAt ? [...step.approvers, ...step.escalateTo!] : step.approvers;
        for (const who of countsFor(d.by, d.at, eligible, delegations)) {
          if (approved.has(who) || rejected.has(who)) continue;
          (d.decision === "approve" ? approved : rejected).add(who);
        }
        const pool =
          d.at >= escalateAt
            ? step.approvers.length + step.escalateTo!.length
            : step.approvers.length;
        // "all" stays all of the named approvers; escalation adds people who may stand in.
        const needed = base.needed;
        if (approved.size >= needed) {
          result = "approved";
          doneAt = d.at;
          break;
        }
        if (pool - rejected.size < needed || (step.mode === "all" && rejected.size > 0)) {
          result = "rejected";
          doneAt = d.at;
          break;
        }
      }
      const escalated = (doneAt ?? options.now) >= escalateAt;
      const approvers = escalated ? [...step.approvers, ...step.escalateTo!] : [...step.approvers];
      // Delegates stand in while their delegation runs.
      for (const d of delegations)
        if (
          approvers.includes(d.from) &&
          d.start <= options.now &&
          options.now < d.end &&
          !approvers.includes(d.to)
        )
          approvers.push(d.to);
      const st: StepState = {
        ...base,
        approvers,
        approvedBy: [...approved],
        escalated,
        state: result ?? "waiting",
      };
      states.push(st);
      if (result === "rejected") {
        status = "rejected";
        decidedAt = doneAt;
      } else if (result === "approved") stageDoneAt = Math.max(stageDoneAt ?? 0, doneAt!);
      else stageOpen = true;
    }
    stages.push(states);
    if (status === "rejected") {
      activeSince = null;
      continue;
    }
    activeSince = stageOpen || activeSince === null ? null : stageDoneAt;
  }
  if (status !== "rejected" && activeSince !== null) {
    status = "approved";
    decidedAt = activeSince;
  }
  const waitingOn =
    status === "pending"
      ? [
          ...new Set(
            stages
              .flat()
              .filter((s) => s.state === "waiting")
              .flatMap((s) => s.approvers.filter((a) => !s.approvedBy.includes(a))),
          ),
        ]
      : [];
  return { status, stages, waitingOn, decidedAt };
}
