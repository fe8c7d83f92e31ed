/** Input rules of the logbook forms (zod on every action input) and the page's query. */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";
import { addDays, startOfDay, zonedLocalToUtc } from "~/lib/zoned-days";
import { dayRange, purposeParam } from "./trip-query";
import { fromDistanceUnit, parseMeasurement } from "~/lib/units";
import { MAX_LOG_DAYS } from "./trips.server";

export const PurposeSchema = z.object({
  intent: z.literal("purpose"),
  id: z.string().min(1, "Pick a trip"),
  purpose: z.enum(["business", "private"], {
    errorMap: () => ({ message: "Choose business or private" }),
  }),
  description: z.string().trim().max(200, "At most 200 characters").default(""),
});

export const DeleteSchema = z.object({
  intent: z.literal("delete"),
  id: z.string().min(1),
  confirm: z.literal("yes").optional(),
});

const local = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and time")
  .refine(hasSaneDay, DAY_MESSAGE);
const optionalNumber = z
  .string()
  .trim()
  .transform((s, ctx) => {
    if (s === "") return undefined;
    const n = Number(s);
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: "custom", message: "Enter a reading in numbers, or leave it empty" });
      return z.NEVER;
    }
    return n;
  });

export const AddSchema = z
  .object({
    intent: z.literal("add"),
    logstart: local,
    logstop: local,
    purpose: z.enum(["business", "private"], {
      errorMap: () => ({ message: "Choose business or private" }),
    }),
    description: z
      .string()
      .trim()
      .min(1, "Say what the trip was for")
      .max(200, "At most 200 characters"),
    driver: z.string().trim().max(100).default(""),
    start_odometer: optionalNumber.default(""),
    end_odometer: optionalNumber.default(""),
  })
  .superRefine((v, ctx) => {
    if (v.logstop <= v.logstart)
      ctx.addIssue({
        code: "custom",
        path: ["logstop"],
        message: "The end must be after the start",
      });
    if (
      v.start_odometer !== undefined &&
      v.end_odometer !== undefined &&
      v.end_odometer < v.start_odometer
    )
      ctx.addIssue({
        code: "custom",
        path: ["end_odometer"],
        message: "The end reading must not be below the start reading",
      });
    if ((v.start_odometer === undefined) !== (v.end_odometer === undefined))
      ctx.addIssue({
        code: "custom",
        path: [v.start_odometer === undefined ? "start_odometer" : "end_odometer"],
        message: "Give both readings, or neither",
      });
  });

export type AddFields = Partial<
  Record<
    | "logstart"
    | "logstop"
    | "purpose"
    | "description"
    | "driver"
    | "start_odometer"
    | "end_odometer",
    string
  >
>;

/** The typed values, as instants and kilometres. */
export function newTripFrom(
  v: z.infer<typeof AddSchema>,
  imei: string,
  timeZone: string,
  measurement: string | null,
) {
  const m = parseMeasurement(measurement);
  const start = zonedLocalToUtc(v.logstart, timeZone);
  const stop = zonedLocalToUtc(v.logstop, timeZone);
  return {
    imei,
    logstart: new Date(start).toISOString(),
    logstop: new Date(stop).toISOString(),
    purpose: v.purpose,
    description: v.description,
    driver: v.driver || null,
    ...(v.start_odometer !== undefined
      ? { start_odometer: Math.round(fromDistanceUnit(v.start_odometer, m) * 10) / 10 }
      : {}),
    ...(v.end_odometer !== undefined
      ? { end_odometer: Math.round(fromDistanceUnit(v.end_odometer, m) * 10) / 10 }
      : {}),
  };
}

/** The logbook's filters from the address: vehicle, period (90 days by default, as the upstream), purpose, driver. */
export function logbookQuery(params: URLSearchParams, timeZone: string, firstImei: string | null) {
  const imei = params.get("imei") || firstImei;
  const range = dayRange(params, timeZone, 90, MAX_LOG_DAYS);
  const from = startOfDay(range.from, timeZone);
  const to = startOfDay(addDays(range.to, 1), timeZone);
  return {
    imei,
    range,
    from,
    to,
    purpose: purposeParam(params),
    driver: params.get("driver") || null,
  };
}
