/**
 * The public page behind an e-mailed approval link (tickets/approve/{token}; no session): the
 * ticket in short and Approve / Reject (with a reason). The decision goes upstream as the
 * approver the link was sent to (`via: "email"`, `on_behalf_of`), after the same check as in the
 * app (requireWaitingStep). A used, expired, revoked or unknown link is a 404 saying which. A link
 * whose ticket is gone upstream, or whose number now names another ticket (the upstream lost
 * writes and gave the number again), is a 410 and is marked gone: it never acts on that ticket.
 */
import { json } from "@remix-run/node";
import { upstream } from "~/services/api.server";
import { logInfo } from "~/services/log.server";
import { tokenForCompany } from "~/services/session.server";
import { PUBLIC_TOKEN_HEADERS } from "~/services/public-page-headers";
import { isUpstreamError } from "~/services/upstream/index.server";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { DecisionSchema } from "./ticket-form";
import {
  claimApprovalLink,
  findApprovalLink,
  markGone,
  releaseApprovalLink,
  sameTicket,
  type ApprovalLink,
} from "./approval-links.server";
import { announceApprovals, contacts } from "./approval-notices.server";
import { PRIORITY_LABEL } from "./ticket-labels";
import { requireWaitingStep, UpstreamRefusal } from "./tickets-actions.server";
import { decide } from "./upstream.server";

export type LinkProblem =
  "used" | "expired" | "revoked" | "unknown" | "gone" | "decided" | "unavailable";

export const LINK_PROBLEM_MESSAGE: Record<LinkProblem, string> = {
  used: "This approval link has already been used. Each link works once.",
  expired: "This approval link has expired. Open the ticket in Tracksmith to decide it.",
  revoked:
    "This approval link no longer works: the step was decided, or it no longer waits for you.",
  unknown: "This approval link is not valid. Check that the whole address was copied.",
  gone: "The request this approval link was for no longer exists, so the link does nothing. Nothing was decided.",
  decided: "This step no longer waits for your decision, so the link does nothing.",
  unavailable: "The tickets service cannot be reached right now. Try the link again later.",
};

const refuse = (problem: LinkProblem) =>
  json(
    { problem, message: LINK_PROBLEM_MESSAGE[problem] },
    {
      status: problem === "unavailable" ? 503 : problem === "gone" ? 410 : 404,
      headers: PUBLIC_TOKEN_HEADERS,
    },
  );

/** The upstream takes a signed-in user's token: the approver's own session first. */
async function tokenFor(link: ApprovalLink, now: number): Promise<string> {
  const token = await tokenForCompany(link.companyId, now, link.approverId);
  if (!token) throw refuse("unavailable");
  return token;
}

async function liveLink(token: string, now: number): Promise<ApprovalLink> {
  const found = await findApprovalLink(token, now);
  if (found.state !== "active") throw refuse(found.state);
  return found.link;
}

/** The step as it stands, or the page that says why the link does nothing now. */
async function waitingStep(link: ApprovalLink, upToken: string, now: number) {
  let other = false;
  try {
    return await requireWaitingStep(
      upstream(upToken),
      link.ticketId,
      link.stepId,
      link.approverId,
      now,
      (ticket) => {
        if (sameTicket(link, ticket)) return;
        other = true;
        throw new UpstreamRefusal("another ticket has this number now");
      },
    );
  } catch (e) {
    const gone = other || (isUpstreamError(e) && e.status === 404);
    if (gone) {
      await markGone([link.id], now);
      throw refuse("gone");
    }
    if (e instanceof UpstreamRefusal) throw refuse("decided");
    throw e;
  }
}

export async function approvalLinkPage(token: string, now = Date.now()) {
  const link = await liveLink(token, now);
  const upToken = await tokenFor(link, now);
  const { ticket, type } = await waitingStep(link, upToken, now);
  const people = await contacts(upstream(upToken));
  const name = (id: number | null) =>
    id === null ? "Nobody" : (people.get(id)?.name ?? `Person ${id}`);
  const step = type.chain.stages.flatMap((s) => s.steps).find((s) => s.id === link.stepId)!;
  return {
    ticket: {
      id: ticket.id,
      title: ticket.title,
      description: ticket.description,
      type: type.name,
      priority: PRIORITY_LABEL[ticket.priority],
      requester: name(ticket.requester),
      raisedAt: new Date(ticket.created_at).toISOString(),
      fields: type.fields.map((f) => ({ label: f.label, value: ticket.facts[f.key] ?? "—" })),
    },
    step: step.name,
    approver: name(link.approverId),
    expiresAt: link.expiresAt.toISOString(),
  };
}

export type LinkDecisionResult =
  | { ok: true; decision: "approve" | "reject"; ticketId: number }
  | { ok: false; errors: Record<string, string>; values: { comment: string } };

/**
 * Decides the link's step. The link is used up before the decision is sent, so two clicks record
 * one decision; when the service fails it is given back.
 */
export async function decideByLink(
  token: string,
  form: FormData,
  now = Date.now(),
): Promise<LinkDecisionResult> {
  const link = await liveLink(token, now);
  // The step is the link's, whatever the form says; the rest is checked as on the approvals page.
  form.set("step_id", link.stepId);
  const parsed = parseForm(form, DecisionSchema);
  const comment = String(form.get("comment") ?? "");
  if (parsed.status !== "success")
    return { ok: false, errors: firstErrors(parsed), values: { comment } };
  const upToken = await tokenFor(link, now);
  await waitingStep(link, upToken, now);
  if (!(await claimApprovalLink(link.id, now))) throw refuse("used");
  let ticket;
  try {
    ticket = await decide(upstream(upToken), link.ticketId, {
      step_id: link.stepId,
      decision: parsed.value.decision,
      comment: parsed.value.comment,
      via: "email",
      on_behalf_of: link.approverId,
    });
  } catch (e) {
    if (isUpstreamError(e) && e.status === 409) throw refuse("decided");
    await releaseApprovalLink(link.id);
    throw e;
  }
  logInfo("tickets", `ticket ${ticket.id}: ${parsed.value.decision} from an e-mailed link`);
  await announceApprovals(link.companyId, upToken, ticket, now);
  return { ok: true, decision: parsed.value.decision, ticketId: ticket.id };
}

/** The page: the step to decide, or (right after deciding, `?done=`) what was recorded. */
export async function approvalLinkLoader(token: string, url: URL, now = Date.now()) {
  const done = url.searchParams.get("done");
  if (done === "approve" || done === "reject") {
    const found = await findApprovalLink(token, now);
    if (found.state === "used")
      return { kind: "done" as const, decision: done as "approve" | "reject" };
  }
  return { kind: "open" as const, ...(await approvalLinkPage(token, now)) };
}
