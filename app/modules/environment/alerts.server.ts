/**
 * Limit alerts: a device's channel outside its limit for at least the limit's minimum duration
 * raises one notification per excursion (in the app and as push, by each user's alert rules)
 * through the notifications module. Once only: the event id names the company, device, channel,
 * side, the excursion's start (to the minute) and the limit, and the notifications module claims
 * each (event, user) once, so the periodic job and the check after saving a limit never repeat it.
 */
import { APP_EVENT_PREFIX, dispatchToUsers, type AppEvent } from "../notifications/index.server";
import { upstream } from "~/services/api.server";
import { usersWithSessions } from "~/services/session-users.server";
import { analyse, bandOf } from "./analysis";
import type { Excursion } from "./series";
import { getSeries, type SensorDevice, type SensorLimit } from "./upstream.server";

/** How far back each check looks: late (buffered) uploads of the last hours still alert. */
export const LOOKBACK_MS = 6 * 3_600_000;
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
  // The notification kinds are the upstream's (a closed list): temperature and battery have one;
  // humidity limits show on the pages but do not notify until a kind exists for them.
  const kind =
    l.channel === "temperature"
      ? ("temperature_out_of_range" as const)
      : l.channel === "battery"
        ? ("low_battery" as const)
        : null;
  if (!userIds.length || !kind) return [];
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
        unit: l.channel === "temperature" ? "°C" : "%",
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
    const s = await getSeries(up, {
      imei: l.imei,
      channel: l.channel,
      from: now - LOOKBACK_MS,
      to: now,
    });
    const a = analyse(s, bandOf(l), {
      intervalMs: s.interval_s * 1000,
      minDurationMs: l.min_duration_s * 1000,
    });
    events.push(...limitEvents(companyId, l, a.alarms, users));
  }
  return dispatchToUsers(companyId, events, token, new Date(now));
}
