/** Leave, roster and declaration forms (browser and server alike: no server code here). */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";

const day = (what: string) =>
  z
    .string({ required_error: `Enter the ${what}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-03-01")
    .refine(hasSaneDay, DAY_MESSAGE);
const checked = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
const time = (what: string) =>
  z
    .string({ required_error: `Enter the ${what}` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time like 07:30");

export const LEAVE_ENDS_BEFORE_START = "The leave cannot end before it starts";

export const LeaveRequestSchema = z
  .object({
    type_id: z.coerce.number({ required_error: "Pick a type of leave" }).int().positive(),
    leave_start_date: day("first day"),
    leave_end_date: day("last day"),
    all_day: checked,
    hours: z.coerce
      .number({ invalid_type_error: "Enter the hours a day" })
      .min(0.5, "At least half an hour")
      .max(12, "At most 12 hours a day")
      .optional(),
    reason: z.string().trim().max(500, "At most 500 characters").default(""),
  })
  .superRefine((v, ctx) => {
    if (v.leave_end_date < v.leave_start_date)
      ctx.addIssue({ code: "custom", path: ["leave_end_date"], message: LEAVE_ENDS_BEFORE_START });
    if (!v.all_day && v.hours === undefined)
      ctx.addIssue({ code: "custom", path: ["hours"], message: "Enter the hours a day" });
  });
export type LeaveRequestForm = z.infer<typeof LeaveRequestSchema>;

export const DecisionSchema = z.object({
  id: z.coerce.number().int().positive(),
  comment: z.string().trim().max(500, "At most 500 characters").default(""),
});

export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

export const RosterSchema = z
  .object({
    name: z
      .string({ required_error: "Enter a name" })
      .trim()
      .min(1, "Enter a name")
      .max(80, "At most 80 characters"),
    assign: z
      .string({ required_error: "Pick a person or a group" })
      .regex(/^(person|group):\d+$/, "Pick a person or a group"),
    pattern: z.enum(["weekly", "rrule"]).default("weekly"),
    days: z.array(z.coerce.number().int().min(0).max(6)).default([]),
    rrule: z.string().trim().max(300, "At most 300 characters").optional(),
    start_time: time("start"),
    end_time: time("end"),
    break_minutes: z.coerce
      .number({ invalid_type_error: "Enter minutes" })
      .int("Whole minutes")
      .min(0, "0 to 240 minutes")
      .max(240, "0 to 240 minutes")
      .default(0),
    jobsite_id: z.coerce.number().int().positive().optional(),
    valid_from: day("first day"),
    valid_to: day("last day").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.pattern === "weekly" && v.days.length === 0)
      ctx.addIssue({ code: "custom", path: ["days"], message: "Pick at least one day" });
    if (v.pattern === "rrule" && !/^(RRULE:)?FREQ=/i.test(v.rrule ?? ""))
      ctx.addIssue({
        code: "custom",
        path: ["rrule"],
        message: "Write a rule such as FREQ=WEEKLY;INTERVAL=2;BYDAY=SA",
      });
    if (v.valid_to && v.valid_to < v.valid_from)
      ctx.addIssue({
        code: "custom",
        path: ["valid_to"],
        message: "The end must not be before the start",
      });
  });
export type RosterForm = z.infer<typeof RosterSchema>;

export const QuestionSchema = z.object({
  text: z
    .string({ required_error: "Enter the question" })
    .trim()
    .min(1, "Enter the question")
    .max(300, "At most 300 characters"),
  attention_answer: z.enum(["yes", "no"], {
    required_error: "Pick the answer that needs attention",
  }),
});
