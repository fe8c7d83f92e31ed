/** Contract test of ticket attachments and required type fields: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import {
  createTicket,
  createTicketType,
  getAttachment,
  getTicket,
  listTickets,
  listTicketTypes,
  uploadAttachment,
} from "./upstream.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const other = () => up.signIn("other", "other123");

const PDF = new TextEncoder().encode("%PDF-1.4\n%test\n");

describe("ticket attachments", () => {
  it("stores a PDF on a ticket, lists it without its bytes, and answers its bytes", async () => {
    const api = await admin();
    const [t] = await listTickets(api);
    const after = await uploadAttachment(api, t!.id, {
      name: "quote.pdf",
      content_type: "application/pdf",
      bytes: PDF,
    });
    const a = after.attachments.at(-1)!;
    expect(a).toMatchObject({
      name: "quote.pdf",
      content_type: "application/pdf",
      size: PDF.length,
    });
    expect(a).not.toHaveProperty("data");
    expect(after.history.at(-1)!.what).toBe("Attached quote.pdf");
    expect((await getTicket(api, t!.id)).attachments.map((x) => x.id)).toContain(a.id);
    const file = await getAttachment(api, a.id);
    expect(file.ticket_id).toBe(t!.id);
    expect(new Uint8Array(file.bytes)).toEqual(PDF);
  });

  it("refuses a file that is not what it says, too large, or of another type", async () => {
    const api = await admin();
    const [t] = await listTickets(api);
    const send = (content_type: string, bytes: Uint8Array) =>
      rejection(uploadAttachment(api, t!.id, { name: "x", content_type, bytes }));
    expect((await send("image/png", PDF)).status).toBe(415);
    expect((await send("image/gif", PDF)).status).toBe(415);
    const big = new Uint8Array(700 * 1024 + 1);
    big.set(PDF);
    expect((await send("application/pdf", big)).status).toBe(413);
  });

  it("another company's ticket and attachment are 404", async () => {
    const api = await admin();
    const [mine] = await listTickets(api);
    const after = await uploadAttachment(api, mine!.id, {
      name: "ours.pdf",
      content_type: "application/pdf",
      bytes: PDF,
    });
    const them = await other();
    const [theirs] = await listTickets(them);
    expect((await rejection(getAttachment(them, after.attachments.at(-1)!.id))).status).toBe(404);
    expect(
      (
        await rejection(
          uploadAttachment(api, theirs!.id, {
            name: "x.pdf",
            content_type: "application/pdf",
            bytes: PDF,
          }),
        )
      ).status,
    ).toBe(404);
  });

  it("a type's required field must be answered when a ticket is raised", async () => {
    const api = await admin();
    const [repair] = await listTicketTypes(api);
    const { id: _id, ...base } = repair!;
    const t = await createTicketType(api, {
      ...base,
      name: "Required cost",
      fields: [{ key: "cost", label: "Cost", kind: "number", required: true }],
      chain: { stages: [] },
    });
    expect(t.fields[0]!.required).toBe(true);
    const e = await rejection(createTicket(api, { type_id: t.id, title: "No cost" }));
    expect([e.status, e.message]).toEqual([400, "Cost is required"]);
    const ok = await createTicket(api, { type_id: t.id, title: "Costed", facts: { cost: 12 } });
    expect(ok.facts).toEqual({ cost: 12 });
  });
});
