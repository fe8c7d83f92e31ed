/**
 * The operations module's public face for other modules: the automation engine (pure, browser-safe).
 * The notification rules are matched through it, so alerts and automations share one engine.
 */
export {
  inTimeWindow,
  isQuietAt,
  matchesEvent,
  meetsAlertThresholds,
  localClock,
} from "./automations/engine";
export { automationFromAlertRule, type AlertRuleShape } from "./automations/alert-rules";
export type { Automation, DeviceEvent } from "./automations/model";
