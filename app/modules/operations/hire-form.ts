/** The hire contract form (browser and server alike: Conform validates it in both). */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";

const day = z
  .string({ required_error: "Enter a date" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-03-01")
  .refine(hasSaneDay, DAY_MESSAGE);
const money = (label: string) =>
  z.coerce.number({ invalid_type_error: `Enter the ${label}` }).min(0, "Enter 0 or more");

export const HireSchema = z
  .object({
    direction: z.enum(["in", "out"]),
    imei: z.string({ required_error: "Choose the asset" }).trim().min(1, "Choose the asset"),
    supplier_id: z.coerce.number().int().positive().optional(),
    customer: z.string().trim().max(120, "At most 120 characters").default(""),
    on_hire: day,
    off_hire: day,
    rate: money("rate").positive("Enter a rate above 0"),
    rate_unit: z.enum(["hour", "day", "week"]),
    minimum_charge: money("minimum charge").default(0),
    notes: z.string().trim().max(1000, "At most 1000 characters").default(""),
    /** The jobsite whose fence is the hire's site; none: no arrival/departure evidence. */
    jobsite_id: z.coerce.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.off_hire < v.on_hire)
      ctx.addIssue({
        code: "custom",
        path: ["off_hire"],
        message: "Off-hire must not be before on-hire",
      });
    if (v.direction === "in" && !v.supplier_id)
      ctx.addIssue({ code: "custom", path: ["supplier_id"], message: "Choose the supplier" });
    if (v.direction === "out" && !v.customer)
      ctx.addIssue({ code: "custom", path: ["customer"], message: "Enter the customer" });
  });
export type HireForm = z.infer<typeof HireSchema>;
