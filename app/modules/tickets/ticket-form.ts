/** The ticket forms' schemas (browser-safe: Conform validates with them in the browser too). */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";
import { PRIORITY_VALUES, STATUS_VALUES } from "./ticket-labels";

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string().max(max).optional().default(""),
  );

export const RaiseTicketSchema = z.object({
  type_id: z.coerce
    .number({ invalid_type_error: "Choose a ticket type" })
    .int()
    .positive("Choose a ticket type"),
  title: z
    .string({ required_error: "Give the ticket a title" })
    .trim()
    .min(1, "Give the ticket a title")
    .max(120, "A title is at most 120 characters"),
  description: optionalText(4000),
  priority: z.enum(PRIORITY_VALUES).default("normal"),
  imei: optionalText(20),
  due: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a date")
    .refine(hasSaneDay, DAY_MESSAGE)
    .optional(),
});
export type RaiseTicketForm = z.infer<typeof RaiseTicketSchema>;

export const UpdateTicketSchema = z.object({
  status: z.enum(STATUS_VALUES),
  priority: z.enum(PRIORITY_VALUES),
  assignee: z.preprocess(
    (v) => (v === "" ? null : v),
    z.coerce.number().int().positive().nullable(),
  ),
});

export const CommentSchema = z.object({
  body: z
    .string({ required_error: "Write a comment" })
    .trim()
    .min(1, "Write a comment")
    .max(4000, "A comment is at most 4,000 characters"),
});

export const DecisionSchema = z
  .object({
    step_id: z.string().min(1),
    decision: z.enum(["approve", "reject"]),
    comment: optionalText(1000),
  })
  .refine((d) => d.decision === "approve" || d.comment.length > 0, {
    path: ["comment"],
    message: "Say why you reject it",
  });
