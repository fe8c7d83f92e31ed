/**
 * Deterministic alert events for notifications (issue 6). Each company gets events every minute:
 * the first event of minute m has kind EVENT_KINDS[(m + company) % 9], so any 10-minute window
 * holds every kind; bigger fleets get proportionally more. Event ids are stable
 * (`ev-<company>-<minute>-<n>`), so a consumer can de-duplicate across polls. Ignition on/off events
 * (ignition-events.ts, ids `ig-…`) come in the same feed.
 */
import { EVENT_KINDS, type EventKind } from "./catalog";
import { hash, unit } from "./prng";
import { round6 } from "./geo";
import { batteryAt, temperatureAt } from "./fixes";
import { ignitionEventsBetween, type IgnitionKind } from "./ignition-events";
import { sampleAt } from "./movement";
import type { Device, World } from "./world";

export type SimEvent = {
  id: string;
  kind: EventKind | IgnitionKind;
  imei: string;
  companyid: number;
  time: string;
  details: Record<string, unknown>;
};

const MINUTE = 60_000;
const TASKS = [
  "Oil and filter change",
  "Tyre rotation",
  "Brake inspection",
  "Registration renewal",
  "Annual service",
];
const HARSH = ["braking", "acceleration", "cornering"];

/** Events of one company with time in (since, until], oldest first, at most `limit`. */
export function eventsBetween(
  world: World,
  companyid: number,
  since: number,
  until: number,
  limit: number,
): SimEvent[] {
  const devices = world.devicesByCompany.get(companyid) ?? [];
  if (!devices.length) return [];
  const perMinute = 1 + Math.floor(devices.length / 200);
  const out: SimEvent[] = [];
  let m = Math.floor(since / MINUTE);
  for (; m <= Math.floor(until / MINUTE) && out.length < limit; m++) {
    // Whole minutes only: cutting inside a minute could drop an earlier event of that minute.
    for (let n = 0; n < perMinute; n++) {
      const time = m * MINUTE + Math.floor(unit(world.seed, companyid, m, n) * MINUTE);
      if (time <= since || time > until) continue;
      const kind =
        n === 0
          ? EVENT_KINDS[(m + companyid) % EVENT_KINDS.length]!
          : EVENT_KINDS[hash(world.seed, companyid, m, n, 1) % EVENT_KINDS.length]!;
      const d = pickDevice(devices, kind, hash(world.seed, companyid, m, n, 2));
      out.push({
        id: `ev-${companyid}-${m}-${n}`,
        kind,
        imei: d.imei,
        companyid,
        time: new Date(time).toISOString(),
        details: detailsFor(kind, d, time, hash(m, n, 3)),
      });
    }
  }
  // Only up to the minutes read: a later ignition event kept on a full page would skip the alerts
  // of the minutes in between (the next page starts after the page's last event).
  out.push(...ignitionEventsBetween(world, companyid, since, Math.min(until, m * MINUTE - 1)));
  return out
    .sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id))
    .slice(0, limit);
}

function pickDevice(devices: Device[], kind: EventKind, h: number): Device {
  const suits = (d: Device) => {
    if (kind === "temperature_out_of_range") return d.sim.hasTemperature;
    if (kind === "geofence_enter" || kind === "geofence_exit") return d.geofence_gps !== null;
    if (kind === "low_battery") return d.sim.stationary;
    if (kind === "overspeed" || kind === "harsh_driving" || kind === "maintenance_due")
      return !d.sim.stationary;
    return true;
  };
  // Probe a few hashed candidates rather than filtering 10k devices per event.
  for (let i = 0; i < 24; i++) {
    const d = devices[(h + i * 7919) % devices.length]!;
    if (suits(d)) return d;
  }
  return devices[h % devices.length]!;
}

function detailsFor(kind: EventKind, d: Device, t: number, h: number): Record<string, unknown> {
  const s = sampleAt(d, t);
  const at = { lat: round6(s.lat), lng: round6(s.lng) };
  switch (kind) {
    case "geofence_enter":
    case "geofence_exit":
      return { ...at, geofence_gps: d.geofence_gps, geofence_meters: d.geofence_meters };
    case "overspeed": {
      const limit = [50, 60, 80, 100][h % 4]!;
      return { ...at, speed: limit + 8 + (h % 25), limit };
    }
    case "offline":
      return { ...at, lastContact: new Date(t - 30 * MINUTE).toISOString() };
    case "online":
      return { ...at, offlineMinutes: 30 + (h % 300) };
    case "low_battery":
      return { ...at, battery: Math.min(batteryAt(d, t), 5 + (h % 10)) };
    case "temperature_out_of_range": {
      const [lo, hi] = d.sim.tempRange ?? [2, 8];
      return {
        ...at,
        temperature: Math.max(temperatureAt(d, t) ?? hi, hi + 1 + (h % 4)),
        min: lo,
        max: hi,
      };
    }
    case "harsh_driving":
      return {
        ...at,
        type: HARSH[h % HARSH.length],
        g: Math.round((0.45 + (h % 30) / 100) * 100) / 100,
      };
    case "maintenance_due":
      return {
        task: TASKS[h % TASKS.length],
        odometer: Math.round(s.odometer),
        dueOdometer: Math.round(s.odometer / 10_000 + 1) * 10_000,
      };
  }
}
