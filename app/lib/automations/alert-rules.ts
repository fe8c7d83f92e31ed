/**
 * The notification rules (the notifications module's AlertRule rows) read as automations, so the
 * one engine decides for both: the kinds and thresholds become an "events" trigger, the vehicles
 * and groups a vehicles condition, the channels one notify action with the rule's quiet hours.
 * A notification rule keeps its behaviour: no de-duplication window and no rate limit of its own
 * (each event reaches each person once: the notifications module claims every dispatch).
 */
import type { Action, Automation, Channel } from "./model";

export type AlertRuleShape = {
  id: string;
  name?: string;
  kinds: string[];
  /** Empty = every vehicle (unless groups are named). */
  imeis: string[];
  groupIds: number[];
  channels: string[];
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
  enabled: boolean;
  email?: string | null;
  /** Overspeed only above this speed (km/h); null: every overspeed event. */
  speedLimitKmh?: number | null;
  /** Offline only once silent this many hours (the app raises those itself); null: at once. */
  offlineHours?: number | null;
};

/** The id an alert rule has among automations (the list links it to the notifications page). */
export const ALERT_RULE_PREFIX = "alert:";

export function automationFromAlertRule(rule: AlertRuleShape): Automation {
  const notify: Action = {
    kind: "notify",
    channels: rule.channels as Channel[],
    email: rule.email ?? null,
    quietStart: rule.quietStart,
    quietEnd: rule.quietEnd,
  };
  return {
    id: `${ALERT_RULE_PREFIX}${rule.id}`,
    name: rule.name ?? "Notification rule",
    enabled: rule.enabled,
    timeZone: rule.timeZone,
    trigger: {
      type: "events",
      kinds: rule.kinds,
      speedLimitKmh: rule.speedLimitKmh ?? null,
      offlineHours: rule.offlineHours ?? null,
    },
    conditions:
      rule.imeis.length || rule.groupIds.length
        ? [{ kind: "vehicles", imeis: rule.imeis, groupIds: rule.groupIds, tagIds: [] }]
        : [],
    // The webhook stays one of the notify channels: its address and secret live in the rule.
    actions: [notify],
    cooldownMinutes: 0,
    maxPerHour: 0,
  };
}
