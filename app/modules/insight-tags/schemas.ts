/** Form schemas of the insight-tags module (shared by browser and server). */
import { z } from "zod";
import { normaliseUuid } from "./rules";

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional();

export const registerSchema = z.object({
  uuid: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || normaliseUuid(v) !== null, {
      message: "A uuid is 32 hexadecimal digits (dashes optional); leave it empty to generate one",
    }),
  name: z
    .string({ required_error: "Enter a name" })
    .trim()
    .min(1, "Enter a name")
    .max(80, "At most 80 characters"),
  description: text(500),
  kind: z.enum(["gps", "label"], { message: "Choose the kind of tag" }),
  ownerContact: text(200),
});

export const nameSchema = z.object({
  name: z
    .string({ required_error: "Enter a name" })
    .trim()
    .min(1, "Enter a name")
    .max(80, "At most 80 characters"),
});

export const contactSchema = z.object({
  name: text(80),
  email: z.string().trim().email("Enter a valid e-mail address").max(200).optional(),
  message: z
    .string({ required_error: "Write a message" })
    .trim()
    .min(1, "Write a message")
    .max(2000, "At most 2000 characters"),
});
