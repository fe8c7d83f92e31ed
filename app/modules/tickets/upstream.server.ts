/**
 * Ticket calls (designed; the simulator serves them in server/sim/api-tickets.ts): ticket types
 * with their SLA and approval chain, tickets with comments and history, approval decisions and
 * delegations. Responses are checked here; the SLA and the chain's outcome are computed by the app
 * (business-hours.ts, approval-chain.ts) from what the upstream keeps.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

const stepSchema = z.object({
  id: z.string(),
  name: z.string(),
  approvers: z.array(z.number().int()),
  mode: z.enum(["any", "all", "quorum"]),
  quorum: z.number().int().optional(),
  condition: z.unknown().optional(),
  escalateAfterHours: z.number().nullable().optional(),
  escalateTo: z.array(z.number().int()).optional(),
});

export const ticketTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      kind: z.enum(["text", "number", "choice"]),
      required: z.boolean().optional(),
      options: z.array(z.string()).optional(),
    }),
  ),
  default_assignee: z.number().int().nullable(),
  first_response_hours: z.number().positive(),
  resolution_hours: z.number().positive(),
  paused_statuses: z.array(z.string()),
  chain: z.object({ stages: z.array(z.object({ steps: z.array(stepSchema) })) }),
  active: z.boolean(),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;
export type TicketTypeInput = Omit<TicketType, "id">;

export const TICKET_STATUSES = ["open", "in_progress", "waiting", "resolved", "closed"] as const;
export const PRIORITIES = ["low", "normal", "high", "urgent"] as const;

export const attachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  by: z.number().int(),
  at: z.number(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const ticketSchema = z.object({
  id: z.number().int(),
  type_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  requester: z.number().int(),
  assignee: z.number().int().nullable(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(PRIORITIES),
  due: z.string().nullable(),
  imei: z.string().nullable(),
  jobsite_id: z.number().int().nullable(),
  form_submission_id: z.string().nullable(),
  facts: z.record(z.union([z.string(), z.number()])),
  created_at: z.number(),
  first_response_at: z.number().nullable(),
  resolved_at: z.number().nullable(),
  status_changes: z.array(z.object({ status: z.string(), at: z.number() })),
  comments: z.array(
    z.object({ id: z.number().int(), by: z.number().int(), body: z.string(), at: z.number() }),
  ),
  history: z.array(z.object({ at: z.number(), by: z.number().int(), what: z.string() })),
  decisions: z.array(
    z.object({
      stepId: z.string(),
      by: z.number().int(),
      decision: z.enum(["approve", "reject"]),
      at: z.number(),
      comment: z.string(),
      via: z.enum(["app", "email"]),
    }),
  ),
  attachments: z.array(attachmentSchema).default([]),
});
export type Ticket = z.infer<typeof ticketSchema>;
export type TicketInput = {
  type_id: number;
  title: string;
  description?: string;
  assignee?: number | null;
  status?: Ticket["status"];
  priority?: Ticket["priority"];
  due?: string | null;
  imei?: string | null;
  jobsite_id?: number | null;
  form_submission_id?: string | null;
  facts?: Record<string, string | number>;
};

export const delegationSchema = z.object({
  id: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  start: z.number(),
  end: z.number(),
});
export type Delegation = z.infer<typeof delegationSchema>;

const idOnly = z.object({ id: z.number().int() });

export const listTicketTypes = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: "/tickets/types",
      schema: z.array(ticketTypeSchema),
      idempotent: true,
    })
  ).data;
export const createTicketType = async (up: Upstream, t: TicketTypeInput) =>
  (await up.request({ method: "POST", path: "/tickets/types", body: t, schema: ticketTypeSchema }))
    .data;
export const updateTicketType = async (up: Upstream, id: number, t: TicketTypeInput) =>
  (
    await up.request({
      method: "PUT",
      path: `/tickets/types/${id}`,
      body: t,
      schema: ticketTypeSchema,
    })
  ).data;
export const deleteTicketType = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `/tickets/types/${id}`, schema: idOnly })).data;

export const listTickets = async (
  up: Upstream,
  filters: { status?: string; type_id?: number; assignee?: number; q?: string } = {},
) =>
  (
    await up.request({
      method: "GET",
      path: "/tickets/list",
      query: Object.fromEntries(
        Object.entries(filters)
          .filter(([, v]) => v !== undefined && v !== "")
          .map(([k, v]) => [k, String(v)]),
      ),
      schema: z.array(ticketSchema),
      idempotent: true,
    })
  ).data;
export const getTicket = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "GET",
      path: `/tickets/ticket/${id}`,
      schema: ticketSchema,
      idempotent: true,
    })
  ).data;
export const createTicket = async (up: Upstream, t: TicketInput) =>
  (await up.request({ method: "POST", path: "/tickets/list", body: t, schema: ticketSchema })).data;
export const updateTicket = async (up: Upstream, id: number, t: Partial<TicketInput>) =>
  (
    await up.request({
      method: "PUT",
      path: `/tickets/ticket/${id}`,
      body: t,
      schema: ticketSchema,
    })
  ).data;
export const addComment = async (up: Upstream, id: number, body: string) =>
  (
    await up.request({
      method: "POST",
      path: `/tickets/comments/${id}`,
      body: { body },
      schema: ticketSchema,
    })
  ).data;
export const decide = async (
  up: Upstream,
  id: number,
  d: {
    step_id: string;
    decision: "approve" | "reject";
    comment?: string;
    via?: "app" | "email";
    on_behalf_of?: number;
  },
) =>
  (
    await up.request({
      method: "POST",
      path: `/tickets/decisions/${id}`,
      body: d,
      schema: ticketSchema,
    })
  ).data;

export const listDelegations = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: "/tickets/delegations",
      schema: z.array(delegationSchema),
      idempotent: true,
    })
  ).data;
export const createDelegation = async (
  up: Upstream,
  d: { to: number; start: string; end: string },
) =>
  (
    await up.request({
      method: "POST",
      path: "/tickets/delegations",
      body: d,
      schema: delegationSchema,
    })
  ).data;
export const deleteDelegation = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `/tickets/delegations/${id}`, schema: idOnly })).data;

/** POST /tickets/attachments/{ticketId}: a JPEG, PNG, WebP or PDF; answers the ticket. */
export const uploadAttachment = async (
  up: Upstream,
  ticketId: number,
  file: { name: string; content_type: string; bytes: Uint8Array },
) =>
  (
    await up.request({
      method: "POST",
      path: `/tickets/attachments/${ticketId}`,
      body: {
        name: file.name,
        content_type: file.content_type,
        data: Buffer.from(file.bytes).toString("base64"),
      },
      schema: ticketSchema,
    })
  ).data;

/** GET /tickets/attachments/{id}: one attachment of the company with its bytes. */
export async function getAttachment(up: Upstream, id: number) {
  const { data } = await up.request({
    method: "GET",
    path: `/tickets/attachments/${id}`,
    schema: attachmentSchema.extend({ ticket_id: z.number().int(), data: z.string() }),
    idempotent: true,
  });
  return { ...data, bytes: Buffer.from(data.data, "base64") };
}
