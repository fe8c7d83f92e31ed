import { getTicket, listTickets } from "~/modules/tickets/upstream.server";
import { defineSweep, type SweepCase } from "./kit";

/** Tickets: company 2's ticket opened, moved, commented on, approved or rejected by company 1. */
export default defineSweep({
  seed: async ({ upB }) => ({ ticketB: (await listTickets(upB))[0]!.id }),
  cases: ({ ticketB }) => [
    { file: "_shell.tickets.admin.tsx", method: "GET", url: `/tickets/admin?ticket=${ticketB}` },
    ...(
      [
        { intent: "move", status: "closed", priority: "urgent", assignee: "" },
        { intent: "comment", body: "Mine now" },
        { intent: "approve", step_id: "supervisor", comment: "" },
        { intent: "reject", step_id: "supervisor", comment: "No" },
      ] as Array<Record<string, string>>
    ).map((fields): SweepCase => ({
      file: "_shell.tickets.admin.tsx",
      method: "POST",
      url: "/tickets/admin",
      body: { ...fields, id: String(ticketB) },
    })),
  ],
  own: ({ ticketB }) => [`/tickets/admin?ticket=${ticketB}`],
  snapshot: async ({ upB }, { ticketB }) => getTicket(upB, ticketB),
  secrets: () => ["Their van&#x27;s tail light", "Their van's tail light"],
});
