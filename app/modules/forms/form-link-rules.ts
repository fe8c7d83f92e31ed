import { z } from "zod";

/**
 * How long a fill-in link may work. A link printed as a QR code on a depot wall or a vehicle
 * label may work for up to a year (it only opens a form, never shows a position); revoke it any time.
 */
export const FORM_LINK_DURATIONS: { minutes: number; label: string }[] = [
  { minutes: 60, label: "1 hour" },
  { minutes: 24 * 60, label: "1 day" },
  { minutes: 7 * 24 * 60, label: "7 days" },
  { minutes: 30 * 24 * 60, label: "30 days" },
  { minutes: 90 * 24 * 60, label: "90 days" },
  { minutes: 365 * 24 * 60, label: "1 year (printed labels)" },
];
export const FORM_LINK_LABEL_MAX = 80;

/** "Create a fill-in link" (one form per company form on the dashboard; the same rules in the browser and on the server). */
export const FormLinkCreateSchema = z.object({
  intent: z.literal("link-create"),
  formId: z
    .number({ required_error: "Choose a form.", invalid_type_error: "Choose a form." })
    .int()
    .positive("Choose a form."),
  label: z
    .string({ required_error: "Say who the link is for, e.g. Depot QR code." })
    .trim()
    .min(1, "Say who the link is for, e.g. Depot QR code.")
    .max(FORM_LINK_LABEL_MAX, `Use at most ${FORM_LINK_LABEL_MAX} characters.`),
  minutes: z
    .number({
      required_error: "Choose how long the link works.",
      invalid_type_error: "Choose how long the link works.",
    })
    .refine(
      (m) => FORM_LINK_DURATIONS.some((d) => d.minutes === m),
      "Choose how long the link works.",
    ),
});
export type FormLinkCreateInput = z.infer<typeof FormLinkCreateSchema>;

/** Revoke a link: the first post asks for confirmation, the second (confirm=yes) revokes. */
export const FormLinkRevokeSchema = z.object({
  intent: z.literal("link-revoke"),
  id: z.string().min(1).max(100),
  confirm: z.literal("yes").optional(),
});
/** Send a received answer to the forms service again. */
export const SubmissionRetrySchema = z.object({
  intent: z.literal("submission-retry"),
  id: z.string().min(1).max(100),
});
