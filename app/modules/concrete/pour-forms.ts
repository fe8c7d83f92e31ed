/**
 * The forms of pours, sensors, links, limit sets, rules and the pour sign-off (browser and server
 * alike). Temperatures are typed in the reader's unit and converted to °C by the server.
 */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";

const text = (label: string, max: number) =>
  z
    .string({ required_error: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `At most ${max} characters`);
const number = (label: string, min: number, max: number) =>
  z.coerce
    .number({ required_error: `Enter ${label}`, invalid_type_error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
const optionalId = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.coerce.number().int().positive().nullable(),
);
const localTime = z
  .string({ required_error: "Enter a date and time" })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Use a date and time like 2026-03-01T07:30")
  .refine(hasSaneDay, DAY_MESSAGE);
const optionalLocalTime = z.preprocess((v) => (v === "" ? undefined : v), localTime.optional());
const ids = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number().int().positive()),
);

export const PourFormSchema = z
  .object({
    element: text("the element", 120),
    jobsite_id: optionalId,
    mix_design_id: optionalId,
    volume_m3: number("Volume", 0.1, 100_000),
    thickness_m: number("Thickness", 0.05, 20),
    placed_at: localTime,
    ended_at: optionalLocalTime,
    limit_set_ids: ids,
    strip_percent: number("Strip target", 1, 200).default(70),
    notes: z.string().trim().max(2000, "At most 2000 characters").default(""),
  })
  .superRefine((v, ctx) => {
    if (v.ended_at && v.ended_at <= v.placed_at)
      ctx.addIssue({
        code: "custom",
        path: ["ended_at"],
        message: "Monitoring must end after the pour was placed",
      });
  });
export type PourForm = z.infer<typeof PourFormSchema>;

export const SensorFormSchema = z.object({
  imei: z
    .string({ required_error: "Enter the sensor's IMEI" })
    .trim()
    .regex(/^\d{15}$/, "The IMEI is 15 digits"),
  nickname: text("a name", 64),
});

export const LinkFormSchema = z
  .object({
    imei: z.string({ required_error: "Choose a sensor" }).trim().min(1, "Choose a sensor"),
    position: z.enum(["core", "surface", "ambient"], {
      errorMap: () => ({ message: "Choose core, surface or ambient" }),
    }),
    depth_mm: number("Depth", 0, 20_000).default(0),
    from: optionalLocalTime,
    to: optionalLocalTime,
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to <= v.from)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "The monitoring window must end after it starts",
      });
  });
export type LinkForm = z.infer<typeof LinkFormSchema>;

export const MIN_ABOVE_MAX = "The minimum temperature must be below the maximum";
export const LimitFormSchema = z
  .object({
    name: text("a name", 80),
    max_temp: number("Maximum temperature", -60, 300),
    min_temp: number("Minimum temperature", -60, 300),
    max_diff: number("Maximum core–surface difference", 0.1, 180),
    max_cooling: number("Maximum cooling rate", 0.1, 90),
    pour_ids: ids,
  })
  .superRefine((v, ctx) => {
    if (v.min_temp >= v.max_temp)
      ctx.addIssue({ code: "custom", path: ["min_temp"], message: MIN_ABOVE_MAX });
  });
export type LimitForm = z.infer<typeof LimitFormSchema>;

export const RuleFormSchema = z.object({
  limit_id: z.coerce.number({ invalid_type_error: "Choose a limit set" }).int().positive(),
  user_ids: ids.refine((v) => v.length > 0, "Choose at least one person to notify"),
  channels: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.enum(["inapp", "push", "email"]))
      .min(1, "Choose at least one way: in the app, push or email"),
  ),
  after_minutes: number("Minutes", 0, 10_080).default(0),
  active: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});
export type RuleForm = z.infer<typeof RuleFormSchema>;

export const SignOffSchema = z.object({
  name: text("your name", 80),
  note: z.string().trim().max(1000, "At most 1000 characters").default(""),
});
