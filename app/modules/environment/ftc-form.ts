/** The product profile and load forms (browser and server alike: Conform validates them in both). */
import { z } from "zod";
import { TEMPERATURE_UNIT_LABELS } from "~/lib/units";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";

export const TEMP_UNITS = ["C", "F"] as const;

const blank = (v: unknown) => (v === "" || v === undefined || v === null ? undefined : v);
const optionalNumber = z.preprocess(
  (v) => (blank(v) === undefined ? undefined : Number(v)),
  z.number({ invalid_type_error: "Enter a number" }).finite("Enter a number").optional(),
);
const minutes = (what: string) =>
  z
    .number({ invalid_type_error: "Enter a whole number of minutes" })
    .int("Enter a whole number of minutes")
    .min(0, `The ${what} cannot be negative`)
    .max(43200, "At most 43200 minutes (30 days)");
const requiredMinutes = (what: string) =>
  z.preprocess((v) => (blank(v) === undefined ? undefined : Number(v)), minutes(what).optional());
/** Blank means "not suppressed" for door and defrost windows. */
const optionalMinutes = requiredMinutes;

export const ProfileSchema = z
  .object({
    id: z.preprocess(
      (v) => (blank(v) === undefined ? undefined : Number(v)),
      z.number().int().optional(),
    ),
    name: z
      .string({ required_error: "Enter a name" })
      .trim()
      .min(1, "Enter a name")
      .max(80, "At most 80 characters"),
    description: z.string().trim().max(300, "At most 300 characters").default(""),
    unit: z.string({ required_error: "Choose a unit" }),
    t1min: optionalNumber,
    t1max: optionalNumber,
    t1allow: requiredMinutes("allowance"),
    t2min: optionalNumber,
    t2max: optionalNumber,
    t2allow: requiredMinutes("allowance"),
    startup: requiredMinutes("start-up ignore time"),
    door: optionalMinutes("door recovery time"),
    defrost: optionalMinutes("defrost recovery time"),
  })
  .superRefine((v, ctx) => {
    if (!(TEMP_UNITS as readonly string[]).includes(v.unit))
      ctx.addIssue({
        code: "custom",
        path: ["unit"],
        message: `Unknown unit "${v.unit}": use ${TEMPERATURE_UNIT_LABELS.C} or ${TEMPERATURE_UNIT_LABELS.F}`,
      });
    const tier = (n: 1 | 2, required: boolean) => {
      const min = v[`t${n}min`];
      const max = v[`t${n}max`];
      const allow = v[`t${n}allow`];
      if (!required && min === undefined && max === undefined && allow === undefined) return;
      if (min === undefined && max === undefined)
        ctx.addIssue({
          code: "custom",
          path: [`t${n}max`],
          message: "Enter a minimum, a maximum or both",
        });
      if (min !== undefined && max !== undefined && min > max)
        ctx.addIssue({
          code: "custom",
          path: [`t${n}min`],
          message: "The minimum must not be above the maximum",
        });
      if (allow === undefined)
        ctx.addIssue({
          code: "custom",
          path: [`t${n}allow`],
          message: "Enter the minutes allowed outside (0 for none)",
        });
    };
    tier(1, true);
    tier(2, false);
    if (v.startup === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["startup"],
        message: "Enter the start-up minutes to ignore (0 for none)",
      });
  });
export type ProfileForm = z.infer<typeof ProfileSchema>;

/** "YYYY-MM-DDTHH:mm" as typed in a datetime-local field, in the company's time zone. */
const localTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "Enter a date and time")
  .refine(hasSaneDay, DAY_MESSAGE);

export const LoadSchema = z
  .object({
    id: z.preprocess(
      (v) => (blank(v) === undefined ? undefined : Number(v)),
      z.number().int().optional(),
    ),
    imei: z.string({ required_error: "Choose a device" }).min(1, "Choose a device"),
    profileId: z.preprocess(
      (v) => (blank(v) === undefined ? undefined : Number(v)),
      z
        .number({ required_error: "Choose a profile", invalid_type_error: "Choose a profile" })
        .int(),
    ),
    product: z
      .string({ required_error: "Enter the product" })
      .trim()
      .min(1, "Enter the product")
      .max(80, "At most 80 characters"),
    reference: z
      .string({ required_error: "Enter a reference" })
      .trim()
      .min(1, "Enter a reference")
      .max(80, "At most 80 characters"),
    start: z.string({ required_error: "Enter when the load starts" }).pipe(localTime),
    end: z.preprocess(blank, localTime.optional()),
  })
  .superRefine((v, ctx) => {
    if (v.end !== undefined && v.end <= v.start)
      ctx.addIssue({
        code: "custom",
        path: ["end"],
        message: "The end must be after the start",
      });
  });
export type LoadForm = z.infer<typeof LoadSchema>;
