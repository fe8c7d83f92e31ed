/**
 * The automation engine, pure: which automations an event fires, and why one did not. The same
 * code serves live events, the dry run, the benchmark and the notification rules (read as
 * automations, alert-rules.ts), so there is one engine.
 *
 * Stateful parts live in `EngineState` (plain data, saved between runs): the last fire per rule and
 * subject (de-duplication), the recent fires per rule (rate limit) and when a sensor reading went
 * beyond its limit (durations). A subject is the vehicle, or "company" for company-wide events.
 */
import type { Automation, DeviceEvent } from "./model";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A sensor silent this long between readings beyond its limit starts its duration afresh. */
export const SENSOR_GAP_MS = 60 * MINUTE;

import { conditionFailure, fmt } from "./conditions";
import { localClock, minutesOf } from "./time-window";

import { kindsOf, triggerCheck, triggerVerdict, triggerWhy } from "./triggers";

export { conditionFailure } from "./conditions";
export {
  kindsOf,
  meetsAlertThresholds,
  triggerCheck,
  triggerVerdict,
  triggerWhy,
  type Verdict,
} from "./triggers";
export { inTimeWindow, isHhmm, isQuietAt, localClock, minutesOf } from "./time-window";

/** Trigger and conditions, no state: what a notification rule asks of one event. */
export function matchesEvent(rule: Automation, e: DeviceEvent): boolean {
  if (!rule.enabled) return false;
  if (!triggerVerdict(rule, e)?.ok) return false;
  return conditionFailure(rule.conditions, e, rule.timeZone) === null;
}

// ------------------------------------------------------------------ the stateful engine

export type RuleState = {
  /** subject → last fire (ms): de-duplication. */
  last: Record<string, number>;
  /** Fire times (ms) within the last hour: the rate limit. */
  recent: number[];
  /** subject → when its reading went beyond the limit, and the last such reading (ms). */
  sensor: Record<string, [since: number, seen: number]>;
};
export type EngineState = Record<string, RuleState>;

export type Decision = {
  ruleId: string;
  eventId: string;
  subject: string;
  time: number;
  outcome: "fired" | "skipped";
  reason: string;
};

export const subjectOf = (e: DeviceEvent) => e.imei ?? "company";
const newState = (): RuleState => ({ last: {}, recent: [], sensor: {} });

type Compiled = {
  rule: Automation;
  /** Its state in the engine's state, looked up once per evaluation. */
  state: RuleState;
  /** Time windows, parsed once: [start, end, days bitmask (0: every day)]. */
  windows: [number, number, number][];
  /** The vehicles condition's sets, or null when the rule takes every vehicle. */
  scope: { imeis: Set<string>; groups: Set<number>; tags: Set<number> } | null;
  drivers: Set<number> | null;
  jobsites: Set<number> | null;
};

function compile(rule: Automation, state: EngineState): Compiled {
  const c: Compiled = {
    rule,
    state: (state[rule.id] ??= newState()),
    windows: [],
    scope: null,
    drivers: null,
    jobsites: null,
  };
  for (const x of rule.conditions) {
    if (x.kind === "time")
      c.windows.push([
        minutesOf(x.start),
        minutesOf(x.end),
        x.days.reduce((m, d) => m | (1 << d), 0),
      ]);
    else if (x.kind === "vehicles" && (x.imeis.length || x.groupIds.length || x.tagIds.length))
      c.scope = { imeis: new Set(x.imeis), groups: new Set(x.groupIds), tags: new Set(x.tagIds) };
    else if (x.kind === "drivers" && x.ids.length) c.drivers = new Set(x.ids);
    else if (x.kind === "jobsites" && x.ids.length) c.jobsites = new Set(x.ids);
  }
  return c;
}

const onDay = (mask: number, dow: number) => mask === 0 || (mask & (1 << dow)) !== 0;
function windowHolds(
  [start, end, mask]: [number, number, number],
  clock: { minutes: number; dow: number },
) {
  const { minutes, dow } = clock;
  if (start === end) return onDay(mask, dow);
  if (start < end) return onDay(mask, dow) && minutes >= start && minutes < end;
  return (minutes >= start && onDay(mask, dow)) || (minutes < end && onDay(mask, (dow + 6) % 7));
}

function inScope(c: Compiled, e: DeviceEvent): boolean {
  const s = c.scope;
  if (s) {
    const hit =
      (e.imei != null && s.imeis.has(e.imei)) ||
      (e.groupIds ?? []).some((g) => s.groups.has(g)) ||
      (e.tagIds ?? []).some((g) => s.tags.has(g));
    if (!hit) return false;
  }
  if (c.drivers && (e.driverId == null || !c.drivers.has(e.driverId))) return false;
  if (c.jobsites && (e.jobsiteId == null || !c.jobsites.has(e.jobsiteId))) return false;
  return true;
}

function decision(
  rule: Automation,
  e: DeviceEvent,
  subject: string,
  outcome: Decision["outcome"],
  reason: string,
): Decision {
  return { ruleId: rule.id, eventId: e.id, subject, time: e.time, outcome, reason };
}

export type EvaluateOptions = {
  /**
   * Record skipped decisions (the run history, the dry run). Off, only fires are returned (the
   * state moves the same): for throughput when only what fires matters.
   */
  skips?: boolean;
};

/**
 * Evaluates events (oldest first) against rules, updating `state`. Returns a decision for every
 * event a rule's trigger took: fired, or skipped with the reason (a threshold, a time window, the
 * de-duplication window, the rate limit). Events of other vehicles, drivers or jobsites than a
 * rule names, and events its trigger does not listen to, are not its business and leave no trace.
 */
export function evaluate(
  rules: Automation[],
  events: DeviceEvent[],
  state: EngineState = {},
  options: EvaluateOptions = {},
): Decision[] {
  const skips = options.skips ?? true;
  // Index: by kind, and rules scoped to named vehicles only also by vehicle.
  const byKind = new Map<string, { any: Compiled[]; byImei: Map<string, Compiled[]> }>();
  for (const r of rules) {
    if (!r.enabled) continue;
    const c = compile(r, state);
    const onlyImeis = c.scope && !c.scope.groups.size && !c.scope.tags.size;
    for (const k of kindsOf(r.trigger)) {
      let slot = byKind.get(k);
      if (!slot) byKind.set(k, (slot = { any: [], byImei: new Map() }));
      if (onlyImeis)
        for (const imei of c.scope!.imeis) {
          const l = slot.byImei.get(imei);
          if (l) l.push(c);
          else slot.byImei.set(imei, [c]);
        }
      else slot.any.push(c);
    }
  }
  const out: Decision[] = [];
  const clocks = new Map<string, { minutes: number; dow: number }>();
  for (const e of events) {
    const slot = byKind.get(e.kind);
    if (!slot) continue;
    const named = e.imei != null ? slot.byImei.get(e.imei) : undefined;
    const subject = subjectOf(e);
    clocks.clear();
    const count = slot.any.length + (named?.length ?? 0);
    for (let i = 0; i < count; i++) {
      const c = i < slot.any.length ? slot.any[i]! : named![i - slot.any.length]!;
      const rule = c.rule;
      if (!inScope(c, e)) continue;
      const s = c.state;
      let since: number | undefined;
      if (rule.trigger.type === "sensor") {
        const t = rule.trigger;
        const v = e.sensors?.[t.sensor];
        if (v == null) continue;
        const beyond = t.op === "above" ? v > t.limit : v < t.limit;
        const prev = s.sensor[subject];
        if (!beyond) delete s.sensor[subject];
        else if (!prev || e.time - prev[1] > SENSOR_GAP_MS) s.sensor[subject] = [e.time, e.time];
        else prev[1] = e.time;
        since = s.sensor[subject]?.[0];
      }
      const ok = triggerCheck(rule, e, since);
      if (ok === null) continue;
      if (!ok) {
        // A reading back within its limit is not worth a line in the history.
        if (rule.trigger.type !== "sensor" || since !== undefined)
          if (skips)
            out.push(decision(rule, e, subject, "skipped", triggerWhy(rule, e, false, since)));
        continue;
      }
      if (c.windows.length) {
        let clock = clocks.get(rule.timeZone);
        if (!clock) clocks.set(rule.timeZone, (clock = localClock(e.time, rule.timeZone)));
        let missed: [number, number, number] | undefined;
        for (const w of c.windows) if (!windowHolds(w, clock)) missed = missed ?? w;
        if (missed) {
          if (skips)
            out.push(
              decision(
                rule,
                e,
                subject,
                "skipped",
                `Outside ${fmt(missed[0])}–${fmt(missed[1])} (it was ${fmt(clock.minutes)} in ${rule.timeZone})`,
              ),
            );
          continue;
        }
      }
      const last = s.last[subject];
      if (rule.cooldownMinutes > 0 && last !== undefined) {
        const ago = e.time - last;
        if (ago >= 0 && ago < rule.cooldownMinutes * MINUTE) {
          if (skips)
            out.push(
              decision(
                rule,
                e,
                subject,
                "skipped",
                `De-duplicated: fired for ${subject} ${Math.round(ago / MINUTE)} min before (once per ${rule.cooldownMinutes} min)`,
              ),
            );
          continue;
        }
      }
      if (rule.maxPerHour > 0) {
        while (s.recent.length && s.recent[0]! <= e.time - HOUR) s.recent.shift();
        if (s.recent.length >= rule.maxPerHour) {
          if (skips)
            out.push(
              decision(
                rule,
                e,
                subject,
                "skipped",
                `Rate limit: ${rule.maxPerHour} per hour reached`,
              ),
            );
          continue;
        }
        s.recent.push(e.time);
      }
      s.last[subject] = e.time;
      // A sustained reading fires once per excursion: it starts counting again after it.
      if (rule.trigger.type === "sensor") delete s.sensor[subject];
      out.push(decision(rule, e, subject, "fired", triggerWhy(rule, e, true, since)));
    }
  }
  return out;
}
