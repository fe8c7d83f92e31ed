/** The timesheet entry form (browser and server alike: Conform validates it in both). */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";

const local = z
  .string({ required_error: "Enter a date and time" })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and time")
  .refine(hasSaneDay, DAY_MESSAGE);

export const EntrySchema = z
  .object({
    start: local,
    end: local,
    break_minutes: z.coerce
      .number({ invalid_type_error: "Enter minutes" })
      .int("Whole minutes")
      .min(0, "Not negative")
      .max(600, "At most 600 minutes")
      .default(0),
    jobcode_id: z.coerce
      .number({ required_error: "Pick a job code", invalid_type_error: "Pick a job code" })
      .int()
      .positive("Pick a job code"),
    jobsite_id: z.coerce.number().int().positive().optional(),
    notes: z.string().trim().max(1000, "At most 1000 characters").default(""),
  })
  .superRefine((v, ctx) => {
    if (v.end <= v.start)
      ctx.addIssue({ code: "custom", path: ["end"], message: "The end must be after the start" });
  });
export type EntryForm = z.infer<typeof EntrySchema>;

/** Review decisions: a rejection says why. */
export const ReviewSchema = z
  .object({
    decision: z.enum(["approved", "rejected"]),
    ids: z.array(z.coerce.number().int().positive()).min(1, "Select at least one entry"),
    comment: z.string().trim().max(500, "At most 500 characters").default(""),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "rejected" && !v.comment)
      ctx.addIssue({
        code: "custom",
        path: ["comment"],
        message: "Say why in a comment when you reject an entry",
      });
  });
