/**
 * The automation builder's form (browser and server alike: Conform validates it in both). One
 * trigger, then lists of conditions and actions whose items carry their kind in a hidden field
 * (each is added by its own button, so the page works without JavaScript).
 */
import { z } from "zod";
import { kmhFromInput, MEASUREMENTS, speedLabel } from "~/lib/units";
import {
  ACTION_KINDS,
  CHANNELS,
  SENSORS,
  TRIGGER_TYPES,
  type Action,
  type Automation,
  type Condition,
  type Trigger,
} from "~/lib/automations/model";

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const CONDITION_KINDS = ["time", "vehicles", "drivers", "jobsites"] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];
export const CONDITION_LABELS: Record<ConditionKind, string> = {
  time: "a time window",
  vehicles: "vehicles, groups or tags",
  drivers: "drivers",
  jobsites: "jobsites",
};
export const NO_ACTION_MESSAGE =
  "Add at least one action: an automation without an action would never do anything";

const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;
const list = (v: unknown) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]);
const int = (msg: string) =>
  z.preprocess(blank, z.coerce.number({ invalid_type_error: msg }).int(msg).optional());
const num = (msg: string) =>
  z.preprocess(blank, z.coerce.number({ invalid_type_error: msg }).optional());
const text = (max: number) => z.preprocess(blank, z.string().trim().max(max).optional());

const conditionSchema = z.object({
  kind: z.enum(CONDITION_KINDS),
  start: text(5),
  end: text(5),
  days: z.preprocess(list, z.array(z.coerce.number().int().min(0).max(6))),
  imeis: z.preprocess(list, z.array(z.string().regex(/^\d{1,20}$/)).max(1000)),
  groupIds: z.preprocess(list, z.array(z.coerce.number().int().positive()).max(500)),
  tagIds: z.preprocess(list, z.array(z.coerce.number().int().positive()).max(500)),
  ids: z.preprocess(list, z.array(z.coerce.number().int().positive()).max(1000)),
});

const actionSchema = z.object({
  kind: z.enum(ACTION_KINDS),
  channels: z.preprocess(list, z.array(z.enum(CHANNELS))),
  email: text(200),
  url: text(500),
  title: text(120),
  linkId: text(100),
});

/** The overspeed threshold an automation may hold, in each unit: 10–300 km/h, 6–186 mph. */
const ABOVE_RANGE = { metric: [10, 300], imperial: [6, 186] } as const;

export const AutomationSchema = z
  .object({
    name: z
      .string({ required_error: "Give the automation a name" })
      .trim()
      .min(1, "Give the automation a name")
      .max(80, "At most 80 characters"),
    enabled: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
    triggerType: z.enum(TRIGGER_TYPES, { errorMap: () => ({ message: "Choose a trigger" }) }),
    geofenceOn: z.enum(["enter", "exit"]).default("enter"),
    ignitionOn: z.enum(["on", "off"]).default("on"),
    /** In the unit the builder showed (`speedUnit`); stored in km/h. */
    aboveKmh: int("Enter a whole number"),
    speedUnit: z.enum(MEASUREMENTS).default("metric"),
    offlineHours: int("Enter a whole number of hours"),
    sensor: z.enum(SENSORS).default("temperature"),
    sensorOp: z.enum(["above", "below"]).default("above"),
    sensorLimit: num("Enter a number"),
    sensorMinutes: int("Enter a whole number of minutes"),
    rrule: text(500),
    formId: int("Enter the form's number"),
    cooldownMinutes: z.preprocess(
      blank,
      z.coerce
        .number({ invalid_type_error: "Enter a whole number of minutes" })
        .int("Enter a whole number of minutes")
        .min(0, "0 or more")
        .max(10_080, "At most 10080 (a week)")
        .default(15),
    ),
    maxPerHour: z.preprocess(
      blank,
      z.coerce
        .number({ invalid_type_error: "Enter a whole number" })
        .int("Enter a whole number")
        .min(0, "0 or more")
        .max(1000, "At most 1000")
        .default(20),
    ),
    conditions: z.array(conditionSchema).max(20, "At most 20 conditions").default([]),
    actions: z.array(actionSchema).max(10, "At most 10 actions").default([]),
  })
  .superRefine((v, ctx) => {
    const need = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: "custom", path, message });
    const [lo, hi] = ABOVE_RANGE[v.speedUnit];
    if (
      v.triggerType === "overspeed" &&
      v.aboveKmh !== undefined &&
      (v.aboveKmh < lo || v.aboveKmh > hi)
    )
      need(["aboveKmh"], `Between ${lo} and ${hi} ${speedLabel(v.speedUnit)}`);
    if (
      v.triggerType === "offline" &&
      (v.offlineHours === undefined || v.offlineHours < 1 || v.offlineHours > 720)
    )
      need(["offlineHours"], "Enter 1 to 720 hours");
    if (v.triggerType === "sensor") {
      if (v.sensorLimit === undefined) need(["sensorLimit"], "Enter the limit");
      if (v.sensorMinutes !== undefined && (v.sensorMinutes < 0 || v.sensorMinutes > 1440))
        need(["sensorMinutes"], "Between 0 and 1440 minutes");
    }
    if (v.triggerType === "schedule" && !v.rrule)
      need(["rrule"], "Enter a schedule, e.g. FREQ=DAILY;BYHOUR=7;BYMINUTE=0");
    v.conditions.forEach((c, i) => {
      if (c.kind === "time") {
        if (!c.start || !HHMM.test(c.start))
          need(["conditions", i, "start"], "Use HH:mm, e.g. 22:00");
        if (!c.end || !HHMM.test(c.end)) need(["conditions", i, "end"], "Use HH:mm, e.g. 06:00");
      }
      if (c.kind === "vehicles" && !c.imeis.length && !c.groupIds.length && !c.tagIds.length)
        need(["conditions", i, "imeis"], "Choose at least one vehicle, group or tag");
      if ((c.kind === "drivers" || c.kind === "jobsites") && !c.ids.length)
        need(["conditions", i, "ids"], `Choose at least one of the ${c.kind}`);
    });
    if (!v.actions.length) need(["actions"], NO_ACTION_MESSAGE);
    v.actions.forEach((a, i) => {
      const email = (s: string | undefined) => !!s && z.string().email().safeParse(s).success;
      if (a.kind === "notify") {
        if (!a.channels.filter((c) => c !== "webhook").length)
          need(["actions", i, "channels"], "Choose at least one channel");
        if (a.channels.includes("email") && !email(a.email))
          need(["actions", i, "email"], "Enter the address for email");
      }
      if (a.kind === "webhook" && !/^https:\/\/[^\s]+$/i.test(a.url ?? ""))
        need(["actions", i, "url"], "Enter the webhook's https:// address");
      if (a.kind === "ticket" && !a.title)
        need(["actions", i, "title"], "Enter the ticket's title");
      if (a.kind === "fill_link" && !a.linkId)
        need(["actions", i, "linkId"], "Choose a fill-in link");
      if ((a.kind === "fill_link" || a.kind === "email_report") && !email(a.email))
        need(["actions", i, "email"], "Enter an email address");
    });
  });
export type AutomationInput = z.infer<typeof AutomationSchema>;

/** The stored trigger, conditions and actions of a valid form. */
export function ruleOf(
  v: AutomationInput,
): Pick<
  Automation,
  "name" | "enabled" | "trigger" | "conditions" | "actions" | "cooldownMinutes" | "maxPerHour"
> {
  const trigger: Trigger = (() => {
    switch (v.triggerType) {
      case "geofence":
        return { type: "geofence", on: v.geofenceOn };
      case "ignition":
        return { type: "ignition", on: v.ignitionOn };
      case "overspeed":
        return {
          type: "overspeed",
          aboveKmh: v.aboveKmh == null ? null : Math.round(kmhFromInput(v.aboveKmh, v.speedUnit)),
        };
      case "offline":
        return { type: "offline", hours: v.offlineHours! };
      case "sensor":
        return {
          type: "sensor",
          sensor: v.sensor,
          op: v.sensorOp,
          limit: v.sensorLimit!,
          forMinutes: v.sensorMinutes ?? 0,
        };
      case "schedule":
        return { type: "schedule", rrule: v.rrule! };
      case "form_submitted":
        return { type: "form_submitted", formId: v.formId ?? null };
      case "maintenance_due":
        return { type: "maintenance_due" };
    }
  })();
  const conditions: Condition[] = v.conditions.map((c) =>
    c.kind === "time"
      ? { kind: "time", start: c.start!, end: c.end!, days: [...new Set(c.days)].sort() }
      : c.kind === "vehicles"
        ? {
            kind: "vehicles",
            imeis: [...new Set(c.imeis)],
            groupIds: [...new Set(c.groupIds)],
            tagIds: [...new Set(c.tagIds)],
          }
        : { kind: c.kind, ids: [...new Set(c.ids)] },
  );
  const actions: Action[] = v.actions.map((a) => {
    switch (a.kind) {
      case "notify":
        return {
          kind: "notify",
          channels: a.channels.filter((c) => c !== "webhook"),
          email: a.email ?? null,
        };
      case "webhook":
        return { kind: "webhook", url: a.url! };
      case "ticket":
        return { kind: "ticket", title: a.title! };
      case "fill_link":
        return { kind: "fill_link", linkId: a.linkId!, email: a.email! };
      case "email_report":
        return { kind: "email_report", email: a.email! };
    }
  });
  return {
    name: v.name,
    enabled: v.enabled,
    trigger,
    conditions,
    actions,
    cooldownMinutes: v.cooldownMinutes,
    maxPerHour: v.maxPerHour,
  };
}

/** A form's values (strings, as posted) for an automation, for editing. */
export type Draft = Record<string, unknown> & {
  conditions: Record<string, unknown>[];
  actions: Record<string, unknown>[];
};

export function draftOf(
  a: Pick<
    Automation,
    "name" | "enabled" | "trigger" | "conditions" | "actions" | "cooldownMinutes" | "maxPerHour"
  >,
): Draft {
  const t = a.trigger;
  const s = (n: number | null | undefined) => (n == null ? "" : String(n));
  return {
    name: a.name,
    enabled: a.enabled ? "on" : "",
    triggerType: t.type === "events" ? "overspeed" : t.type,
    geofenceOn: t.type === "geofence" ? t.on : "enter",
    ignitionOn: t.type === "ignition" ? t.on : "on",
    aboveKmh: t.type === "overspeed" ? s(t.aboveKmh) : "",
    speedUnit: "metric",
    offlineHours: t.type === "offline" ? s(t.hours) : "",
    sensor: t.type === "sensor" ? t.sensor : "temperature",
    sensorOp: t.type === "sensor" ? t.op : "above",
    sensorLimit: t.type === "sensor" ? s(t.limit) : "",
    sensorMinutes: t.type === "sensor" ? s(t.forMinutes) : "",
    rrule: t.type === "schedule" ? t.rrule : "",
    formId: t.type === "form_submitted" ? s(t.formId) : "",
    cooldownMinutes: String(a.cooldownMinutes),
    maxPerHour: String(a.maxPerHour),
    conditions: a.conditions.map((c) =>
      c.kind === "time"
        ? { kind: c.kind, start: c.start, end: c.end, days: c.days.map(String) }
        : c.kind === "vehicles"
          ? {
              kind: c.kind,
              imeis: c.imeis,
              groupIds: c.groupIds.map(String),
              tagIds: c.tagIds.map(String),
            }
          : { kind: c.kind, ids: c.ids.map(String) },
    ),
    actions: a.actions.map((x) => ({ ...x, channels: x.kind === "notify" ? x.channels : [] })),
  };
}

export const EMPTY_DRAFT: Draft = {
  name: "",
  enabled: "on",
  triggerType: "overspeed",
  cooldownMinutes: "15",
  maxPerHour: "20",
  conditions: [],
  actions: [],
};
