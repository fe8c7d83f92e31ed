/** The records of the tickets simulator (api-tickets.ts) and what it seeds for companies 1 and 2. */
import type { Ctx } from "./kit";

export const TICKET_STATUSES = ["open", "in_progress", "waiting", "resolved", "closed"] as const;
export const PRIORITIES = ["low", "normal", "high", "urgent"] as const;

export type SimTicketField = {
  key: string;
  label: string;
  kind: "text" | "number" | "choice";
  required?: boolean;
  options?: string[];
};
export type SimApprovalStep = {
  id: string;
  name: string;
  approvers: number[];
  mode: "any" | "all" | "quorum";
  quorum?: number;
  condition?: unknown;
  escalateAfterHours?: number | null;
  escalateTo?: number[];
};
export type SimTicketType = {
  id: number;
  companyid: number;
  name: string;
  description: string;
  fields: SimTicketField[];
  default_assignee: number | null;
  first_response_hours: number;
  resolution_hours: number;
  paused_statuses: string[];
  chain: { stages: Array<{ steps: SimApprovalStep[] }> };
  active: boolean;
};
export type SimDecision = {
  stepId: string;
  by: number;
  decision: "approve" | "reject";
  at: number;
  comment: string;
  via: "app" | "email";
};
export type SimAttachment = {
  id: number;
  name: string;
  content_type: string;
  size: number;
  by: number;
  at: number;
  /** base64 */
  data: string;
};
export type SimTicket = {
  id: number;
  companyid: number;
  type_id: number;
  title: string;
  description: string;
  requester: number;
  assignee: number | null;
  status: (typeof TICKET_STATUSES)[number];
  priority: (typeof PRIORITIES)[number];
  due: string | null;
  imei: string | null;
  jobsite_id: number | null;
  form_submission_id: string | null;
  facts: Record<string, string | number>;
  created_at: number;
  first_response_at: number | null;
  resolved_at: number | null;
  status_changes: Array<{ status: string; at: number }>;
  comments: Array<{ id: number; by: number; body: string; at: number }>;
  history: Array<{ at: number; by: number; what: string }>;
  decisions: SimDecision[];
  /** Absent on tickets kept before attachments existed. */
  attachments?: SimAttachment[];
};
export type SimDelegation = {
  id: number;
  companyid: number;
  from: number;
  to: number;
  start: number;
  end: number;
};
export type TicketState = {
  seq: number;
  types: SimTicketType[];
  tickets: SimTicket[];
  delegations: SimDelegation[];
};

const HOUR = 3_600_000;

export function companyUsers(ctx: Ctx) {
  return ctx.state.world.users.filter((u) => u.companyid === ctx.user.companyid);
}

export function seed(ctx: Ctx): TicketState {
  const now = ctx.state.clock();
  const s: TicketState = { seq: 900, types: [], tickets: [], delegations: [] };
  for (const companyid of [1, 2]) {
    const users = ctx.state.world.users.filter((u) => u.companyid === companyid);
    const [a, b, c] = [
      users[0]?.username_id ?? 0,
      users[1]?.username_id ?? 0,
      users[2]?.username_id ?? 0,
    ];
    const maintenance: SimTicketType = {
      id: ++s.seq,
      companyid,
      name: companyid === 1 ? "Vehicle repair" : "Plumbing job",
      description: "A defect found on a vehicle, to be repaired.",
      fields: [
        { key: "cost", label: "Estimated cost", kind: "number" },
        {
          key: "area",
          label: "Area",
          kind: "choice",
          options: ["Brakes", "Tyres", "Lights", "Body", "Other"],
        },
      ],
      default_assignee: b || null,
      first_response_hours: 4,
      resolution_hours: 16,
      paused_statuses: ["waiting"],
      chain: {
        stages: [
          { steps: [{ id: "supervisor", name: "Supervisor", approvers: [a], mode: "any" }] },
          {
            steps: [
              {
                id: "manager",
                name: "Fleet manager",
                approvers: [b || a],
                mode: "any",
                condition: { ">": [{ var: "cost" }, 5000] },
                escalateAfterHours: 24,
                escalateTo: [a],
              },
            ],
          },
        ],
      },
      active: true,
    };
    const request: SimTicketType = {
      id: ++s.seq,
      companyid,
      name: "IT request",
      description: "Access, phones and tablets.",
      fields: [],
      default_assignee: c || null,
      first_response_hours: 8,
      resolution_hours: 40,
      paused_statuses: ["waiting"],
      chain: { stages: [] },
      active: true,
    };
    s.types.push(maintenance, request);
    const device = ctx.state.world.devices.find((d) => d.companyid === companyid);
    const mk = (
      type: SimTicketType,
      title: string,
      hoursAgo: number,
      status: SimTicket["status"],
      facts: SimTicket["facts"] = {},
      jobsite_id: number | null = null,
    ): SimTicket => {
      const created = now - hoursAgo * HOUR;
      return {
        id: ++s.seq,
        companyid,
        type_id: type.id,
        title,
        description: "",
        requester: c || a,
        assignee: type.default_assignee,
        status,
        priority: "normal",
        due: null,
        imei: type === maintenance ? (device?.imei ?? null) : null,
        jobsite_id,
        form_submission_id: null,
        facts,
        created_at: created,
        first_response_at: status === "open" ? null : created + HOUR,
        resolved_at: status === "resolved" || status === "closed" ? created + 10 * HOUR : null,
        status_changes: [{ status, at: created + HOUR }],
        comments: [],
        history: [{ at: created, by: c || a, what: "Raised" }],
        decisions: [],
        attachments: [],
      };
    };
    if (companyid === 1) {
      s.tickets.push(
        // Jobsites 101 and 102 are company 1's (api-jobsites.ts).
        mk(
          maintenance,
          "Brake pads worn on the prime mover",
          30,
          "open",
          { cost: 1800, area: "Brakes" },
          101,
        ),
        mk(
          maintenance,
          "Replace the crane's hydraulic hose",
          6,
          "in_progress",
          { cost: 7400, area: "Other" },
          102,
        ),
        mk(request, "Tablet for the new driver", 2, "open"),
        mk(request, "Reset my fuel card PIN", 80, "resolved"),
      );
    } else {
      s.tickets.push(
        mk(maintenance, "Their van's tail light", 5, "open", { cost: 90, area: "Lights" }),
      );
    }
  }
  return s;
}

export function data(ctx: Ctx): TicketState {
  ctx.state.tickets ??= seed(ctx);
  return ctx.state.tickets;
}
