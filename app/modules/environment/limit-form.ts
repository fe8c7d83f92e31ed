/** The sensor limit form (browser and server alike: Conform validates it in both). */
import { z } from "zod";
import { TEMPERATURE_UNIT_LABELS } from "~/lib/units";

export const LIMIT_CHANNELS = ["temperature", "humidity", "battery"] as const;
export const UNITS_OF: Record<string, readonly string[]> = {
  temperature: ["C", "F"],
  humidity: ["%"],
  battery: ["%"],
};
export const UNIT_LABEL: Record<string, string> = { ...TEMPERATURE_UNIT_LABELS, "%": "%" };

const optionalNumber = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? undefined : Number(v)),
  z.number({ invalid_type_error: "Enter a number" }).finite("Enter a number").optional(),
);

export const LimitSchema = z
  .object({
    channel: z.enum(LIMIT_CHANNELS, { errorMap: () => ({ message: "Choose a channel" }) }),
    min: optionalNumber,
    max: optionalNumber,
    unit: z.string({ required_error: "Choose a unit" }),
    duration: z.preprocess(
      (v) => (v === "" || v === undefined ? undefined : Number(v)),
      z
        .number({
          required_error: "Enter how many minutes before alerting (0 alerts at once)",
          invalid_type_error: "Enter a whole number of minutes",
        })
        .int("Enter a whole number of minutes")
        .min(0, "The duration cannot be negative")
        .max(10080, "At most 10080 minutes (a week)"),
    ),
  })
  .superRefine((v, ctx) => {
    const units = UNITS_OF[v.channel] ?? [];
    if (!units.includes(v.unit))
      ctx.addIssue({
        code: "custom",
        path: ["unit"],
        message: `Unknown unit "${v.unit}": use ${units.map((u) => UNIT_LABEL[u]).join(" or ")} for ${v.channel}`,
      });
    if (v.min === undefined && v.max === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["max"],
        message: "Enter a minimum, a maximum or both",
      });
    if (v.min !== undefined && v.max !== undefined && v.min > v.max)
      ctx.addIssue({
        code: "custom",
        path: ["min"],
        message: "The minimum must not be above the maximum",
      });
  });
export type LimitForm = z.infer<typeof LimitSchema>;

export const SignOffSchema = z.object({
  name: z
    .string({ required_error: "Enter your name" })
    .trim()
    .min(1, "Enter your name")
    .max(80, "At most 80 characters"),
  note: z.string().trim().max(500, "At most 500 characters").default(""),
});
export type SignOffForm = z.infer<typeof SignOffSchema>;
