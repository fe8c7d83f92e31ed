/**
 * A rule compiled for one evaluation: its conditions parsed into sets and minute ranges, and the
 * index that hands an event only the rules it can concern (by kind, then by vehicle, group or tag
 * for rules limited to some), in the engine's order.
 */
import type { Automation, DeviceEvent } from "./model";
import { minutesOf } from "./time-window";
import { kindsOf } from "./triggers";

/** [start, end) in local minutes, and the weekdays as a bitmask (0: every day). */
export type Window = [start: number, end: number, days: number];

export type RuleState = {
  /** subject → last fire (ms): de-duplication. */
  last: Record<string, number>;
  /** Fire times (ms) within the last hour: the rate limit. */
  recent: number[];
  /** subject → when its reading went beyond the limit, and the last such reading (ms). */
  sensor: Record<string, [since: number, seen: number]>;
};
export type EngineState = Record<string, RuleState>;
const newState = (): RuleState => ({ last: {}, recent: [], sensor: {} });

/** What the rules sharing a state (the same id) share during one evaluation. */
export type Memory = {
  state: RuleState;
  /** Its column in the evaluation's per-subject tables (numbered kind by kind: see below). */
  no: number;
  /** Its column in the sensor tables; -1: no sensor rule. */
  sensorNo: number;
  /** `state.recent` is read from here on: the rate limit passes old fires without shifting. */
  head: number;
  /** Whether its last fires or sensor readings moved (written back to the state). */
  fired: boolean;
  sensed: boolean;
  /** How many rules share it (the same id twice): they must be decided in order. */
  rules: number;
};

export type Compiled = {
  rule: Automation;
  /** Its index in the rules given (the decision log's rule column). */
  index: number;
  /** Its place in the order decisions are made for one event. */
  seq: number;
  memory: Memory;
  sensor: boolean;
  /** Its time windows' number in the evaluation's window table; -1: none. */
  win: number;
  /** A drivers or jobsites condition (vehicles are the index's business). */
  limited: boolean;
  drivers: Set<number> | null;
  jobsites: Set<number> | null;
  /** Fired reasons by `firedWhyKey`. */
  why: Map<number, string>;
  /** The last event (its number + 1) the index handed it to: once per event. */
  picked: number;
  /**
   * Its rate limit is reached until this time (ms): its fires of the last hour can only age.
   * Until then an event can only be skipped, and without skips recorded nothing moves.
   */
  limitedUntil: number;
};

/** Rules with the same zone and windows share one verdict per event. */
export type WindowSet = { zone: number; windows: Window[] };

export type Slot = {
  /** Rules for every vehicle, in order. */
  open: Compiled[];
  /**
   * The same, split: rules with no sensor, driver or jobsite to follow and a state of their own,
   * by their time windows (one verdict passes or drops a group), and the others in order.
   */
  plain: { win: number; rules: Compiled[] }[];
  rest: Compiled[];
  byImei: Map<string, Compiled[]>;
  byGroup: Map<number, Compiled[]>;
  byTag: Map<number, Compiled[]>;
};

function add<K>(map: Map<K, Compiled[]>, key: K, c: Compiled) {
  const l = map.get(key);
  if (l) l.push(c);
  else map.set(key, [c]);
}

export class RuleIndex {
  readonly compiled: Compiled[] = [];
  readonly memories: Memory[] = [];
  readonly zones: string[] = [];
  readonly windowSets: WindowSet[] = [];
  /** Each rule's place in the order of one event's decisions, by its index in the rules given. */
  readonly seqOf: Int32Array;
  private readonly slots = new Map<string, Slot>();
  private readonly picked: Compiled[] = [];

  constructor(rules: Automation[], state: EngineState) {
    this.seqOf = new Int32Array(rules.length);
    const memories = new Map<RuleState, Memory>();
    const zones = new Map<string, number>();
    const windowSets = new Map<string, number>();
    for (let index = 0; index < rules.length; index++) {
      const rule = rules[index]!;
      if (!rule.enabled) continue;
      const s = (state[rule.id] ??= newState());
      let memory = memories.get(s);
      if (!memory) {
        memories.set(
          s,
          (memory = {
            state: s,
            no: -1,
            sensorNo: -1,
            head: 0,
            fired: false,
            sensed: false,
            rules: 0,
          }),
        );
        this.memories.push(memory);
      }
      memory.rules++;
      const windows: Window[] = [];
      let scope: { imeis: string[]; groups: number[]; tags: number[] } | null = null;
      let drivers: Set<number> | null = null;
      let jobsites: Set<number> | null = null;
      for (const x of rule.conditions) {
        if (x.kind === "time")
          windows.push([
            minutesOf(x.start),
            minutesOf(x.end),
            x.days.reduce((m, d) => m | (1 << d), 0),
          ]);
        else if (x.kind === "vehicles" && (x.imeis.length || x.groupIds.length || x.tagIds.length))
          scope = { imeis: x.imeis, groups: x.groupIds, tags: x.tagIds };
        else if (x.kind === "drivers" && x.ids.length) drivers = new Set(x.ids);
        else if (x.kind === "jobsites" && x.ids.length) jobsites = new Set(x.ids);
      }
      let win = -1;
      if (windows.length) {
        let zone = zones.get(rule.timeZone);
        if (zone === undefined) {
          zones.set(rule.timeZone, (zone = zones.size));
          this.zones.push(rule.timeZone);
        }
        const key = `${zone}|${windows.join(";")}`;
        const known = windowSets.get(key);
        if (known === undefined) {
          windowSets.set(key, (win = this.windowSets.length));
          this.windowSets.push({ zone, windows });
        } else win = known;
      }
      // Rules naming only vehicles came after the others for an event (kept: the same order).
      const onlyImeis = scope !== null && !scope.groups.length && !scope.tags.length;
      const c: Compiled = {
        rule,
        index,
        seq: (onlyImeis ? rules.length : 0) + index,
        memory,
        sensor: rule.trigger.type === "sensor",
        win,
        limited: drivers !== null || jobsites !== null,
        drivers,
        jobsites,
        why: new Map(),
        picked: 0,
        limitedUntil: -Infinity,
      };
      this.compiled.push(c);
      for (const k of kindsOf(rule.trigger)) {
        let slot = this.slots.get(k);
        if (!slot)
          this.slots.set(
            k,
            (slot = {
              open: [],
              plain: [],
              rest: [],
              byImei: new Map(),
              byGroup: new Map(),
              byTag: new Map(),
            }),
          );
        if (!scope) slot.open.push(c);
        else {
          for (const imei of scope.imeis) add(slot.byImei, imei, c);
          for (const g of scope.groups) add(slot.byGroup, g, c);
          for (const t of scope.tags) add(slot.byTag, t, c);
        }
      }
    }
    // The rules one event reaches get neighbouring columns: its subject's row is read in a few
    // cache lines rather than one per rule.
    let no = 0;
    for (const slot of this.slots.values())
      for (const list of [
        slot.open,
        ...slot.byImei.values(),
        ...slot.byGroup.values(),
        ...slot.byTag.values(),
      ])
        for (const c of list) if (c.memory.no < 0) c.memory.no = no++;
    for (const m of this.memories) if (m.no < 0) m.no = no++;
    for (const slot of this.slots.values()) {
      const groups = new Map<number, Compiled[]>();
      for (const c of slot.open) {
        if (c.sensor || c.limited || c.memory.rules > 1) {
          slot.rest.push(c);
          continue;
        }
        const g = groups.get(c.win);
        if (g) g.push(c);
        else groups.set(c.win, [c]);
      }
      for (const [win, rules] of groups) slot.plain.push({ win, rules });
    }
    for (const c of this.compiled) this.seqOf[c.index] = c.seq;
    let sensors = 0;
    for (const c of this.compiled)
      if (c.sensor && c.memory.sensorNo < 0) c.memory.sensorNo = sensors++;
    this.sensorWidth = sensors;
  }

  /** Sensor rules' states: the sensor tables' width. */
  readonly sensorWidth: number = 0;

  listens(kind: string): boolean {
    return this.slots.has(kind);
  }

  /** The rules of the event's kind (null: no rule listens to it). */
  slot(e: DeviceEvent): Slot | null {
    return this.slots.get(e.kind) ?? null;
  }

  /**
   * The rules limited to vehicles, groups or tags that name the event's, each once, in order.
   * `stamp` numbers the event; the array is reused by the next call.
   */
  named(e: DeviceEvent, stamp: number): Compiled[] {
    const out = this.picked;
    out.length = 0;
    const slot = this.slots.get(e.kind);
    if (!slot) return out;
    if (slot.byImei.size && e.imei != null) pick(slot.byImei.get(e.imei), stamp, out);
    if (slot.byGroup.size && e.groupIds)
      for (let i = 0; i < e.groupIds.length; i++)
        pick(slot.byGroup.get(e.groupIds[i]!), stamp, out);
    if (slot.byTag.size && e.tagIds)
      for (let i = 0; i < e.tagIds.length; i++) pick(slot.byTag.get(e.tagIds[i]!), stamp, out);
    // Insertion sort: a handful of rules.
    for (let i = 1; i < out.length; i++) {
      const c = out[i]!;
      let j = i - 1;
      while (j >= 0 && out[j]!.seq > c.seq) {
        out[j + 1] = out[j]!;
        j--;
      }
      out[j + 1] = c;
    }
    return out;
  }
}

function pick(list: Compiled[] | undefined, stamp: number, out: Compiled[]) {
  if (!list) return;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (c.picked !== stamp) {
      c.picked = stamp;
      out.push(c);
    }
  }
}

/** Drivers and jobsites: the conditions the index does not answer. */
export function inLimits(c: Compiled, e: DeviceEvent): boolean {
  if (c.drivers && (e.driverId == null || !c.drivers.has(e.driverId))) return false;
  if (c.jobsites && (e.jobsiteId == null || !c.jobsites.has(e.jobsiteId))) return false;
  return true;
}

const onDay = (mask: number, dow: number) => mask === 0 || (mask & (1 << dow)) !== 0;
export function windowHolds([start, end, mask]: Window, minutes: number, dow: number): boolean {
  if (start === end) return onDay(mask, dow);
  if (start < end) return onDay(mask, dow) && minutes >= start && minutes < end;
  return (minutes >= start && onDay(mask, dow)) || (minutes < end && onDay(mask, (dow + 6) % 7));
}
