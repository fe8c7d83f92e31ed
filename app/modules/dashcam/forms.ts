/** Form schemas of the dashcam pages (browser-safe): bulk review and footage requests. */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";
import { REVIEW_STATUSES } from "~/modules/drivers";
import { MAX_WINDOW_S, MIN_WINDOW_S } from "./types";

const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string().max(max, `At most ${max} characters`).optional(),
  );

/** Several events set to one status at once (the inbox's selected rows). */
export const bulkReviewSchema = z
  .object({
    ids: z
      .array(z.string().regex(/^[\w-]{1,100}$/), {
        required_error: "Select at least one event",
      })
      .min(1, "Select at least one event")
      .max(200, "At most 200 events at once"),
    status: z.enum(REVIEW_STATUSES, { required_error: "Choose a status" }),
    reason: text(200),
    note: text(1000),
  })
  .refine((v) => v.status !== "dismissed" || !!v.reason, {
    path: ["reason"],
    message: "Say why the events are dismissed",
  });

const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** A window of a camera's footage: from a wall-clock time (company zone), for some seconds. */
export const footageSchema = z.object({
  imei: z.string({ required_error: "Choose a vehicle" }).regex(/^\d{6,20}$/, "Choose a vehicle"),
  from: z
    .string({ required_error: "Enter the start time" })
    .regex(LOCAL, "Enter the start time as a date and time")
    .refine(hasSaneDay, DAY_MESSAGE),
  seconds: z.coerce
    .number({
      required_error: "Enter the length in seconds",
      invalid_type_error: "Enter the length in seconds",
    })
    .int("Enter whole seconds")
    .min(MIN_WINDOW_S, `At least ${MIN_WINDOW_S} seconds`)
    .max(MAX_WINDOW_S, `At most ${MAX_WINDOW_S} seconds (10 minutes)`),
});
export type FootageForm = z.infer<typeof footageSchema>;
