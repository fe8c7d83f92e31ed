/** Form schemas of the drivers module (shared by browser and server). */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";
import { SCORED } from "./behaviours";

const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string().max(max, `At most ${max} characters`).optional(),
  );

/** Review statuses of a safety event, shared with the dashcam inbox (its video events). */
export const REVIEW_STATUSES = [
  "needs_review",
  "needs_coaching",
  "coached",
  "reviewed",
  "dismissed",
] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_LABEL: Record<ReviewStatus, string> = {
  needs_review: "Needs review",
  needs_coaching: "Needs coaching",
  coached: "Coached",
  reviewed: "Reviewed",
  dismissed: "Dismissed",
};

export const reviewSchema = z
  .object({
    eventId: z.string().min(1).max(100),
    status: z.enum(REVIEW_STATUSES),
    reason: text(200),
    note: text(1000),
  })
  .refine((v) => v.status !== "dismissed" || !!v.reason, {
    path: ["reason"],
    message: "Say why the incident is dismissed",
  });

const num = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : undefined),
    z.number({ required_error: msg, invalid_type_error: msg }),
  );

/** The flat settings form: w_<behaviour>, k_<behaviour>, band_low/mild/medium, minDistanceKm. */
export const settingsFormSchema = z.object({
  ...Object.fromEntries(SCORED.map((b) => [`w_${b}`, num("Enter a weight")])),
  ...Object.fromEntries(SCORED.map((b) => [`k_${b}`, num("Enter k")])),
  band_low: num("Enter a score"),
  band_mild: num("Enter a score"),
  band_medium: num("Enter a score"),
  minDistanceKm: num("Enter a distance"),
}) as z.ZodType<Record<string, number>>;

const uidText = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .trim()
          .replace(/[\s:-]/g, "")
          .toUpperCase()
      : v,
  z
    .string({ required_error: "Enter the tag's uid" })
    .min(1, "Enter the tag's uid")
    .regex(/^[0-9A-F]{8,16}$/, "A tag uid is 8 to 16 hexadecimal characters (0–9, A–F)"),
);

export const tagCreateSchema = z.object({
  uid: uidText,
  label: text(60),
  driverId: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().optional()),
});

export const driverFormSchema = z.object({
  id: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().optional()),
  first_name: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ required_error: "Enter a first name" }).min(1, "Enter a first name").max(60),
  ),
  last_name: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ required_error: "Enter a last name" }).min(1, "Enter a last name").max(60),
  ),
  employee_number: text(40),
  phone: text(40),
  email: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim() : undefined),
    z.string().email("Enter an email address").max(80).optional(),
  ),
  licence_number: text(40),
  licence_class: text(10),
  licence_expiry: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim() : undefined),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date (YYYY-MM-DD)")
      .refine(hasSaneDay, DAY_MESSAGE)
      .optional(),
  ),
});
export type DriverForm = z.infer<typeof driverFormSchema>;
