/**
 * The dispatcher's delivery form and the courier's status form (browser and server alike: Conform
 * validates both). Times are the company's wall-clock times on the delivery's date; addresses are
 * geocoded on the server when saved.
 */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";
import { DELIVERY_STATUSES } from "./status";

const time = (label: string) =>
  z
    .string({ required_error: `Enter the ${label}` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use a time like 09:30");

const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).default("");

/** One item a line: "2 x Carton" or just "Carton" (one of it). */
export function parseItems(text: string): { description: string; quantity: number }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^(\d{1,4})\s*[x×*]\s*(.+)$/i.exec(l);
      return m
        ? { quantity: Number(m[1]), description: m[2]!.trim() }
        : { quantity: 1, description: l };
    });
}

export const itemsText = (items: { description: string; quantity: number }[]) =>
  items.map((i) => `${i.quantity} x ${i.description}`).join("\n");

export const DeliverySchema = z
  .object({
    date: z
      .string({ required_error: "Enter the date" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-03-01")
      .refine(hasSaneDay, DAY_MESSAGE),
    customer: z
      .string({ required_error: "Enter the customer" })
      .trim()
      .min(1, "Enter the customer")
      .max(120, "At most 120 characters"),
    phone: optionalText(40),
    pickup_address: z
      .string({ required_error: "Enter the pickup address" })
      .trim()
      .min(3, "Enter the pickup address")
      .max(300, "At most 300 characters"),
    dropoff_address: z
      .string({ required_error: "Enter the drop-off address" })
      .trim()
      .min(3, "Enter the drop-off address")
      .max(300, "At most 300 characters"),
    window_from: time("window's start"),
    window_to: time("window's end"),
    items: z
      .string({ required_error: "List at least one item" })
      .trim()
      .min(1, "List at least one item")
      .max(5000, "At most 5000 characters")
      .refine((t) => parseItems(t).length <= 50, "At most 50 items"),
    notes: optionalText(1000),
    imei: z.string().trim().default(""),
    driver_id: z.coerce.number().int().positive().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.window_to <= v.window_from)
      ctx.addIssue({
        code: "custom",
        path: ["window_to"],
        message: "The window must end after it starts",
      });
  });
export type DeliveryForm = z.infer<typeof DeliverySchema>;

export const ACTION_STATUSES = DELIVERY_STATUSES.filter((s) => s !== "planned");

/** The courier's one form for every status button: a reason to fail, a name to deliver. */
export const ShipmentStatusSchema = z
  .object({
    status: z.enum(["picked_up", "in_transit", "delivered", "failed"]),
    reason: optionalText(300),
    recipient_name: optionalText(120),
    signature: z.string().max(120_000, "The signature is too large").default(""),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    at: z.string().max(40).optional(),
    ref: z.string().max(80).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === "failed" && !v.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why it was not delivered" });
    if (v.status === "delivered" && !v.recipient_name)
      ctx.addIssue({
        code: "custom",
        path: ["recipient_name"],
        message: "Enter the name of who received it",
      });
  });
export type ShipmentStatusForm = z.infer<typeof ShipmentStatusSchema>;

export const FAIL_REASONS = [
  "Recipient not available",
  "Address not found",
  "Refused by recipient",
  "Damaged in transit",
  "No safe place to leave it",
] as const;

/** How long a recipient's tracking link may live (days; the server keeps it within 1..14). */
export const TRACKING_DAYS_OPTIONS = [1, 2, 7, 14] as const;
