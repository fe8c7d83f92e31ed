/** The forms of people, groups, jobsites and purchases (browser and server alike). */
import { z } from "zod";

const ids = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number().int().positive()),
);

export const PersonSchema = z.object({
  first_name: z
    .string({ required_error: "Enter a first name" })
    .trim()
    .min(1, "Enter a first name")
    .max(50, "At most 50 characters"),
  last_name: z
    .string({ required_error: "Enter a last name" })
    .trim()
    .min(1, "Enter a last name")
    .max(50, "At most 50 characters"),
  email: z
    .string({ required_error: "Enter an email address" })
    .trim()
    .email("Enter an email address like name@example.com")
    .max(120, "At most 120 characters"),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, "Enter a phone number like +61 400 000 000")
    .optional(),
  group_ids: ids,
});
export type PersonForm = z.infer<typeof PersonSchema>;

export const GroupSchema = z.object({
  nickname: z
    .string({ required_error: "Enter a name" })
    .trim()
    .min(1, "Enter a name")
    .max(60, "At most 60 characters"),
});

export const PurchaseSchema = z.object({
  plan_id: z.string({ required_error: "Choose a plan" }).min(1, "Choose a plan"),
  devices: z.coerce
    .number({
      required_error: "Enter the number of device licences",
      invalid_type_error: "Enter a whole number",
    })
    .int("Enter a whole number")
    .min(1, "At least 1")
    .max(100000, "At most 100000"),
  users: z.coerce
    .number({
      required_error: "Enter the number of user licences",
      invalid_type_error: "Enter a whole number",
    })
    .int("Enter a whole number")
    .min(1, "At least 1")
    .max(100000, "At most 100000"),
});
export type PurchaseForm = z.infer<typeof PurchaseSchema>;
