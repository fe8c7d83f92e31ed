/**
 * Form calls (designed; documented in server/sim/README.md): the company's forms and submissions
 * of answers. A form arrives with internal fields (creator, company, whom to notify, staff notes);
 * they are typed here because the upstream sends them, and app/lib/public-form.ts is what keeps
 * them away from public visitors.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

export const upstreamFormFieldSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  // Kept open: a field kind the product cannot render makes that one form unshareable, not the list unreadable.
  type: z.string(),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
  export_column: z.string().optional(),
});

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
});
export type UpstreamForm = z.infer<typeof upstreamFormSchema>;
export const upstreamFormsSchema = z.array(upstreamFormSchema);

export type FormAnswer = string | number | boolean;
export type FormSubmissionInput = {
  form_id: number;
  answers: Record<string, FormAnswer>;
  submitted_at: string;
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
  answers: z.record(z.union([z.string(), z.number(), z.boolean()])),
  submitted_at: z.string(),
  received_at: z.string().optional(),
  link_label: z.string().nullable().optional(),
  reference: z.string().nullable().optional(),
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

/** GET /forms/submissions?form_id=: the company's submissions (of one form), newest first. */
export async function listFormSubmissions(
  up: Upstream,
  formId?: number,
): Promise<UpstreamSubmission[]> {
  return (
    await up.request({
      method: "GET",
      path: "/forms/submissions",
      query: { form_id: formId },
      schema: z.array(upstreamSubmissionSchema),
      idempotent: true,
    })
  ).data;
}
