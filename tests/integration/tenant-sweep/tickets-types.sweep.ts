import { listTickets, listTicketTypes, uploadAttachment } from "~/modules/tickets/upstream.server";
import { defineSweep, type SweepCase } from "./kit";

const PDF = new TextEncoder().encode("%PDF-1.4\nTheir quote\n");

/**
 * Ticket types and attachments: company 2's type opened in the editor, saved, laid out or deleted,
 * a file attached to company 2's ticket, and company 2's attachment downloaded, by company 1.
 */
export default defineSweep({
  seed: async ({ upB }) => {
    const typeB = (await listTicketTypes(upB))[0]!.id;
    const ticketB = (await listTickets(upB))[0]!.id;
    const t = await uploadAttachment(upB, ticketB, {
      name: "their-quote.pdf",
      content_type: "application/pdf",
      bytes: PDF,
    });
    return { typeB, ticketB, attachmentB: t.attachments.at(-1)!.id };
  },
  cases: ({ typeB, ticketB, attachmentB }): SweepCase[] => [
    { file: "_shell.tickets.admin.tsx", method: "GET", url: `/tickets/admin?edit_type=${typeB}` },
    ...(["type-save", "type-layout"] as const).map((intent): SweepCase => ({
      file: "_shell.tickets.admin.tsx",
      method: "POST",
      url: `/tickets/admin?edit_type=${typeB}&layout=add-stage`,
      body: {
        intent,
        type_id: String(typeB),
        name: "Mine now",
        first_response_hours: "1",
        resolution_hours: "2",
      },
    })),
    {
      file: "_shell.tickets.admin.tsx",
      method: "POST",
      url: "/tickets/admin",
      body: { intent: "type-delete", id: String(typeB), confirm: "yes" },
    },
    {
      file: "_shell.tickets.admin.tsx",
      method: "POST",
      url: "/tickets/admin",
      body: { intent: "attach", id: String(ticketB) },
    },
    {
      file: "tickets.attachments.$id.ts",
      method: "GET",
      url: `/tickets/attachments/${attachmentB}`,
    },
  ],
  own: ({ typeB, attachmentB }) => [
    `/tickets/admin?edit_type=${typeB}`,
    `/tickets/attachments/${attachmentB}`,
  ],
  snapshot: async ({ upB }) => ({
    types: await listTicketTypes(upB),
    tickets: await listTickets(upB),
  }),
  secrets: () => ["their-quote.pdf", "Their quote"],
});
