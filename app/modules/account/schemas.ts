import { z } from "zod";

/** The profile form (first name, last name, email, mobile); the upstream allows names up to 50 characters. */
export const ProfileSchema = z.object({
  first_name: z
    .string({ required_error: "Enter your first name" })
    .trim()
    .min(1, "Enter your first name")
    .max(50, "Use at most 50 characters"),
  last_name: z
    .string({ required_error: "Enter your last name" })
    .trim()
    .min(1, "Enter your last name")
    .max(50, "Use at most 50 characters"),
  email: z
    .string({ required_error: "Enter your email address" })
    .trim()
    .email("Enter a valid email address")
    .max(254),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, "Enter a valid phone number")
    .optional(),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** Every feature flag SPEC §6 names, so the company page lists absent ones too (absent = on). */
export const KNOWN_FEATURES = [
  "dashcam",
  "reporting",
  "cold_chain",
  "automation",
  "insight_tags",
  "vehicle_task_management",
  "inputs",
  "logbook",
  "driver_safety",
  "driver_management",
  "timesheet",
  "forms",
  "ble_beacons",
  "concrete_curing",
] as const;
export type KnownFeature = (typeof KNOWN_FEATURES)[number];

/**
 * The company-settings form: the features left ticked (unticked checkboxes are not posted) and,
 * when that turns features off, `confirm=yes` from the confirmation step.
 */
export const CompanyFeaturesSchema = z.object({
  features: z.array(z.enum(KNOWN_FEATURES)).max(KNOWN_FEATURES.length),
  confirm: z.literal("yes").optional(),
});

/** The full flag map for the ticked features: every known feature explicit, other keys kept as they were. */
export function nextFlags(
  current: Record<string, boolean>,
  on: readonly string[],
): Record<string, boolean> {
  const next = { ...current };
  for (const f of KNOWN_FEATURES) next[f] = on.includes(f);
  return next;
}

/** Known features that are on (or absent, which counts as on) now and off in `next`. */
export function turnedOff(
  current: Record<string, boolean>,
  next: Record<string, boolean>,
): KnownFeature[] {
  return KNOWN_FEATURES.filter((f) => current[f] !== false && next[f] === false);
}

const LABELS: Record<string, string> = { ble_beacons: "BLE beacons" };
export const featureLabel = (f: string) =>
  LABELS[f] ?? f.charAt(0).toUpperCase() + f.slice(1).replace(/_/g, " ");
