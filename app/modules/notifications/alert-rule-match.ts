/**
 * Alert rules, pure: which upstream event kinds reach a user, for which vehicles or groups, by
 * which channels, and quiet hours (push and email stay silent; the in-app feed and webhooks,
 * which are machines or a record, still receive). Shared by the event sync and the rules page.
 */
import { z } from "zod";
import {
  fromDistanceUnit,
  MEASUREMENTS,
  parseMeasurement,
  speedLabel,
  type Measurement,
} from "~/lib/units";
import { type AlertRuleShape, automationFromAlertRule } from "~/lib/automations/alert-rules";
import { isQuietAt, matchesEvent, meetsAlertThresholds } from "~/lib/automations/engine";

export const EVENT_KINDS = [
  "geofence_enter",
  "geofence_exit",
  "overspeed",
  "offline",
  "online",
  "low_battery",
  "temperature_out_of_range",
  "harsh_driving",
  "maintenance_due",
  // Raised by the app itself (environment limits on humidity and other non-temperature channels).
  "sensor_out_of_range",
] as const;
export type AlertKind = (typeof EVENT_KINDS)[number];
const ALERT_KINDS: ReadonlySet<string> = new Set(EVENT_KINDS);
/** Whether an event of the feed is an alert (the feed also carries ignition events). */
export const isAlertKind = (kind: string): kind is AlertKind => ALERT_KINDS.has(kind);

export const KIND_LABELS: Record<AlertKind, string> = {
  geofence_enter: "Geofence entered",
  geofence_exit: "Geofence left",
  overspeed: "Overspeed",
  offline: "Device offline",
  online: "Device back online",
  low_battery: "Low battery",
  temperature_out_of_range: "Temperature out of range",
  harsh_driving: "Harsh driving",
  maintenance_due: "Maintenance due",
  sensor_out_of_range: "Sensor out of range",
};

export const CHANNELS = ["inapp", "push", "email", "webhook"] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = {
  inapp: "In the app",
  push: "Browser push",
  email: "Email",
  webhook: "Webhook",
};

/** Channels quiet hours silence: the ones that interrupt a person. */
const QUIET_CHANNELS: ReadonlySet<Channel> = new Set(["push", "email"]);

/** An alert rule as the engine reads it (operations' AlertRuleShape), with its webhook. */
export type RuleLike = AlertRuleShape & {
  /** The unit system of whoever saved it; its e-mails are written in it. */
  measurement?: string | null;
  webhookUrl?: string | null;
  webhookSecret?: string | null;
};

/** What a user without any rule receives: everything, in the app and as push. */
export const DEFAULT_RULE: RuleLike = {
  id: "default",
  kinds: [...EVENT_KINDS],
  imeis: [],
  groupIds: [],
  channels: ["inapp", "push"],
  quietStart: null,
  quietEnd: null,
  timeZone: "UTC",
  enabled: true,
};

export type EventTarget = {
  kind: string;
  imei: string;
  groupIds: number[];
  /** An overspeed event's speed (km/h), when the upstream sent one. */
  speed?: number | null;
  /** Set on the offline events the app raises once a silence lasts a rule's hours. */
  sustainedHours?: number | null;
};

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since local midnight of `at` in `timeZone` (IANA). */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

/**
 * Whether `at` falls in the quiet hours [start, end) in the rule's time zone. A start after the
 * end spans midnight (22:00–06:00); equal times or none mean no quiet hours.
 */
export function isQuiet(
  rule: Pick<RuleLike, "quietStart" | "quietEnd" | "timeZone">,
  at: Date,
): boolean {
  return isQuietAt(rule.quietStart, rule.quietEnd, at.getTime(), rule.timeZone);
}

/** A rule's thresholds (the automation engine's, which reads notification rules). */
export function meetsThresholds(rule: RuleLike, event: EventTarget): boolean {
  return meetsAlertThresholds(rule, event);
}

/** Read as an automation (one engine for rules and automations). */
const engineEvent = (event: EventTarget, at: Date) => ({
  id: "",
  kind: event.kind,
  imei: event.imei,
  time: at.getTime(),
  groupIds: event.groupIds,
  speed: event.speed ?? null,
  sustainedHours: event.sustainedHours ?? null,
});

/** Kind matches, and the vehicle is named, in a named group, or the rule names neither. */
export function ruleMatches(rule: RuleLike, event: EventTarget, at = new Date()): boolean {
  return matchesEvent(automationFromAlertRule(rule), engineEvent(event, at));
}

export type Webhook = { ruleId: string; url: string; secret: string };
/** `emails`: each address with the unit system its e-mail is written in (its rule's). */
export type Dispatch = {
  channels: Set<Channel>;
  emails: Map<string, Measurement>;
  webhooks: Webhook[];
};

/**
 * What one event does for one user: the union of the channels of every matching rule, minus
 * push and email of rules in quiet hours. A user without rules gets DEFAULT_RULE.
 */
export function dispatchFor(rules: RuleLike[], event: EventTarget, at: Date): Dispatch {
  const out: Dispatch = { channels: new Set(), emails: new Map(), webhooks: [] };
  const seenHooks = new Set<string>();
  for (const rule of rules.length ? rules : [DEFAULT_RULE]) {
    if (!ruleMatches(rule, event, at)) continue;
    const quiet = isQuiet(rule, at);
    for (const c of rule.channels as Channel[]) {
      if (!CHANNELS.includes(c) || (quiet && QUIET_CHANNELS.has(c))) continue;
      if (c === "email") {
        if (!rule.email) continue;
        if (!out.emails.has(rule.email))
          out.emails.set(rule.email, parseMeasurement(rule.measurement));
      }
      if (c === "webhook") {
        if (!rule.webhookUrl || !rule.webhookSecret) continue;
        if (seenHooks.has(rule.webhookUrl)) continue;
        seenHooks.add(rule.webhookUrl);
        out.webhooks.push({ ruleId: rule.id, url: rule.webhookUrl, secret: rule.webhookSecret });
      }
      out.channels.add(c);
    }
  }
  return out;
}

// ------------------------------------------------------------------ the rule form

const TIME_ZONES: ReadonlySet<string> = new Set(
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [],
);
export const isTimeZone = (tz: string) => tz === "UTC" || TIME_ZONES.has(tz);

const blankToUndefined = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;
const list = (v: unknown) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]);

/** The rule form (server-validated; checkbox groups arrive as repeated fields). */
export const alertRuleSchema = z
  .object({
    name: z
      .string({ required_error: "Give the rule a name" })
      .trim()
      .min(1, "Give the rule a name")
      .max(80, "At most 80 characters"),
    kinds: z.preprocess(
      list,
      z.array(z.enum(EVENT_KINDS)).min(1, "Choose at least one kind of alert"),
    ),
    imeis: z.preprocess(
      list,
      z.array(z.string().regex(/^\d{6,20}$/, "Not a vehicle of your fleet")).max(500),
    ),
    groupIds: z.preprocess(list, z.array(z.coerce.number().int().positive()).max(200)),
    channels: z.preprocess(list, z.array(z.enum(CHANNELS)).min(1, "Choose at least one channel")),
    email: z.string().trim().email("Enter an email address").max(200).optional(),
    webhookUrl: z
      .string()
      .trim()
      .url("Enter the webhook's http(s) address")
      .max(500)
      .refine((u) => /^https?:\/\//i.test(u), "Enter the webhook's http(s) address")
      .optional(),
    webhookSecret: z.string().trim().min(16, "At least 16 characters").max(200).optional(),
    quietStart: z.string().regex(HHMM, "Use HH:mm, e.g. 22:00").optional(),
    quietEnd: z.string().regex(HHMM, "Use HH:mm, e.g. 06:00").optional(),
    timeZone: z.string().refine(isTimeZone, "Choose a time zone").default("UTC"),
    enabled: z
      .preprocess((v) => v === "on" || v === "true" || v === true, z.boolean())
      .default(false),
    /** The overspeed threshold in the unit the form showed (`speedUnit`); stored in km/h. */
    speedLimit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: "Enter a speed" })
        .int("Enter a whole number")
        .optional(),
    ),
    speedUnit: z.enum(MEASUREMENTS).default("metric"),
    offlineHours: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ invalid_type_error: "Enter a number of hours" })
        .int("Enter a whole number of hours")
        .min(1, "At least 1 hour")
        .max(720, "At most 720 hours (30 days)")
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.channels.includes("email") && !v.email)
      ctx.addIssue({
        code: "custom",
        path: ["email"],
        message: "Enter the address for email alerts",
      });
    if (v.channels.includes("webhook") && !v.webhookUrl)
      ctx.addIssue({
        code: "custom",
        path: ["webhookUrl"],
        message: "Enter the webhook's address",
      });
    if (v.channels.includes("webhook") && !v.webhookSecret)
      ctx.addIssue({
        code: "custom",
        path: ["webhookSecret"],
        message: "Enter a signing secret (16+ characters)",
      });
    if (v.speedLimit !== undefined) {
      const [lo, hi] = SPEED_LIMIT_RANGE[v.speedUnit];
      const unit = speedLabel(v.speedUnit);
      if (v.speedLimit < lo || v.speedLimit > hi)
        ctx.addIssue({
          code: "custom",
          path: ["speedLimit"],
          message: v.speedLimit < lo ? `At least ${lo} ${unit}` : `At most ${hi} ${unit}`,
        });
    }
    if (Boolean(v.quietStart) !== Boolean(v.quietEnd)) {
      ctx.addIssue({
        code: "custom",
        path: [v.quietStart ? "quietEnd" : "quietStart"],
        message: "Give both the start and the end of quiet hours",
      });
    }
  })
  .transform(({ speedLimit, speedUnit, ...rule }) => ({
    ...rule,
    // The form shows the author's unit: their e-mails are written in it too.
    measurement: speedUnit,
    speedLimitKmh:
      speedLimit === undefined ? undefined : Math.round(fromDistanceUnit(speedLimit, speedUnit)),
  }));
export type AlertRuleInput = z.infer<typeof alertRuleSchema>;

/** The overspeed threshold a rule may hold, in each unit: 10–300 km/h, 6–186 mph. */
export const SPEED_LIMIT_RANGE = { metric: [10, 300], imperial: [6, 186] } as const;
