/** The job code form (browser and server alike: Conform validates it in both). */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-03-01")
  .refine(hasSaneDay, DAY_MESSAGE)
  .optional();

export const JobCodeSchema = z
  .object({
    code: z
      .string({ required_error: "Enter a code" })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{0,19}$/, "Use up to 20 letters, digits or dashes, e.g. DRV-100"),
    name: z
      .string({ required_error: "Enter a name" })
      .trim()
      .min(1, "Enter a name")
      .max(80, "At most 80 characters"),
    description: z.string().trim().max(500, "At most 500 characters").default(""),
    active: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
    effective_from: day,
    effective_to: day,
  })
  .superRefine((v, ctx) => {
    if (v.effective_from && v.effective_to && v.effective_to < v.effective_from)
      ctx.addIssue({
        code: "custom",
        path: ["effective_to"],
        message: "The end must not be before the start",
      });
  });
export type JobCodeForm = z.infer<typeof JobCodeSchema>;
