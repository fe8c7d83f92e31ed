import { describe, expect, it } from "vitest";
import { approvalMail } from "./approval-mail";
import { chainStateOf, waitingFor } from "./approval-waiting";
import { flaggedTicket, maintenanceType } from "./flagged-ticket";
import type { Ticket, TicketType } from "./upstream.server";
import { linkStatus } from "~/services/share-links.server";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 2, 8);

const type: TicketType = {
  id: 1,
  name: "Vehicle repair",
  description: "A defect found on a vehicle",
  fields: [
    { key: "cost", label: "Estimated cost", kind: "number" },
    { key: "area", label: "Area", kind: "choice", options: ["Brakes", "Tyres"] },
  ],
  default_assignee: null,
  first_response_hours: 4,
  resolution_hours: 16,
  paused_statuses: [],
  chain: {
    stages: [
      { steps: [{ id: "sup", name: "Supervisor", approvers: [1], mode: "any" }] },
      {
        steps: [
          {
            id: "mgr",
            name: "Manager",
            approvers: [2],
            mode: "any",
            escalateAfterHours: 24,
            escalateTo: [3],
          },
        ],
      },
    ],
  },
  active: true,
};

const ticket = (decisions: Ticket["decisions"] = []): Ticket => ({
  id: 7,
  type_id: 1,
  title: "Brakes",
  description: "",
  requester: 9,
  assignee: null,
  status: "open",
  priority: "normal",
  due: null,
  imei: null,
  jobsite_id: null,
  form_submission_id: null,
  facts: {},
  created_at: T0,
  first_response_at: null,
  resolved_at: null,
  status_changes: [],
  comments: [],
  attachments: [],
  history: [],
  decisions,
});
const approve = (stepId: string, by: number, at: number) => ({
  stepId,
  by,
  at,
  decision: "approve" as const,
  comment: "",
  via: "app" as const,
});

describe("who a ticket waits for", () => {
  it("the first step's approvers, then the next stage's once it is approved", () => {
    const t = ticket();
    expect(waitingFor(t, chainStateOf(t, type, [], T0 + HOUR))).toEqual([
      { stepId: "sup", stepName: "Supervisor", approverId: 1, reason: "waiting" },
    ]);
    const t2 = ticket([approve("sup", 1, T0 + HOUR)]);
    expect(waitingFor(t2, chainStateOf(t2, type, [], T0 + 2 * HOUR))).toEqual([
      { stepId: "mgr", stepName: "Manager", approverId: 2, reason: "waiting" },
    ]);
  });

  it("adds a delegate during the delegation, and the escalation approver after the escalation time", () => {
    const t = ticket();
    const away = [{ id: 1, from: 1, to: 5, start: T0, end: T0 + 48 * HOUR }];
    expect(waitingFor(t, chainStateOf(t, type, away, T0 + HOUR)).map((w) => w.approverId)).toEqual([
      1, 5,
    ]);
    expect(
      waitingFor(t, chainStateOf(t, type, away, T0 + 49 * HOUR)).map((w) => w.approverId),
    ).toEqual([1]);
    const t2 = ticket([approve("sup", 1, T0 + HOUR)]);
    expect(waitingFor(t2, chainStateOf(t2, type, [], T0 + 26 * HOUR))).toEqual([
      { stepId: "mgr", stepName: "Manager", approverId: 2, reason: "waiting" },
      { stepId: "mgr", stepName: "Manager", approverId: 3, reason: "escalated" },
    ]);
  });

  it("nobody once the chain is decided", () => {
    const t = ticket([approve("sup", 1, T0 + HOUR), approve("mgr", 2, T0 + 2 * HOUR)]);
    expect(waitingFor(t, chainStateOf(t, type, [], T0 + 3 * HOUR))).toEqual([]);
  });
});

describe("approval links", () => {
  it("are active until used, revoked or expired", () => {
    const l = { expiresAt: new Date(T0 + HOUR), revokedAt: null, usedAt: null };
    expect(linkStatus(l, T0)).toBe("active");
    expect(linkStatus({ ...l, usedAt: new Date(T0) }, T0)).toBe("used");
    expect(linkStatus({ ...l, revokedAt: new Date(T0) }, T0)).toBe("revoked");
    expect(linkStatus(l, T0 + HOUR)).toBe("expired");
  });

  it("e-mail the ticket in short with the link, escaping the HTML part", () => {
    const m = approvalMail({
      to: "a@example.test",
      ticketId: 7,
      title: "<b>Brakes</b>",
      typeName: "Vehicle repair",
      stepName: "Manager",
      requester: "Dan",
      reason: "escalated",
      link: "https://app.example/tickets/approve/abc",
      expiresAt: new Date(T0),
      timeZone: "Australia/Brisbane",
    });
    // The link's end in the company's zone, named (not toUTCString's "Mon, 02 Nov 2026 08:00:00 GMT").
    expect(m.text).toContain("until 2 Nov 2026, 18:00 AEST):");
    expect(m.html).toContain("until 2 Nov 2026, 18:00 AEST, without");
    expect(m.subject).toBe("Escalated: Approve ticket #7: <b>Brakes</b>");
    expect(m.text).toContain("https://app.example/tickets/approve/abc");
    expect(m.text).toContain('The step "Manager" has waited too long');
    expect(m.html).toContain("&lt;b&gt;Brakes&lt;/b&gt;");
    expect(m.html).not.toContain("<b>Brakes");
  });
});

describe("a ticket from a failed answer", () => {
  it("uses the vehicle repair type, names the form and question, and fills the matching area", () => {
    const other = { ...type, id: 2, name: "IT request", description: "Phones" };
    expect(maintenanceType([other, type])!.id).toBe(1);
    expect(maintenanceType([{ ...type, active: false }, other])!.id).toBe(2);
    expect(maintenanceType([])).toBeNull();
    const t = flaggedTicket(
      {
        id: "55",
        title: "Pre-start",
        person: "Dan",
        href: "/forms/completed/55",
        flags: [
          { id: "b", label: "Brakes", value: "Fail" },
          { id: "l", label: "Lights", value: "Fail", group: "Damage", item: 2 },
        ],
      },
      type,
    );
    expect(t.title).toBe("Pre-start: Brakes = Fail (+1 more)");
    expect(t.facts).toEqual({ area: "Brakes" });
    expect(t.description).toContain("- Damage 2: Lights = Fail");
    expect(t.description).toContain("/forms/completed/55");
  });
});
