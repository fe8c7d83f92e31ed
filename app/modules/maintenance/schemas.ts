/**
 * The maintenance forms' schemas, shared by the browser (Conform's client validation) and the
 * server (parseForm): messages appear next to their field and the typed values are kept.
 */
import { z } from "zod";
import { isoDay } from "~/lib/zoned-time";
import { distanceLabel, MEASUREMENTS } from "~/lib/units";
import { DAY_MESSAGE, isSaneDay, optionalDay } from "~/lib/input";

const amount = z
  .number({ invalid_type_error: "Enter a number." })
  .min(0, "Must not be negative.")
  .optional();
const lines = z
  .string()
  .optional()
  .transform((s) =>
    (s ?? "")
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
  );

/** The unit the form's distances were typed in (a hidden field: the reader's setting). */
const measurement = z.enum(MEASUREMENTS).default("metric");

export const NO_INTERVAL = "Give at least one interval: distance, engine hours or time.";
export const soonTooLarge = (interval: string) =>
  `The due-soon threshold must not be larger than its interval (${interval}).`;

export const TemplateSchema = z
  .object({
    name: z.string({ required_error: "Give the template a name." }).trim().min(1).max(120),
    code: z.string().trim().max(40).optional(),
    checklist: lines,
    parts: lines,
    interval_km: amount,
    interval_hours: amount,
    interval_time: amount,
    interval_unit: z.enum(["days", "months"]).default("months"),
    soon_km: amount,
    soon_hours: amount,
    soon_days: amount,
    rule: z.enum(["first", "last"]).default("first"),
    estimated_minutes: amount,
    estimated_cost: amount,
    measurement,
  })
  .superRefine((t, ctx) => {
    if (!t.interval_km && !t.interval_hours && !t.interval_time)
      ctx.addIssue({ code: "custom", path: ["interval_km"], message: NO_INTERVAL });
    const over = (
      soon: number | undefined,
      iv: number | undefined,
      path: string,
      label: string,
    ) => {
      if (soon !== undefined && iv && soon > iv)
        ctx.addIssue({ code: "custom", path: [path], message: soonTooLarge(label) });
    };
    over(t.soon_km, t.interval_km, "soon_km", `${t.interval_km} ${distanceLabel(t.measurement)}`);
    over(t.soon_hours, t.interval_hours, "soon_hours", `${t.interval_hours} h`);
    const days =
      t.interval_time && (t.interval_unit === "months" ? t.interval_time * 30 : t.interval_time);
    over(t.soon_days, days, "soon_days", `${t.interval_time} ${t.interval_unit}`);
  });
export type TemplateForm = z.infer<typeof TemplateSchema>;

export const ProgrammeSchema = z.object({
  name: z.string({ required_error: "Give the programme a name." }).trim().min(1).max(120),
  template_ids: z
    .array(z.number().int(), { required_error: "Choose at least one template." })
    .min(1, "Choose at least one template."),
  imeis: z.array(z.string()).default([]),
  group_ids: z.array(z.number().int()).default([]),
});

export const CompletionSchema = z.object({
  task_id: z.number().int(),
  done_at: z
    .string({ required_error: "Give the date of the service." })
    .refine(isSaneDay, DAY_MESSAGE)
    .refine(
      // The form's default is the company's today, which may be tomorrow in UTC (Brisbane after
      // 14:00 UTC): a day is in the future only once no zone on Earth (UTC+14) has reached it.
      (s) => !isSaneDay(s) || s <= isoDay(Date.now() + 14 * 3_600_000),
      "The service date cannot be in the future.",
    ),
  odometer_km: amount,
  engine_hours: amount,
  cost: amount,
  notes: z.string().max(2000).optional(),
  measurement,
});

export const TaskSchema = z.object({
  title: z.string({ required_error: "Give the task a title." }).trim().min(1).max(160),
  imei: z.string().optional(),
  assignee_id: z.number().int().optional(),
  due_at: optionalDay(),
  notes: z.string().max(2000).optional(),
});

export const TASK_LABELS = {
  open: "Open",
  in_progress: "In progress",
  on_hold: "On hold",
  done: "Done",
  cancelled: "Cancelled",
} as const;
export const ASSET_LABELS = {
  in_service: "In service",
  due_soon: "Due soon",
  in_workshop: "In workshop",
  out_of_service: "Out of service",
} as const;
export const STATUS_LABELS = { ok: "OK", due_soon: "Due soon", overdue: "Overdue" } as const;

/** The statuses a task can be given by editing it: Done needs the completion form's meter reading. */
export const EDITABLE_STATUSES = ["open", "in_progress", "on_hold", "cancelled"] as const;

/**
 * Editing a task. The checklist is its items as fields (text, ticked); an emptied text removes the
 * item, `new_item` adds one, and a Remove button sends `remove_item` (its index), so each works
 * without JavaScript.
 */
export const EditTaskSchema = z.object({
  task_id: z.number().int(),
  assignee_id: z.number().int().optional(),
  due_at: optionalDay(),
  status: z.enum(EDITABLE_STATUSES).optional(),
  notes: z.string().max(2000, "At most 2,000 characters.").optional(),
  cost: amount,
  checklist: z
    .array(
      z.object({
        text: z.string().trim().max(200, "At most 200 characters.").optional(),
        done: z.boolean().default(false),
      }),
    )
    .default([]),
  new_item: z.string().trim().max(200, "At most 200 characters.").optional(),
  remove_item: z.number().int().min(0).optional(),
});
export type EditTaskForm = z.infer<typeof EditTaskSchema>;
