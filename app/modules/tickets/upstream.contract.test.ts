/** Contract test of the ticket calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import { evaluateChain } from "./approval-chain";
import {
  addComment,
  createDelegation,
  createTicket,
  createTicketType,
  decide,
  deleteDelegation,
  deleteTicketType,
  getTicket,
  listDelegations,
  listTickets,
  listTicketTypes,
  updateTicket,
  updateTicketType,
  type TicketTypeInput,
} from "./upstream.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const other = () => up.signIn("other", "other123");

describe("tickets", () => {
  it("lists the company's types and tickets, newest first, with filters", async () => {
    const api = await admin();
    const types = await listTicketTypes(api);
    expect(types.map((t) => t.name)).toEqual(["Vehicle repair", "IT request"]);
    expect(types[0]!.chain.stages).toHaveLength(2);
    const all = await listTickets(api);
    expect(all.map((t) => t.created_at)).toEqual(
      [...all.map((t) => t.created_at)].sort((a, b) => b - a),
    );
    expect(all.map((t) => t.title)).not.toContain("Their van's tail light");
    const brakes = await listTickets(api, { q: "brake" });
    expect(brakes.map((t) => t.facts)).toEqual([{ cost: 1800, area: "Brakes" }]);
    expect((await listTickets(api, { status: "resolved" })).map((t) => t.title)).toEqual([
      "Reset my fuel card PIN",
    ]);
  });

  it("raises a ticket, records changes and comments in its history, and refuses bad input", async () => {
    const api = await admin();
    const [repair] = await listTicketTypes(api);
    const t = await createTicket(api, {
      type_id: repair!.id,
      title: "Cracked mirror",
      facts: { cost: "250", area: "Body" },
    });
    expect(t).toMatchObject({
      status: "open",
      assignee: repair!.default_assignee,
      facts: { cost: 250 },
    });
    const moved = await updateTicket(api, t.id, { status: "in_progress", priority: "high" });
    expect(moved.history.map((h) => h.what)).toEqual([
      "Raised",
      "Status open → in_progress",
      "Priority normal → high",
    ]);
    const commented = await addComment(api, t.id, "Parts ordered");
    expect(commented.comments.map((c) => c.body)).toEqual(["Parts ordered"]);
    expect((await getTicket(api, t.id)).history.at(-1)!.what).toBe("Commented");
    const bad = await rejection(
      createTicket(api, { type_id: repair!.id, title: "x", facts: { area: "Wings" } }),
    );
    expect(bad).toMatchObject({
      status: 400,
      message: "Area must be one of Brakes, Tyres, Lights, Body, Other",
    });
    expect((await rejection(createTicket(api, { type_id: repair!.id, title: " " }))).status).toBe(
      400,
    );
  });

  it("stores decisions that the chain engine reads; one decision per person and step", async () => {
    const api = await admin();
    const [repair] = await listTicketTypes(api);
    const t = await createTicket(api, {
      type_id: repair!.id,
      title: "Gearbox",
      facts: { cost: 9000 },
    });
    const supervisor = repair!.chain.stages[0]!.steps[0]!;
    const after = await decide(api, t.id, { step_id: supervisor.id, decision: "approve" });
    expect(after.decisions).toHaveLength(1);
    expect(
      (await rejection(decide(api, t.id, { step_id: supervisor.id, decision: "approve" }))).status,
    ).toBe(409);
    expect(
      (await rejection(decide(api, t.id, { step_id: "nope", decision: "approve" }))).status,
    ).toBe(400);
    // A rejection needs a reason.
    expect(
      (await rejection(decide(api, t.id, { step_id: "manager", decision: "reject" }))).status,
    ).toBe(400);
    const state = evaluateChain(repair!.chain as never, after.facts, after.decisions, {
      submittedAt: after.created_at,
      now: Date.now(),
    });
    expect(state.status).toBe("pending"); // cost 9,000: the fleet manager must approve too
    const emailed = await decide(api, t.id, {
      step_id: "manager",
      decision: "approve",
      via: "email",
      on_behalf_of: repair!.chain.stages[1]!.steps[0]!.approvers[0],
    });
    expect(emailed.history.at(-1)!.what).toBe("Approved manager by e-mail");
    expect(
      evaluateChain(repair!.chain as never, emailed.facts, emailed.decisions, {
        submittedAt: emailed.created_at,
        now: Date.now(),
      }).status,
    ).toBe("approved");
  });

  it("manages types: a type in use cannot be deleted (409), an unused one can", async () => {
    const api = await admin();
    const [repair] = await listTicketTypes(api);
    const e = await rejection(deleteTicketType(api, repair!.id));
    expect(e.status).toBe(409);
    expect(e.message).toMatch(/^Vehicle repair has \d+ tickets: make it inactive instead$/);
    const input: TicketTypeInput = {
      name: "Site access",
      description: "",
      fields: [],
      default_assignee: null,
      first_response_hours: 2,
      resolution_hours: 8,
      paused_statuses: ["waiting"],
      chain: { stages: [] },
      active: true,
    };
    const made = await createTicketType(api, input);
    expect(
      (await updateTicketType(api, made.id, { ...input, resolution_hours: 12 })).resolution_hours,
    ).toBe(12);
    expect((await rejection(createTicketType(api, { ...input, resolution_hours: 0 }))).status).toBe(
      400,
    );
    await deleteTicketType(api, made.id);
    expect((await listTicketTypes(api)).map((t) => t.id)).not.toContain(made.id);
  });

  it("keeps delegations of the signed-in approver", async () => {
    const api = await admin();
    const people = (await listTicketTypes(api))[0]!.chain.stages.flatMap((s) =>
      s.steps.flatMap((x) => x.approvers),
    );
    const someone = people.find((p) => p !== people[0]) ?? people[0]!;
    const start = new Date().toISOString();
    const end = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await rejection(createDelegation(api, { to: someone, start: end, end: start }))).status,
    ).toBe(400);
    const d = await createDelegation(api, { to: someone, start, end });
    expect((await listDelegations(api)).map((x) => x.id)).toContain(d.id);
    await deleteDelegation(api, d.id);
    expect((await listDelegations(api)).map((x) => x.id)).not.toContain(d.id);
  });

  it("another company's types and tickets are 404", async () => {
    const theirs = (await listTickets(await other()))[0]!;
    const api = await admin();
    expect((await rejection(getTicket(api, theirs.id))).status).toBe(404);
    expect((await rejection(updateTicket(api, theirs.id, { title: "Mine" }))).status).toBe(404);
    expect((await rejection(addComment(api, theirs.id, "hi"))).status).toBe(404);
    expect((await rejection(deleteTicketType(api, theirs.type_id))).status).toBe(404);
    expect((await getTicket(await other(), theirs.id)).title).toBe("Their van's tail light");
  });
});
