/**
 * Telling approvers: when a step of a ticket starts waiting, each approver who can act on it (a
 * delegate standing in included) gets an e-mail with their own approval link; when a step
 * escalates, the escalation approvers get the same e-mail and an in-app notification. Each
 * (ticket, step, approver) is told once: the link row is the record, written in one transaction
 * with the e-mail (and notice) it owes in the outbox, which sends them until the SMTP server takes
 * them (issue 37). Links of steps no longer waiting for someone are revoked; links made for an
 * earlier ticket under the same number are gone. Runs after every change to a ticket and every few
 * minutes (the escalation clock), and never fails the change that called it.
 */
import { z } from "zod";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { getEnv } from "~/services/env.server";
import { logError, logInfo } from "~/services/log.server";
import type { Upstream } from "~/services/upstream/client.server";
import { approvalMail } from "./approval-mail";
import { chainStateOf, waitingFor } from "./approval-waiting";
import {
  APPROVAL_LINK_DAYS,
  forgetOtherTickets,
  issueApprovalLink,
  revokeApprovalLinks,
} from "./approval-links.server";
import {
  listDelegations,
  listTickets,
  listTicketTypes,
  type Delegation,
  type Ticket,
  type TicketType,
} from "./upstream.server";

export { chainStateOf };

export type Contact = { name: string; email: string | null };

/** The company's people with their e-mail addresses (the admin module's people call). */
export async function contacts(up: Upstream): Promise<Map<number, Contact>> {
  try {
    const people = (
      await up.request({
        method: "GET",
        path: "/people",
        schema: z.array(
          z
            .object({
              username_id: z.number(),
              name: z.string(),
              email: z.string().nullable().optional(),
            })
            .passthrough(),
        ),
        idempotent: true,
      })
    ).data;
    return new Map(people.map((p) => [p.username_id, { name: p.name, email: p.email || null }]));
  } catch {
    return new Map();
  }
}

export function publicLink(path: string): string {
  const env = getEnv();
  return new URL(path, env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).toString();
}

type Known = {
  types?: TicketType[];
  delegations?: Delegation[];
  people?: Map<number, Contact>;
  timeZone?: string;
};

/** Tells whoever a ticket now waits for, once each; returns how many were told. */
export async function announceApprovals(
  companyId: number,
  token: string,
  ticket: Ticket,
  now = Date.now(),
  known: Known = {},
): Promise<number> {
  try {
    const up = upstream(token);
    const [types, delegations] = await Promise.all([
      known.types ?? listTicketTypes(up),
      known.delegations ?? listDelegations(up),
    ]);
    const type = types.find((t) => t.id === ticket.type_id);
    if (!type) return 0;
    const waiting = waitingFor(ticket, chainStateOf(ticket, type, delegations, now));
    await forgetOtherTickets(companyId, ticket, now);
    await revokeApprovalLinks(
      companyId,
      ticket.id,
      (l) => waiting.some((w) => w.stepId === l.stepId && w.approverId === l.approverId),
      now,
    );
    if (!waiting.length) return 0;
    const people = known.people ?? (await contacts(up));
    const timeZone = known.timeZone ?? (await companyTimeZone({ token, companyId }));
    let told = 0;
    for (const w of waiting) {
      const who = people.get(w.approverId);
      if (!who?.email) continue;
      const id = await issueApprovalLink(
        {
          companyId,
          ticketId: ticket.id,
          ticketCreatedAt: ticket.created_at,
          stepId: w.stepId,
          approverId: w.approverId,
          reason: w.reason,
        },
        (token) => ({
          mail: approvalMail({
            to: who.email!,
            ticketId: ticket.id,
            title: ticket.title,
            typeName: type.name,
            stepName: w.stepName,
            requester: people.get(ticket.requester)?.name ?? `Person ${ticket.requester}`,
            reason: w.reason,
            link: publicLink(`/tickets/approve/${token}`),
            expiresAt: new Date(now + APPROVAL_LINK_DAYS * 86_400_000),
            timeZone,
          }),
          notice:
            w.reason === "escalated"
              ? {
                  userId: w.approverId,
                  companyId,
                  kind: "ticket-escalation",
                  title: `Ticket #${ticket.id} escalated to you`,
                  body: `${w.stepName} of "${ticket.title}" has waited too long for a decision.`,
                  link: "/tickets/approvals",
                  eventId: `ticket-escalation:${ticket.id}:${ticket.created_at}:${w.stepId}`,
                }
              : undefined,
        }),
        now,
      );
      if (id) told++;
    }
    if (told) logInfo("tickets", `ticket ${ticket.id}: ${told} approver(s) owed an e-mail`);
    return told;
  } catch (e) {
    logError("tickets", e);
    return 0;
  }
}

/** Every pending ticket of a company (the escalation clock runs even when nobody touches one). */
export async function announceCompanyApprovals(
  companyId: number,
  token: string,
  now = Date.now(),
): Promise<number> {
  const up = upstream(token);
  const [tickets, types, delegations, people, timeZone] = await Promise.all([
    listTickets(up),
    listTicketTypes(up),
    listDelegations(up),
    contacts(up),
    companyTimeZone({ token, companyId }),
  ]);
  let told = 0;
  for (const t of tickets) {
    const type = types.find((x) => x.id === t.type_id);
    if (!type?.chain.stages.length) continue;
    told += await announceApprovals(companyId, token, t, now, {
      types,
      delegations,
      people,
      timeZone,
    });
  }
  return told;
}
