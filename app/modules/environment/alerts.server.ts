/**
 * Limit alerts: a device's channel outside its limit for at least the limit's minimum duration
 * raises one notification per excursion (in the app and as push, by each user's alert rules)
 * through the notifications module. Once only: the event id names the company, device, channel,
 * side, the excursion's start (to the minute) and the limit, and the notifications module claims
 * each (event, user) once, so the periodic job and the check after saving a limit never repeat it.
 */
import {
  APP_EVENT_PREFIX,
  dispatchToUsers,
  type AppEvent,
} from "~/modules/notifications/index.server";
import { upstream } from "~/services/api.server";
import { usersWithSessions } from "~/services/session-users.server";
import { analyse, bandOf } from "./analysis";
import type { Excursion } from "./series";
import {
  getSeries,
  type SensorDevice,
  type SensorLimit,
  type SensorSeries,
} from "./upstream.server";
import { temperatureLabel } from "~/lib/units";

/** How far back each check looks: late (buffered) uploads of the last hours still alert. */
export const LOOKBACK_MS = 6 * 3_600_000;
/** How far back an excursion under way at the start of the look-back is traced. */
const HISTORY_MS = 7 * 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;
export const ALERT_RULE = { feature: "cold_chain", permission: "alerts_manage" } as const;

export function alertEventId(companyId: number, l: SensorLimit, e: Excursion): string {
  const bounds = `${l.min ?? ""}..${l.max ?? ""}${l.unit}`;
  return `${APP_EVENT_PREFIX}environment:${companyId}:${l.imei}:${l.channel}:${e.side}:${Math.round(e.start / 60_000)}:${bounds}`;
}

/** The notifications owed for a limit's alarms (pure). */
export function limitEvents(
  companyId: number,
  l: SensorLimit,
  alarms: Excursion[],
  userIds: number[],
): AppEvent[] {
  // Temperature and battery keep the kinds users already filter on; every other channel
  // (humidity) has the app's own sensor_out_of_range.
  const kind =
    l.channel === "temperature"
      ? ("temperature_out_of_range" as const)
      : l.channel === "battery"
        ? ("low_battery" as const)
        : ("sensor_out_of_range" as const);
  if (!userIds.length) return [];
  const b = bandOf(l);
  return alarms.map((e) => ({
    userIds,
    event: {
      id: alertEventId(companyId, l, e),
      kind,
      imei: l.imei,
      companyid: companyId,
      time: new Date(e.start).toISOString(),
      details: {
        source: "environment",
        channel: l.channel,
        temperature: l.channel === "temperature" ? e.peak.v : undefined,
        battery: l.channel === "battery" ? e.peak.v : undefined,
        value: e.peak.v,
        // Canonical: the notification's text is shown in each reader's unit (inReaderUnits).
        unit: l.channel === "temperature" ? temperatureLabel("metric") : "%",
        min: b.min,
        max: b.max,
        minutes: Math.round(e.countedMs / 60_000),
      },
    },
  }));
}

/** Checks the last hours of a device against its limits; returns notifications sent. */
export async function checkDeviceLimits(
  companyId: number,
  token: string,
  device: SensorDevice,
  limits: SensorLimit[],
  now = Date.now(),
): Promise<number> {
  const mine = limits.filter((l) => l.imei === device.imei);
  if (!mine.length) return 0;
  const users = (await usersWithSessions(ALERT_RULE, { companyId })).get(companyId) ?? [];
  if (!users.length) return 0;
  const up = upstream(token);
  const events: AppEvent[] = [];
  for (const l of mine) {
    if (!device.channels.some((c) => c.channel === l.channel)) continue;
    const series = (from: number) =>
      getSeries(up, { imei: l.imei, channel: l.channel, from, to: now });
    const alarmsOf = (s: SensorSeries) =>
      analyse(s, bandOf(l), {
        intervalMs: s.interval_s * 1000,
        minDurationMs: l.min_duration_s * 1000,
      });
    const recent = await series(now - LOOKBACK_MS);
    const windowStart = recent.t[0];
    const first = alarmsOf(recent);
    let alarms = first.alarms;
    // An excursion already under way when the window opens would take the window's first sample
    // as its start, a new one at every run: look further back for its true start. The far end is
    // a UTC day boundary, so an excursion older than that is re-announced at most once a day.
    if (first.excursions.some((e) => e.start === windowStart)) {
      const older = await series(Math.floor((now - HISTORY_MS) / DAY_MS) * DAY_MS);
      alarms = alarmsOf(older).alarms.filter((e) => e.end >= windowStart!);
    }
    events.push(...limitEvents(companyId, l, alarms, users));
  }
  return dispatchToUsers(companyId, events, token, new Date(now));
}
