/**
 * tickets/approvals: the steps waiting on me (or on someone I stand in for, or escalated to me),
 * the decisions I made (in the app or from an e-mailed link), and who stands in for me while I am
 * away. Deciding goes through decideStep, the same check as on tickets/admin.
 */
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { addDays, dayKey, startOfDay } from "~/lib/zoned-days";
import { isUpstreamError } from "~/services/upstream/index.server";
import type { DelegationForm } from "./approval-form";
import { chainStateOf } from "./approval-notices.server";
import { isDone } from "./ticket-labels";
import { peopleNames } from "./tickets-page.server";
import {
  createDelegation,
  deleteDelegation,
  listDelegations,
  listTickets,
  listTicketTypes,
} from "./upstream.server";

export type WaitingRow = {
  key: string;
  ticketId: number;
  title: string;
  type: string;
  stepId: string;
  stepName: string;
  requester: string;
  raisedAt: number;
  /** Whom I decide for when it is not (only) me: a delegation, or an escalation. */
  onBehalfOf: string | null;
  escalated: boolean;
};

export type DecidedRow = {
  key: string;
  ticketId: number;
  title: string;
  stepName: string;
  decision: "approve" | "reject";
  at: number;
  comment: string;
  via: "app" | "email";
};

export async function approvalsPage(ctx: ModuleContext, now = Date.now()) {
  const up = upstream(ctx.auth.token);
  const [tickets, types, delegations, timeZone, names] = await Promise.all([
    listTickets(up),
    listTicketTypes(up),
    listDelegations(up),
    companyTimeZone(ctx.auth),
    peopleNames(up),
  ]);
  const me = ctx.user.username_id;
  const name = (id: number) => names.get(id) ?? `Person ${id}`;
  const waiting: WaitingRow[] = [];
  const decided: DecidedRow[] = [];
  for (const t of tickets) {
    const type = types.find((x) => x.id === t.type_id);
    if (!type?.chain.stages.length) continue;
    const stepName = (id: string) =>
      type.chain.stages.flatMap((s) => s.steps).find((s) => s.id === id)?.name ?? id;
    for (const d of t.decisions)
      if (d.by === me)
        decided.push({
          key: `${t.id}:${d.stepId}:${d.at}`,
          ticketId: t.id,
          title: t.title,
          stepName: stepName(d.stepId),
          decision: d.decision,
          at: d.at,
          comment: d.comment,
          via: d.via,
        });
    if (isDone(t.status)) continue;
    const state = chainStateOf(t, type, delegations, now);
    if (state.status !== "pending") continue;
    for (const s of state.stages.flat()) {
      if (s.state !== "waiting" || !s.approvers.includes(me)) continue;
      if (t.decisions.some((d) => d.stepId === s.step.id && d.by === me)) continue;
      const forWhom = delegations
        .filter(
          (d) => d.to === me && d.start <= now && now < d.end && s.step.approvers.includes(d.from),
        )
        .map((d) => name(d.from));
      waiting.push({
        key: `${t.id}:${s.step.id}`,
        ticketId: t.id,
        title: t.title,
        type: type.name,
        stepId: s.step.id,
        stepName: s.step.name,
        requester: name(t.requester),
        raisedAt: t.created_at,
        onBehalfOf: forWhom.length && !s.step.approvers.includes(me) ? forWhom.join(", ") : null,
        escalated: s.escalated && !s.step.approvers.includes(me) && !forWhom.length,
      });
    }
  }
  decided.sort((a, b) => b.at - a.at);
  const today = dayKey(now, timeZone);
  const delegationRow = (d: (typeof delegations)[number]) => ({
    id: d.id,
    from: name(d.from),
    to: name(d.to),
    firstDay: dayKey(d.start, timeZone),
    lastDay: dayKey(d.end - 1, timeZone),
    state: now < d.start ? "planned" : now < d.end ? "active" : "ended",
  });
  return {
    waiting,
    decided: decided.slice(0, 200),
    mine: delegations.filter((d) => d.from === me).map(delegationRow),
    standingIn: delegations.filter((d) => d.to === me && now < d.end).map(delegationRow),
    people: [...names]
      .filter(([id]) => id !== me)
      .map(([id, n]) => ({ id, name: n }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    today,
    timeZone,
  };
}

export type ApprovalsPage = Awaited<ReturnType<typeof approvalsPage>>;

export type DelegationOutcome = { ok: true } | { ok: false; errors: Record<string, string> };

/** Someone stands in for me from the first day's start to the last day's end (company days). */
export async function addDelegation(
  ctx: ModuleContext,
  v: DelegationForm,
  now = Date.now(),
): Promise<DelegationOutcome> {
  if (v.to === ctx.user.username_id)
    return { ok: false, errors: { to: "Choose someone else to stand in for you" } };
  const timeZone = await companyTimeZone(ctx.auth);
  if (v.end < dayKey(now, timeZone))
    return { ok: false, errors: { end: "The last day is in the past" } };
  const up = upstream(ctx.auth.token);
  const names = await peopleNames(up);
  if (names.size && !names.has(v.to))
    return { ok: false, errors: { to: "Choose who stands in for you" } };
  try {
    await createDelegation(up, {
      to: v.to,
      start: new Date(startOfDay(v.start, timeZone)).toISOString(),
      end: new Date(startOfDay(addDays(v.end, 1), timeZone)).toISOString(),
    });
    return { ok: true };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 400) return { ok: false, errors: { to: e.message } };
    throw e;
  }
}

/** Ends one of my delegations (another person's, or another company's, is a 404). */
export async function endDelegation(ctx: ModuleContext, id: number) {
  try {
    await deleteDelegation(upstream(ctx.auth.token), id);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  }
}
