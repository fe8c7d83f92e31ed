/**
 * An automation as the engine reads it: one trigger, conditions that must all hold, and actions.
 * Browser-safe (the builder and the engine share these types); stored as JSON columns.
 */

export const TRIGGER_TYPES = [
  "geofence",
  "ignition",
  "overspeed",
  "offline",
  "sensor",
  "schedule",
  "form_submitted",
  "maintenance_due",
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const TRIGGER_LABELS: Record<TriggerType | "events", string> = {
  geofence: "Geofence entered or left",
  ignition: "Ignition on or off",
  overspeed: "Overspeed",
  offline: "Offline for at least N hours",
  sensor: "Sensor above or below a limit",
  schedule: "On a schedule",
  form_submitted: "A form is submitted",
  maintenance_due: "Maintenance due",
  events: "Alert events (notification rule)",
};

export type Trigger =
  | { type: "geofence"; on: "enter" | "exit" }
  | { type: "ignition"; on: "on" | "off" }
  /** Above this speed (km/h); null: every overspeed event. */
  | { type: "overspeed"; aboveKmh: number | null }
  | { type: "offline"; hours: number }
  /** Fires once the reading has stayed beyond the limit for `forMinutes` (0: at once). */
  | {
      type: "sensor";
      sensor: SensorName;
      op: "above" | "below";
      limit: number;
      forMinutes: number;
    }
  /** An RFC 5545 recurrence rule (with DTSTART); the scheduler raises its occurrences. */
  | { type: "schedule"; rrule: string }
  | { type: "form_submitted"; formId: number | null }
  | { type: "maintenance_due" }
  /**
   * A notification rule read as an automation: any of its kinds, with its thresholds (an
   * overspeed limit; an offline rule takes the app's "silent N hours" events for exactly its N).
   */
  | { type: "events"; kinds: string[]; speedLimitKmh: number | null; offlineHours: number | null };

export const SENSORS = ["temperature", "battery", "voltage"] as const;
export type SensorName = (typeof SENSORS)[number];

export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

export type Condition =
  /** Local time [start, end) on the given weekdays (0 = Sunday); start > end spans midnight. */
  | { kind: "time"; start: string; end: string; days: number[] }
  /** The vehicle is named, in a named group or has a named tag (any of them). */
  | { kind: "vehicles"; imeis: string[]; groupIds: number[]; tagIds: number[] }
  | { kind: "drivers"; ids: number[] }
  | { kind: "jobsites"; ids: number[] };

export const CHANNELS = ["inapp", "push", "email", "webhook"] as const;
export type Channel = (typeof CHANNELS)[number];

export type Action =
  /**
   * Notify the rule's owner. `quietStart/End`: push and email stay silent then (the in-app feed
   * and webhooks, a record or a machine, still receive) — a notification rule's quiet hours.
   */
  | {
      kind: "notify";
      channels: Channel[];
      email: string | null;
      quietStart?: string | null;
      quietEnd?: string | null;
    }
  | { kind: "webhook"; url: string }
  | { kind: "ticket"; title: string }
  | { kind: "fill_link"; linkId: string; email: string }
  | { kind: "email_report"; email: string };

export const ACTION_KINDS = ["notify", "webhook", "ticket", "fill_link", "email_report"] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
export const ACTION_LABELS: Record<ActionKind, string> = {
  notify: "Notify (in the app, push, email)",
  webhook: "Call a webhook (signed)",
  ticket: "Create a ticket",
  fill_link: "Send a fill-in link",
  email_report: "Email a report",
};

export type Automation = {
  id: string;
  name: string;
  enabled: boolean;
  /** The company's zone: time windows and quiet hours are read in it. */
  timeZone: string;
  trigger: Trigger;
  conditions: Condition[];
  actions: Action[];
  /** The same rule and subject fire at most once in this many minutes (0: no de-duplication). */
  cooldownMinutes: number;
  /** At most this many fires of the rule in any hour (0: no limit). */
  maxPerHour: number;
};

/** What the engine is fed: an upstream alert event, or one the app derives (schedule, forms). */
export type DeviceEvent = {
  id: string;
  kind: string;
  /** Null for company-wide events (a schedule, a form without a vehicle). */
  imei: string | null;
  time: number;
  groupIds?: number[];
  tagIds?: number[];
  driverId?: number | null;
  jobsiteId?: number | null;
  speed?: number | null;
  /** How long the device has been silent, when the event says (offline events). */
  offlineHours?: number | null;
  /** Set on the offline events the app raises once a silence lasts a rule's hours. */
  sustainedHours?: number | null;
  sensors?: Partial<Record<SensorName, number>>;
  formId?: number | null;
  /** A schedule occurrence names its automation. */
  automationId?: string | null;
};
