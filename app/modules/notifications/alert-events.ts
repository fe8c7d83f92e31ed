/**
 * How an upstream alert event reads as a notification (title, body, link), and how urgent its
 * push is (TTL and Urgency header per kind: a stale overspeed alert is noise, a maintenance
 * reminder can wait for the phone to come online).
 */
import { formatCelsius, formatOdometer, formatSpeed, temperatureLabel } from "~/lib/units";
import { formatZoned } from "~/lib/zoned-time";
import { KIND_LABELS, type AlertKind } from "./alert-rule-match";

export type AlertEventLike = {
  id: string;
  kind: string;
  imei: string;
  time: string;
  details: Record<string, unknown>;
};

export type PushUrgency = "very-low" | "low" | "normal" | "high";
export type PushPolicy = { ttl: number; urgency: PushUrgency };

const HOUR = 3600;
export const PUSH_POLICY: Record<AlertKind | "test" | "info", PushPolicy> = {
  overspeed: { ttl: HOUR, urgency: "high" },
  harsh_driving: { ttl: HOUR, urgency: "high" },
  geofence_enter: { ttl: 2 * HOUR, urgency: "high" },
  geofence_exit: { ttl: 2 * HOUR, urgency: "high" },
  temperature_out_of_range: { ttl: 6 * HOUR, urgency: "high" },
  sensor_out_of_range: { ttl: 6 * HOUR, urgency: "high" },
  offline: { ttl: 12 * HOUR, urgency: "normal" },
  online: { ttl: 2 * HOUR, urgency: "low" },
  low_battery: { ttl: 24 * HOUR, urgency: "normal" },
  maintenance_due: { ttl: 7 * 24 * HOUR, urgency: "low" },
  test: { ttl: 10 * 60, urgency: "normal" },
  info: { ttl: 24 * HOUR, urgency: "normal" },
};

export function pushPolicyFor(kind: string): PushPolicy {
  return (PUSH_POLICY as Record<string, PushPolicy>)[kind] ?? PUSH_POLICY.info;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === "string" ? v : null);
/**
 * Written once for every reader by the background sync, so in canonical units; the feed and the
 * bell show it in the reader's unit (inReaderUnits).
 */
const speed = (v: unknown) => (num(v) === null ? "?" : formatSpeed(num(v)!, "metric"));
/** Every figure with its unit ("2.0 °C to 8.0 °C"), so each one is shown in the reader's. */
const celsius = (v: unknown) => (num(v) === null ? "?" : formatCelsius(num(v)!, "metric"));

export function kindLabel(kind: string): string {
  return (
    (KIND_LABELS as Record<string, string>)[kind] ??
    (kind === "test"
      ? "Test notification"
      : kind === "licence_expiry"
        ? "Driver licence"
        : "Notification")
  );
}

/** Title and body for a feed entry, a snackbar and a push; `vehicle` is the nickname when known. */
export function describeEvent(
  event: AlertEventLike,
  vehicle: string | null,
  timeZone = "UTC",
): { title: string; body: string; link: string } {
  const who = vehicle ?? event.imei;
  const d = event.details;
  // Environment sensors (rooms, fridges) are no vehicles: their alerts open the sensor's page.
  const link =
    d.source === "environment" || event.kind === "sensor_out_of_range"
      ? `/dashboard/environment/${encodeURIComponent(event.imei)}`
      : `/dashboard/vehicle-dashboard/${encodeURIComponent(event.imei)}`;
  const title = `${kindLabel(event.kind)}: ${who}`;
  let body: string;
  switch (event.kind) {
    case "geofence_enter":
      body = `${who} entered its geofence${num(d.geofence_meters) ? ` (${num(d.geofence_meters)} m)` : ""}.`;
      break;
    case "geofence_exit":
      body = `${who} left its geofence${num(d.geofence_meters) ? ` (${num(d.geofence_meters)} m)` : ""}.`;
      break;
    case "overspeed":
      body = `${who} drove at ${speed(d.speed)} in a ${speed(d.limit)} zone.`;
      break;
    case "offline":
      body = num(d.sustainedHours)
        ? `${who} has not reported for ${num(d.sustainedHours)} hours.`
        : `${who} stopped reporting.`;
      break;
    case "online":
      body = `${who} is reporting again${num(d.offlineMinutes) ? ` after ${num(d.offlineMinutes)} minutes` : ""}.`;
      break;
    case "low_battery":
      body = `${who}'s battery is at ${num(d.battery) ?? "?"} %.`;
      break;
    case "temperature_out_of_range":
      body = `${who} reads ${celsius(d.temperature)}, ${
        num(d.min) !== null && num(d.max) !== null
          ? `outside its range of ${celsius(d.min)} to ${celsius(d.max)}`
          : num(d.min) !== null
            ? `below its minimum of ${celsius(d.min)}`
            : `above its maximum of ${celsius(d.max)}`
      }.`;
      break;
    case "sensor_out_of_range": {
      const unit = str(d.unit) ?? "";
      const v = (x: number | null) => `${x ?? "?"}${unit === "%" ? " %" : unit ? ` ${unit}` : ""}`;
      const min = num(d.min);
      const max = num(d.max);
      const bound =
        min !== null && max !== null
          ? `outside its range of ${unit === temperatureLabel("metric") ? v(min) : min} to ${v(max)}`
          : max !== null
            ? `above its maximum of ${v(max)}`
            : `below its minimum of ${v(min)}`;
      body = `${who}'s ${str(d.channel) ?? "sensor"} reads ${v(num(d.value))}, ${bound}.`;
      break;
    }
    case "harsh_driving":
      body = `Harsh ${str(d.type) ?? "driving"} by ${who}${num(d.g) ? ` (${num(d.g)} g)` : ""}.`;
      break;
    case "maintenance_due": {
      // From the maintenance module (a schedule's stage, what it is due at) or the upstream.
      const when = [
        num(d.dueOdometer) ? formatOdometer(num(d.dueOdometer)!, "metric") : null,
        num(d.dueHours) ? `${num(d.dueHours)!.toLocaleString("en")} engine hours` : null,
        str(d.dueAt) ? formatZoned(str(d.dueAt), timeZone, "date") : null,
      ].filter(Boolean);
      const stage =
        d.status === "overdue" ? "overdue" : d.status === "due_soon" ? "due soon" : "due";
      body = `${str(d.task) ?? "Maintenance"} is ${stage} for ${who}${when.length ? ` (at ${when.join(" or ")})` : ""}.`;
      if (num(d.scheduleId) !== null)
        return {
          title,
          body,
          link: `/dashboard/vehicle-maintenance?imei=${encodeURIComponent(event.imei)}`,
        };
      break;
    }
    default:
      body = `Something happened to ${who}.`;
  }
  return { title, body, link };
}
