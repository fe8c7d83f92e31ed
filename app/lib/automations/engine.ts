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

import {
  inLimits,
  RuleIndex,
  windowHolds,
  type Compiled,
  type EngineState,
  type Memory,
} from "./compiled-rule";
import { conditionFailure, fmt } from "./conditions";
import { DecisionLog, subjectOf, type Decision } from "./decision-log";
import { localWeekMinute } from "./time-window";
import { firedWhyKey, triggerCheck, triggerVerdict, triggerWhy } from "./triggers";

export { conditionFailure } from "./conditions";
export type { EngineState, RuleState } from "./compiled-rule";
export { DecisionLog, subjectOf, type Decision } from "./decision-log";
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

export type EvaluateOptions = {
  /**
   * Record skipped decisions (the run history, the dry run). Off, only fires are returned (the
   * state moves the same): for throughput when only what fires matters.
   */
  skips?: boolean;
  /** Rule × subject cells per run of events (tests make it small to cover several runs). */
  cells?: number;
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
  return evaluateLog(rules, events, state, options).toArray();
}

/**
 * Rule × subject cells of the per-evaluation tables (last fire, sensor excursion: 8 bytes each,
 * three tables): more subjects than fit are evaluated in runs of events, the state carried between.
 */
const CELLS = 1_000_000;
/** A rule's fired reasons kept by `firedWhyKey`, at most. */
const WHY_MEMO = 512;

/**
 * `evaluate` with its decisions left as columns (the bench and the dry run count and page them).
 *
 * An event reaches the rules of its kind (1,000 rules × 100,000 events: 12.5 million pairs), so
 * the per-pair work is numbers: rules limited to vehicles found through an index, subjects
 * numbered once and the last fires and sensor excursions kept in number tables (subject-major: the
 * rules one event reaches sit side by side), a time window's verdict made once per event for every
 * rule sharing its zone and hours (the zone's offset cached per hour), old fires passed by an index
 * for the rate limit, a fire's words made once per rule and figure. Without skips recorded, a rule
 * outside its hours or at its rate limit is passed before its trigger is tested: nothing would
 * move. The runner reads every decision as an object (`evaluate`); 670,000 of them cost about a
 * quarter of the deciding, so the callers that count or page them read the columns.
 */
export function evaluateLog(
  rules: Automation[],
  events: DeviceEvent[],
  state: EngineState = {},
  options: EvaluateOptions = {},
): DecisionLog {
  const run = new Run(new RuleIndex(rules, state), events, options.skips ?? true);
  const out = new DecisionLog(rules, events);
  const width = Math.max(1, run.index.memories.length);
  const room = Math.max(1, Math.floor((options.cells ?? CELLS) / width));
  for (let from = 0; from < events.length;) {
    const to = run.number(from, room);
    run.load();
    run.decide(from, to, out);
    run.save();
    from = to;
  }
  return out;
}

/** One evaluation's working tables. */
class Run {
  readonly subjectNo = new Map<string, number>();
  readonly subjects: string[] = [];
  readonly subjectOfEvent: Int32Array;
  last = new Float64Array(0);
  since = new Float64Array(0);
  seen = new Float64Array(0);
  /** Per event (its number + 1): each zone's clock, each window set's first window missed (-1). */
  readonly zoneStamp: Int32Array;
  readonly zoneClock: Int32Array;
  readonly winStamp: Int32Array;
  readonly winMissed: Int32Array;

  constructor(
    readonly index: RuleIndex,
    readonly events: DeviceEvent[],
    readonly skips: boolean,
  ) {
    this.subjectOfEvent = new Int32Array(events.length);
    this.zoneStamp = new Int32Array(index.zones.length);
    this.zoneClock = new Int32Array(index.zones.length);
    this.winStamp = new Int32Array(index.windowSets.length);
    this.winMissed = new Int32Array(index.windowSets.length);
  }

  /** Numbers the subjects of events from `from` on, up to `room` of them; returns where it stopped. */
  number(from: number, room: number): number {
    this.subjectNo.clear();
    this.subjects.length = 0;
    let to = from;
    for (; to < this.events.length; to++) {
      const e = this.events[to]!;
      if (!this.index.listens(e.kind)) continue;
      const subject = subjectOf(e);
      let n = this.subjectNo.get(subject);
      if (n === undefined) {
        if (this.subjects.length === room) break;
        this.subjectNo.set(subject, (n = this.subjects.length));
        this.subjects.push(subject);
      }
      this.subjectOfEvent[to] = n;
    }
    return to;
  }

  /** The state of these subjects into the tables (NaN: nothing known). */
  load(): void {
    const { memories, sensorWidth } = this.index;
    const width = memories.length;
    this.last = new Float64Array(this.subjects.length * width).fill(NaN);
    this.since = new Float64Array(this.subjects.length * sensorWidth).fill(NaN);
    this.seen = new Float64Array(this.subjects.length * sensorWidth).fill(NaN);
    for (const m of memories) {
      for (const k in m.state.last) {
        const n = this.subjectNo.get(k);
        if (n !== undefined) this.last[n * width + m.no] = m.state.last[k]!;
      }
      if (m.sensorNo < 0) continue;
      for (const k in m.state.sensor) {
        const n = this.subjectNo.get(k);
        if (n === undefined) continue;
        this.since[n * sensorWidth + m.sensorNo] = m.state.sensor[k]![0];
        this.seen[n * sensorWidth + m.sensorNo] = m.state.sensor[k]![1];
      }
    }
  }

  /** The tables back into the plain state (saved between runs). */
  save(): void {
    const { memories, sensorWidth } = this.index;
    const width = memories.length;
    for (const m of memories) {
      const s = m.state;
      if (m.head) s.recent.splice(0, m.head);
      m.head = 0;
      if (m.fired)
        for (let n = 0; n < this.subjects.length; n++) {
          const v = this.last[n * width + m.no]!;
          if (v === v) s.last[this.subjects[n]!] = v;
        }
      if (m.sensed)
        for (let n = 0; n < this.subjects.length; n++) {
          const at = n * sensorWidth + m.sensorNo;
          const since = this.since[at]!;
          if (since === since) s.sensor[this.subjects[n]!] = [since, this.seen[at]!];
          else delete s.sensor[this.subjects[n]!];
        }
      m.fired = m.sensed = false;
    }
  }

  decide(from: number, to: number, out: DecisionLog): void {
    const { events, index } = this;
    for (let ei = from; ei < to; ei++) {
      const e = events[ei]!;
      const slot = index.slot(e);
      if (!slot) continue;
      const stamp = ei + 1;
      const named = index.named(e, stamp);
      if (this.skips) {
        this.merged(slot.open, named, e, ei, stamp, out);
        continue;
      }
      // Without skips recorded, a rule outside its hours or at its rate limit moves nothing: the
      // plain rules are passed a time-window group at a time, then put back in order.
      const first = out.length;
      for (const g of slot.plain) {
        if (g.win >= 0 && this.missedWindow(g.win, e, stamp) >= 0) continue;
        for (const c of g.rules) if (e.time >= c.limitedUntil) this.pair(c, e, ei, stamp, out);
      }
      this.merged(slot.rest, named, e, ei, stamp, out);
      if (out.length - first > 1) out.sortFrom(first, index.seqOf);
    }
  }

  /** Two lists of rules merged in the rules' order. */
  private merged(
    open: Compiled[],
    named: Compiled[],
    e: DeviceEvent,
    ei: number,
    stamp: number,
    out: DecisionLog,
  ): void {
    for (let a = 0, b = 0; a < open.length || b < named.length;) {
      const c =
        b >= named.length || (a < open.length && open[a]!.seq < named[b]!.seq)
          ? open[a++]!
          : named[b++]!;
      if (c.limited && !inLimits(c, e)) continue;
      // Nothing to record and nothing moves (a sensor rule still follows its reading).
      if (!this.skips && !c.sensor) {
        if (e.time < c.limitedUntil) continue;
        if (c.win >= 0 && this.missedWindow(c.win, e, stamp) >= 0) continue;
      }
      this.pair(c, e, ei, stamp, out);
    }
  }

  /** One rule and one event: the engine's rules, in the order they were always applied. */
  private pair(c: Compiled, e: DeviceEvent, ei: number, stamp: number, out: DecisionLog): void {
    const rule = c.rule;
    const m: Memory = c.memory;
    const sn = this.subjectOfEvent[ei]!;
    const at = sn * this.index.memories.length + m.no;
    let since: number | undefined;
    if (c.sensor) {
      const sat = sn * this.index.sensorWidth + m.sensorNo;
      const t = rule.trigger as Extract<Automation["trigger"], { type: "sensor" }>;
      const v = e.sensors?.[t.sensor];
      if (v == null) return;
      const beyond = t.op === "above" ? v > t.limit : v < t.limit;
      m.sensed = true;
      const from = this.since[sat]!;
      if (!beyond) this.since[sat] = this.seen[sat] = NaN;
      else if (from !== from || e.time - this.seen[sat]! > SENSOR_GAP_MS)
        this.since[sat] = this.seen[sat] = e.time;
      else this.seen[sat] = e.time;
      since = this.since[sat] === this.since[sat] ? this.since[sat] : undefined;
    }
    const ok = triggerCheck(rule, e, since);
    if (ok === null) return;
    if (!ok) {
      // A reading back within its limit is not worth a line in the history.
      if (this.skips && (!c.sensor || since !== undefined))
        out.push(c.index, ei, false, triggerWhy(rule, e, false, since));
      return;
    }
    if (c.win >= 0 && this.windowMissed(c, e, ei, stamp, out)) return;
    const last = this.last[at]!;
    if (rule.cooldownMinutes > 0 && last === last) {
      const ago = e.time - last;
      if (ago >= 0 && ago < rule.cooldownMinutes * MINUTE) {
        if (this.skips)
          out.push(
            c.index,
            ei,
            false,
            `De-duplicated: fired for ${this.subjects[sn]} ${Math.round(ago / MINUTE)} min before (once per ${rule.cooldownMinutes} min)`,
          );
        return;
      }
    }
    if (rule.maxPerHour > 0) {
      const recent = m.state.recent;
      let head = m.head;
      while (head < recent.length && recent[head]! <= e.time - HOUR) head++;
      m.head = head;
      if (recent.length - head >= rule.maxPerHour) {
        c.limitedUntil = recent[head]! + HOUR;
        if (this.skips)
          out.push(c.index, ei, false, `Rate limit: ${rule.maxPerHour} per hour reached`);
        return;
      }
      recent.push(e.time);
    }
    this.last[at] = e.time;
    m.fired = true;
    // A sustained reading fires once per excursion: it starts counting again after it.
    if (c.sensor) {
      const sat = sn * this.index.sensorWidth + m.sensorNo;
      this.since[sat] = this.seen[sat] = NaN;
    }
    const key = firedWhyKey(rule, e);
    let why = key === key ? c.why.get(key) : undefined;
    if (why === undefined) {
      why = triggerWhy(rule, e, true, since);
      if (key === key && c.why.size < WHY_MEMO) c.why.set(key, why);
    }
    out.push(c.index, ei, true, why);
  }

  /** Whether one of the rule's time windows misses the event (recorded when skips are). */
  /** The first of a window set's windows the event misses, -1: none (once per event and set). */
  private missedWindow(win: number, e: DeviceEvent, stamp: number): number {
    if (this.winStamp[win] !== stamp) {
      const set = this.index.windowSets[win]!;
      const z = set.zone;
      if (this.zoneStamp[z] !== stamp) {
        this.zoneStamp[z] = stamp;
        this.zoneClock[z] = localWeekMinute(e.time, this.index.zones[z]!);
      }
      const minutes = this.zoneClock[z]! % 1440;
      const dow = (this.zoneClock[z]! / 1440) | 0;
      let missed = -1;
      for (let w = 0; w < set.windows.length && missed < 0; w++)
        if (!windowHolds(set.windows[w]!, minutes, dow)) missed = w;
      this.winStamp[win] = stamp;
      this.winMissed[win] = missed;
    }
    return this.winMissed[win]!;
  }

  /** Whether one of the rule's time windows misses the event (recorded when skips are). */
  private windowMissed(
    c: Compiled,
    e: DeviceEvent,
    ei: number,
    stamp: number,
    out: DecisionLog,
  ): boolean {
    const set = this.index.windowSets[c.win]!;
    const missed = this.missedWindow(c.win, e, stamp);
    if (missed < 0) return false;
    if (this.skips) {
      const [start, end] = set.windows[missed]!;
      const now = this.zoneClock[set.zone]! % 1440;
      out.push(
        c.index,
        ei,
        false,
        `Outside ${fmt(start)}–${fmt(end)} (it was ${fmt(now)} in ${c.rule.timeZone})`,
      );
    }
    return true;
  }
}
