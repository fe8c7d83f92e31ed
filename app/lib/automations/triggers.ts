/**
 * Triggers: which event kinds an automation listens to, whether an event passes its trigger
 * (allocation-free: it runs for every rule an event reaches) and why, in words.
 */
import { formatSpeed } from "~/lib/units";
import type { Automation, DeviceEvent, Trigger } from "./model";

const kmh = (v: number) => formatSpeed(v, "metric");

const MINUTE = 60_000;

/** The event kinds a trigger listens to (the engine's index). */
export function kindsOf(t: Trigger): string[] {
  switch (t.type) {
    case "geofence":
      return [t.on === "enter" ? "geofence_enter" : "geofence_exit"];
    case "ignition":
      return [t.on === "on" ? "ignition_on" : "ignition_off"];
    case "overspeed":
      return ["overspeed"];
    case "offline":
      return ["offline"];
    case "sensor":
      return ["temperature_out_of_range", "low_battery", "sensor_reading"];
    case "schedule":
      return ["schedule"];
    case "form_submitted":
      return ["form_submitted"];
    case "maintenance_due":
      return ["maintenance_due"];
    case "events":
      return t.kinds;
  }
}

/**
 * A notification rule's thresholds: an overspeed limit lets through only faster events (an event
 * without a speed cannot show it was faster); an offline rule takes either the upstream's "went
 * offline" (no hours set) or the app's "silent for N hours" for exactly its own N, never both.
 */
export function meetsAlertThresholds(
  t: { speedLimitKmh?: number | null; offlineHours?: number | null },
  e: Pick<DeviceEvent, "kind" | "speed" | "sustainedHours">,
): boolean {
  if (e.kind === "overspeed" && t.speedLimitKmh != null)
    return e.speed != null && e.speed > t.speedLimitKmh;
  if (e.kind === "offline") return (t.offlineHours ?? null) === (e.sustainedHours ?? null);
  return true;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** An event kind in words ("geofence enter"), made once per kind: every such fire is worded. */
const kindWords = new Map<string, string>();
function words(kind: string): string {
  let w = kindWords.get(kind);
  if (w === undefined) {
    w = kind.replace(/_/g, " ");
    if (kindWords.size < 1000) kindWords.set(kind, w);
  }
  return w;
}

/**
 * Whether the event is one the trigger fires on: true, false (a threshold refused it), or null:
 * not this trigger's event at all (nothing to record). `sensorSince` is when the reading first
 * went beyond the limit (durations). Allocates nothing: it runs for every rule an event reaches.
 */
export function triggerCheck(
  rule: Pick<Automation, "id" | "trigger">,
  e: DeviceEvent,
  sensorSince?: number,
): boolean | null {
  const t = rule.trigger;
  switch (t.type) {
    case "geofence":
      return e.kind === (t.on === "enter" ? "geofence_enter" : "geofence_exit") || null;
    case "ignition":
      return e.kind === (t.on === "on" ? "ignition_on" : "ignition_off") || null;
    case "maintenance_due":
      return e.kind === "maintenance_due" || null;
    case "overspeed":
      if (e.kind !== "overspeed") return null;
      if (t.aboveKmh == null) return true;
      return e.speed != null && e.speed > t.aboveKmh;
    case "offline": {
      if (e.kind !== "offline") return null;
      const h = e.sustainedHours ?? e.offlineHours;
      return h != null && h >= t.hours;
    }
    case "sensor": {
      const v = e.sensors?.[t.sensor];
      if (v == null) return null;
      if (!(t.op === "above" ? v > t.limit : v < t.limit)) return false;
      return !t.forMinutes || e.time - (sensorSince ?? e.time) >= t.forMinutes * MINUTE;
    }
    case "schedule":
      return (e.kind === "schedule" && e.automationId === rule.id) || null;
    case "form_submitted":
      if (e.kind !== "form_submitted") return null;
      return t.formId == null || e.formId === t.formId || null;
    case "events":
      if (!t.kinds.includes(e.kind)) return null;
      return meetsAlertThresholds(t, e);
  }
}

/** Why the trigger took (`ok`) or refused the event, in words for the run history. */
export function triggerWhy(
  rule: Pick<Automation, "trigger">,
  e: DeviceEvent,
  ok: boolean,
  sensorSince?: number,
): string {
  const t = rule.trigger;
  switch (t.type) {
    case "geofence":
    case "ignition":
    case "maintenance_due":
      return words(e.kind);
    case "overspeed":
      if (t.aboveKmh == null) return "overspeed";
      if (e.speed == null) return "The event has no speed to compare";
      // Kept in the run history for every reader: canonical, shown with inReaderUnits.
      return ok
        ? `${kmh(e.speed)} > ${kmh(t.aboveKmh)}`
        : `${kmh(e.speed)} is not above ${kmh(t.aboveKmh)}`;
    case "offline": {
      const h = e.sustainedHours ?? e.offlineHours;
      if (h == null) return "The event does not say how long the device was silent";
      return ok
        ? `offline ${round1(h)} h ≥ ${t.hours} h`
        : `offline ${round1(h)} h, less than ${t.hours} h`;
    }
    case "sensor": {
      const v = e.sensors?.[t.sensor];
      const beyond = v != null && (t.op === "above" ? v > t.limit : v < t.limit);
      if (!beyond) return `${t.sensor} ${v} is within the limit ${t.limit}`;
      const word = `${t.sensor} ${v} ${t.op === "above" ? ">" : "<"} ${t.limit}`;
      if (!t.forMinutes) return word;
      const held = Math.round((e.time - (sensorSince ?? e.time)) / MINUTE);
      return ok
        ? `${word} for ${held} min`
        : `${word} for ${held} min, less than ${t.forMinutes} min`;
    }
    case "schedule":
      return "scheduled";
    case "form_submitted":
      return "form submitted";
    case "events":
      return ok ? words(e.kind) : "Below the rule's threshold";
  }
}

/**
 * A number a fire's reason depends on, besides the rule: the engine words each rule's fires once
 * per such number (a week of fires repeats a few hundred reasons). NaN: not to be memoised.
 * Keep in step with `triggerWhy` (ok = true).
 */
export function firedWhyKey(rule: Pick<Automation, "trigger">, e: DeviceEvent): number {
  const t = rule.trigger;
  switch (t.type) {
    case "geofence":
    case "ignition":
    case "maintenance_due":
      // The trigger took the event: its kind is the one the trigger names.
      return 0;
    case "overspeed":
      return t.aboveKmh == null ? 0 : (e.speed ?? NaN);
    case "offline":
      return e.sustainedHours ?? e.offlineHours ?? NaN;
    case "schedule":
      return 0;
    default:
      return NaN;
  }
}

/** `why` is made only when a decision is recorded: most verdicts are never read. */
export type Verdict = { ok: boolean; why: () => string };

/** The trigger's verdict with its reason in words; null when the event is not the trigger's. */
export function triggerVerdict(
  rule: Pick<Automation, "id" | "trigger">,
  e: DeviceEvent,
  sensorSince?: number,
): Verdict | null {
  const ok = triggerCheck(rule, e, sensorSince);
  return ok === null ? null : { ok, why: () => triggerWhy(rule, e, ok, sensorSince) };
}
