import { createPerson } from "~/modules/admin/people-upstream.server";
import { issueApprovalLink } from "~/modules/tickets/approval-links.server";
import {
  createDelegation,
  getTicket,
  listDelegations,
  listTickets,
} from "~/modules/tickets/upstream.server";
import { defineSweep, type SweepCase } from "./kit";

/**
 * Ticket approvals: company 2's ticket approved or rejected from company 1's approvals page, company
 * 2's delegation ended by company 1, and company 1 posting company 2's ids to an approval link it
 * does not hold (the link's token is the secret: the ids in the body are never read).
 */
export default defineSweep({
  seed: async ({ upB }) => {
    const firstB = (await listTickets(upB))[0]!;
    const ticketB = firstB.id;
    const standIn = await createPerson(upB, {
      first_name: "Stan",
      last_name: "Din",
      email: `stand-in-${Date.now()}@southside.example`,
      mobile: null,
      group_ids: [],
    });
    const day = 86_400_000;
    const delegationB = (
      await createDelegation(upB, {
        to: standIn.username_id,
        start: new Date(Date.now() + day).toISOString(),
        end: new Date(Date.now() + 3 * day).toISOString(),
      })
    ).id;
    const linkB = await issueApprovalLink(
      {
        companyId: 2,
        ticketId: ticketB,
        ticketCreatedAt: firstB.created_at,
        stepId: "supervisor",
        approverId: 2001,
        reason: "waiting",
      },
      () => ({ mail: { to: "nobody@southside.example", subject: "Approve", text: "-" } }),
    );
    return { ticketB, delegationB, linkB: linkB! };
  },
  cases: ({ ticketB, delegationB }) => [
    ...(
      [
        { intent: "approve", id: String(ticketB), step_id: "supervisor", comment: "" },
        { intent: "reject", id: String(ticketB), step_id: "supervisor", comment: "No" },
        { intent: "end-delegation", id: String(delegationB) },
      ] as Array<Record<string, string>>
    ).map((body): SweepCase => ({
      file: "_shell.tickets.approvals.tsx",
      method: "POST",
      url: "/tickets/approvals",
      body,
    })),
    {
      file: "tickets.approve.$token.tsx",
      method: "GET",
      url: `/tickets/approve/${"A".repeat(43)}?ticket=${ticketB}`,
    },
    {
      file: "tickets.approve.$token.tsx",
      method: "POST",
      url: `/tickets/approve/${"A".repeat(43)}`,
      body: {
        decision: "approve",
        ticket: String(ticketB),
        step_id: "supervisor",
        on_behalf_of: "2001",
      },
    },
  ],
  own: ({ linkB }) => ["/tickets/approvals", `/tickets/approve/${linkB}`],
  snapshot: async ({ upB }, { ticketB }) => ({
    ticket: await getTicket(upB, ticketB),
    delegations: await listDelegations(upB),
  }),
});
