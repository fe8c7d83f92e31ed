/**
 * Form calls (designed; documented in server/sim/README.md): the company's forms and submissions
 * of answers. A form arrives with internal fields (creator, company, whom to notify, staff notes);
 * they are typed here because the upstream sends them, and app/lib/public-form.ts is what keeps
 * them away from public visitors.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";
import { fieldSchema } from "./fields/model";
import type { Answers } from "./fields/model";

// Kept open: a field kind the product cannot render makes that one form unshareable, not the list unreadable.
export const upstreamFormFieldSchema = fieldSchema;

export const upstreamFormSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable().optional(),
  fields: z.array(upstreamFormFieldSchema),
  company_id: z.number().int().optional(),
  created_by: z.object({ username_id: z.number().int(), name: z.string() }).nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  notify_emails: z.array(z.string()).optional(),
  internal_notes: z.string().nullable().optional(),
  /** The published version the fields are from (null: never published). */
  version: z.number().int().nullable().optional(),
  versions: z.array(z.object({ version: z.number().int(), published_at: z.string() })).optional(),
  archived: z.boolean().optional(),
  fillers: z.object({ everyone: z.boolean(), group_ids: z.array(z.number().int()) }).optional(),
  draft_changed: z.boolean().optional(),
});
export type UpstreamForm = z.infer<typeof upstreamFormSchema>;
export const upstreamFormsSchema = z.array(upstreamFormSchema);

export type FormAnswer = Answers[string];
export type FormSubmissionInput = {
  form_id: number;
  answers: Record<string, FormAnswer>;
  submitted_at: string;
  /** The published version answered (default: the latest). */
  version?: number;
  link_label?: string | null;
  /** Our own id of the submission: the upstream answers a repeat with the first id, so a retry never duplicates. */
  reference?: string;
};

export const submissionCreatedSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]).transform(String),
  duplicate: z.boolean().optional(),
});

export const upstreamSubmissionSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]).transform(String),
  form_id: z.number().int(),
  answers: z.record(z.unknown()).transform((a) => a as Answers),
  submitted_at: z.string(),
  received_at: z.string().optional(),
  link_label: z.string().nullable().optional(),
  reference: z.string().nullable().optional(),
  version: z.number().int().optional(),
  status: z.enum(["submitted", "approved", "sent_back"]).optional(),
  review: z
    .object({
      by: z.object({ username_id: z.number().int(), name: z.string() }),
      at: z.string(),
      comment: z.string(),
    })
    .nullable()
    .optional(),
  person: z.object({ username_id: z.number().int(), name: z.string() }).optional(),
});
export type UpstreamSubmission = z.infer<typeof upstreamSubmissionSchema>;

/** GET /forms/forms: the caller's company's forms. */
export async function listForms(up: Upstream): Promise<UpstreamForm[]> {
  return (
    await up.request({
      method: "GET",
      path: "/forms/forms",
      schema: upstreamFormsSchema,
      idempotent: true,
    })
  ).data;
}

/**
 * POST /forms/submissions → 201 {id} (200 {id, duplicate} for a repeated reference). Marked
 * idempotent only because the reference makes a repeat harmless; without one, never retry.
 */
export async function submitForm(
  up: Upstream,
  input: FormSubmissionInput,
): Promise<{ id: string; duplicate: boolean }> {
  const { data } = await up.request({
    method: "POST",
    path: "/forms/submissions",
    body: input,
    schema: submissionCreatedSchema,
    idempotent: Boolean(input.reference),
  });
  return { id: data.id, duplicate: data.duplicate ?? false };
}

/** GET /forms/submissions?form_id=&status=&scope=: the company's submissions, newest first. */
export async function listFormSubmissions(
  up: Upstream,
  formId?: number,
  filter: { status?: SubmissionStatus; scope?: "mine" | "team" } = {},
): Promise<UpstreamSubmission[]> {
  return (
    await up.request({
      method: "GET",
      path: "/forms/submissions",
      query: { form_id: formId, status: filter.status, scope: filter.scope },
      schema: z.array(upstreamSubmissionSchema),
      idempotent: true,
    })
  ).data;
}

export type SubmissionStatus = "submitted" | "approved" | "sent_back";

const versionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  description: z.string().nullable().optional(),
  fields: z.array(fieldSchema),
  published_at: z.string(),
  published_by: z.number().int().optional(),
});
export const formDetailSchema = upstreamFormSchema.extend({
  draft: z.object({
    title: z.string(),
    description: z.string().nullable().optional(),
    fields: z.array(fieldSchema),
    updated_at: z.string().optional(),
  }),
  published: z.array(versionSchema),
});
export type UpstreamFormDetail = z.infer<typeof formDetailSchema>;
export type UpstreamVersion = z.infer<typeof versionSchema>;
export type DraftInput = { title: string; description: string; fields: unknown[] };

/** GET /forms/forms?all=1 (archived and unpublished too) or ?fillable=1 (what the caller may fill). */
export async function listAllForms(
  up: Upstream,
  which: "all" | "fillable",
): Promise<UpstreamForm[]> {
  return (
    await up.request({
      method: "GET",
      path: "/forms/forms",
      query: which === "all" ? { all: "1" } : { fillable: "1" },
      schema: upstreamFormsSchema,
      idempotent: true,
    })
  ).data;
}

/** GET /forms/forms/{id}: a form with its draft and every published version. */
export async function getForm(up: Upstream, id: number): Promise<UpstreamFormDetail> {
  return (
    await up.request({
      method: "GET",
      path: `/forms/forms/${id}`,
      schema: formDetailSchema,
      idempotent: true,
    })
  ).data;
}

/** POST /forms/forms {title, description, fields} → 201 the new form (a draft, no version). */
export async function createForm(up: Upstream, input: DraftInput): Promise<UpstreamFormDetail> {
  return (
    await up.request({
      method: "POST",
      path: "/forms/forms",
      body: input,
      schema: formDetailSchema,
    })
  ).data;
}

/** PUT /forms/forms/{id}: replaces the draft; published versions never change. */
export async function saveDraft(
  up: Upstream,
  id: number,
  input: DraftInput,
): Promise<UpstreamFormDetail> {
  return (
    await up.request({
      method: "PUT",
      path: `/forms/forms/${id}`,
      body: input,
      schema: formDetailSchema,
      idempotent: true,
    })
  ).data;
}

/** POST /forms/publish/{id} → 201: the draft becomes the next version (400 without questions). */
export async function publishForm(up: Upstream, id: number): Promise<UpstreamFormDetail> {
  return (
    await up.request({
      method: "POST",
      path: `/forms/publish/${id}`,
      body: {},
      schema: formDetailSchema,
    })
  ).data;
}

/** POST /forms/archive/{id} {archived}: an archived form is not offered for filling in. */
export async function archiveForm(
  up: Upstream,
  id: number,
  archived: boolean,
): Promise<UpstreamFormDetail> {
  return (
    await up.request({
      method: "POST",
      path: `/forms/archive/${id}`,
      body: { archived },
      schema: formDetailSchema,
      idempotent: true,
    })
  ).data;
}

/** POST /forms/duplicate/{id} → 201 a new unpublished form with a copy of the draft. */
export async function duplicateForm(up: Upstream, id: number): Promise<UpstreamFormDetail> {
  return (
    await up.request({
      method: "POST",
      path: `/forms/duplicate/${id}`,
      body: {},
      schema: formDetailSchema,
    })
  ).data;
}

/** PUT /forms/fillers/{id} {everyone, group_ids}: who may fill the form in the app. */
export async function setFillers(
  up: Upstream,
  id: number,
  fillers: { everyone: boolean; group_ids: number[] },
): Promise<UpstreamFormDetail> {
  return (
    await up.request({
      method: "PUT",
      path: `/forms/fillers/${id}`,
      body: fillers,
      schema: formDetailSchema,
      idempotent: true,
    })
  ).data;
}

/** GET /forms/submissions/{id}. */
export async function getSubmission(up: Upstream, id: string): Promise<UpstreamSubmission> {
  return (
    await up.request({
      method: "GET",
      path: `/forms/submissions/${encodeURIComponent(id)}`,
      schema: upstreamSubmissionSchema,
      idempotent: true,
    })
  ).data;
}

/** POST /forms/review/{id} {status, comment}: approve, or send back (a comment is required). */
export async function reviewSubmission(
  up: Upstream,
  id: string,
  input: { status: "approved" | "sent_back"; comment: string },
): Promise<UpstreamSubmission> {
  return (
    await up.request({
      method: "POST",
      path: `/forms/review/${encodeURIComponent(id)}`,
      body: input,
      schema: upstreamSubmissionSchema,
      idempotent: true,
    })
  ).data;
}

const uploadSchema = z.object({
  id: z.string().min(1),
  content_type: z.string(),
  size: z.number().int(),
});

/** POST /forms/uploads {content_type, data}: a photo or signature for an answer. */
export async function uploadFile(
  up: Upstream,
  file: { content_type: string; bytes: Uint8Array },
): Promise<z.infer<typeof uploadSchema>> {
  return (
    await up.request({
      method: "POST",
      path: "/forms/uploads",
      body: { content_type: file.content_type, data: Buffer.from(file.bytes).toString("base64") },
      schema: uploadSchema,
    })
  ).data;
}

/** GET /forms/uploads/{id}: the file's bytes. */
export async function getUpload(
  up: Upstream,
  id: string,
): Promise<{ content_type: string; bytes: Buffer }> {
  const { data } = await up.request({
    method: "GET",
    path: `/forms/uploads/${encodeURIComponent(id)}`,
    schema: uploadSchema.extend({ data: z.string() }),
    idempotent: true,
  });
  return { content_type: data.content_type, bytes: Buffer.from(data.data, "base64") };
}
