/** Form schemas of the insight-tags module (shared by browser and server). */
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { PUBLIC_FIELDS, WIKI_PERMISSIONS, normaliseUuid } from "./rules";

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

const requiredName = z
  .string({ required_error: "Enter a name" })
  .trim()
  .min(1, "Enter a name")
  .max(80, "At most 80 characters");

/** Create or rename a category or folder: the one name field (ids travel in hidden fields). */
export const nameSchema = z.object({ name: requiredName });

/** The longest page text the wiki takes (characters); the upstream's limit too. */
export const PAGE_BODY_MAX = 100_000;

/** A wiki page: a title unique in its folder and its Markdown text. */
export const pageSchema = z.object({
  title: z
    .string({ required_error: "Enter a title" })
    .trim()
    .min(1, "Enter a title")
    .max(120, "At most 120 characters"),
  body: z
    .string()
    .max(PAGE_BODY_MAX, `At most ${PAGE_BODY_MAX.toLocaleString("en")} characters`)
    .optional()
    .default(""),
});

/** What a tag's public page shows, field by field, and the owner contact it may show. */
export const publicFieldsSchema = z.object({
  field: z.array(z.enum(PUBLIC_FIELDS)).optional().default([]),
  ownerContact: text(200),
});

const setting = z.enum(["default", "allow", "refuse"]).optional().default("default");
/** One user's wiki permissions: each explicit (allow / refuse) or back to the §3 default. */
export const wikiPermissionsFormSchema = z.object({
  userId: z.coerce.number({ message: "Choose a user" }).int().positive("Choose a user"),
  ...(Object.fromEntries(WIKI_PERMISSIONS.map((p) => [p, setting])) as Record<
    (typeof WIKI_PERMISSIONS)[number],
    typeof setting
  >),
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

/**
 * What a wiki form's post answers when it does not redirect: the intent and item it was for, the
 * Conform reply (field errors, typed values) or the item whose delete is to be confirmed.
 */
export type WikiActionData = {
  intent: string;
  id?: number;
  reply?: SubmissionResult<string[]>;
  confirmFor?: string;
};
