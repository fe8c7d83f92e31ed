/**
 * The engine's number tables, index and cached clocks against the plain reading of its rules: a
 * reference engine written the obvious way (every rule, string-keyed state, `localClock` per event)
 * must decide the same, in the same order, and leave the same state, on random rules and events.
 */
import { describe, expect, it } from "vitest";
import { conditionFailure } from "./conditions";
import { evaluate, evaluateLog, SENSOR_GAP_MS, type Decision, type EngineState } from "./engine";
import type { Automation, Condition, DeviceEvent, Trigger } from "./model";
import { localClock, localWeekMinute } from "./time-window";
import { kindsOf, triggerCheck, triggerWhy } from "./triggers";

const MIN = 60_000;
const HOUR = 60 * MIN;

function reference(rules: Automation[], events: DeviceEvent[], state: EngineState, skips: boolean) {
  const out: Decision[] = [];
  const on = rules.filter((r) => r.enabled);
  for (const r of on) state[r.id] ??= { last: {}, recent: [], sensor: {} };
  const onlyImeis = (r: Automation) =>
    r.conditions.some(
      (c) => c.kind === "vehicles" && c.imeis.length && !c.groupIds.length && !c.tagIds.length,
    );
  const ordered = [...on.filter((r) => !onlyImeis(r)), ...on.filter(onlyImeis)];
  for (const e of events) {
    const subject = e.imei ?? "company";
    for (const rule of ordered) {
      if (!kindsOf(rule.trigger).includes(e.kind)) continue;
      const scope = rule.conditions.filter((c) => c.kind !== "time");
      if (conditionFailure(scope, e, rule.timeZone) !== null) continue;
      const s = state[rule.id]!;
      const skip = (reason: string) => {
        if (skips)
          out.push({
            ruleId: rule.id,
            eventId: e.id,
            subject,
            time: e.time,
            outcome: "skipped",
            reason,
          });
      };
      let since: number | undefined;
      if (rule.trigger.type === "sensor") {
        const t = rule.trigger;
        const v = e.sensors?.[t.sensor];
        if (v == null) continue;
        const beyond = t.op === "above" ? v > t.limit : v < t.limit;
        const prev = s.sensor[subject];
        if (!beyond) delete s.sensor[subject];
        else if (!prev || e.time - prev[1] > SENSOR_GAP_MS) s.sensor[subject] = [e.time, e.time];
        else s.sensor[subject] = [prev[0], e.time];
        since = s.sensor[subject]?.[0];
      }
      const ok = triggerCheck(rule, e, since);
      if (ok === null) continue;
      if (!ok) {
        if (rule.trigger.type !== "sensor" || since !== undefined)
          skip(triggerWhy(rule, e, false, since));
        continue;
      }
      const outside = conditionFailure(
        rule.conditions.filter((c) => c.kind === "time"),
        e,
        rule.timeZone,
      );
      if (outside) {
        skip(outside);
        continue;
      }
      const last = s.last[subject];
      if (rule.cooldownMinutes > 0 && last !== undefined) {
        const ago = e.time - last;
        if (ago >= 0 && ago < rule.cooldownMinutes * MIN) {
          skip(
            `De-duplicated: fired for ${subject} ${Math.round(ago / MIN)} min before (once per ${rule.cooldownMinutes} min)`,
          );
          continue;
        }
      }
      if (rule.maxPerHour > 0) {
        while (s.recent.length && s.recent[0]! <= e.time - HOUR) s.recent.shift();
        if (s.recent.length >= rule.maxPerHour) {
          skip(`Rate limit: ${rule.maxPerHour} per hour reached`);
          continue;
        }
        s.recent.push(e.time);
      }
      s.last[subject] = e.time;
      if (rule.trigger.type === "sensor") delete s.sensor[subject];
      out.push({
        ruleId: rule.id,
        eventId: e.id,
        subject,
        time: e.time,
        outcome: "fired",
        reason: triggerWhy(rule, e, true, since),
      });
    }
  }
  return out;
}

/** A small deterministic generator (mulberry32): a failure names its seed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const of = <T>(xs: readonly T[]) => xs[int(xs.length)]!;
  return { next, int, of };
}

const ZONES = ["UTC", "Australia/Adelaide", "America/New_York", "Asia/Kathmandu", "Europe/Berlin"];
const IMEIS = ["a1", "a2", "a3", "a4", "a5", "a6"];
const HHMM = ["00:00", "06:30", "07:00", "18:00", "22:00", "23:45"];

function world(seed: number, nRules: number, nEvents: number) {
  const g = random(seed);
  const triggers = (): Trigger =>
    of([
      { type: "overspeed", aboveKmh: g.next() < 0.2 ? null : 60 + g.int(40) },
      { type: "geofence", on: g.next() < 0.5 ? "enter" : "exit" },
      { type: "offline", hours: 1 + g.int(6) },
      {
        type: "sensor",
        sensor: "temperature",
        op: g.next() < 0.5 ? "above" : "below",
        limit: 8,
        forMinutes: of([0, 10, 30]),
      },
      { type: "maintenance_due" },
      { type: "events", kinds: ["overspeed", "offline"], speedLimitKmh: 90, offlineHours: null },
    ] as Trigger[]);
  const of = g.of;
  const rules: Automation[] = Array.from({ length: nRules }, (_, i) => {
    const conditions: Condition[] = [];
    if (g.next() < 0.6)
      conditions.push({
        kind: "time",
        start: of(HHMM),
        end: of(HHMM),
        days: g.next() < 0.3 ? [] : [1, 2, 3, 4, 5],
      });
    if (g.next() < 0.2) conditions.push({ kind: "time", start: "05:00", end: "23:00", days: [] });
    if (g.next() < 0.4)
      conditions.push({
        kind: "vehicles",
        imeis: g.next() < 0.6 ? [of(IMEIS)] : [],
        groupIds: g.next() < 0.4 ? [g.int(3)] : [],
        tagIds: g.next() < 0.3 ? [g.int(3)] : [],
      });
    if (g.next() < 0.15) conditions.push({ kind: "drivers", ids: [g.int(3)] });
    return {
      id: `r${g.int(nRules * 2)}`, // some ids repeat: rules sharing a state
      name: `R${i}`,
      enabled: g.next() < 0.9,
      timeZone: of(ZONES),
      trigger: triggers(),
      conditions,
      actions: [],
      cooldownMinutes: of([0, 0, 5, 30]),
      maxPerHour: of([0, 0, 2, 5]),
    };
  });
  let t = Date.parse("2026-03-07T12:00:00Z"); // New York and Europe change clocks in this range
  const events: DeviceEvent[] = Array.from({ length: nEvents }, (_, i) => {
    t += g.int(40) * MIN + g.int(60_000);
    return {
      id: `e${i}`,
      kind: of([
        "overspeed",
        "geofence_enter",
        "geofence_exit",
        "offline",
        "temperature_out_of_range",
        "maintenance_due",
        "ignition_on",
      ]),
      imei: g.next() < 0.1 ? null : of(IMEIS),
      time: t,
      groupIds: g.next() < 0.7 ? [g.int(3)] : undefined,
      tagIds: g.next() < 0.3 ? [g.int(3), g.int(3)] : undefined,
      driverId: g.next() < 0.5 ? g.int(3) : null,
      speed: g.next() < 0.9 ? 50 + g.int(70) : null,
      offlineHours: g.next() < 0.8 ? g.int(16) / 2 : null,
      sensors: g.next() < 0.9 ? { temperature: 4 + g.int(9) } : {},
    };
  });
  return { rules, events };
}

describe("the engine against its plain reading", () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`decides and remembers the same (seed ${seed})`, () => {
      const { rules, events } = world(seed, 40, 3000);
      const half = events.length / 2;
      for (const skips of [true, false]) {
        const want: EngineState = {};
        const got: EngineState = {};
        const small: EngineState = {};
        // Two calls with the state carried, as the runner does minute after minute.
        for (const batch of [events.slice(0, half), events.slice(half)]) {
          const expected = reference(rules, batch, want, skips);
          expect(evaluate(rules, batch, got, { skips })).toEqual(expected);
          // Tables of a few cells: the events are decided in many runs, the state carried.
          expect(evaluate(rules, batch, small, { skips, cells: 50 })).toEqual(expected);
          expect(got).toEqual(want);
          expect(small).toEqual(want);
        }
        if (skips) expect(reference(rules, events, {}, true).length).toBeGreaterThan(500);
      }
    });
  }

  it("keeps the decisions as columns until asked", () => {
    const { rules, events } = world(9, 20, 500);
    const log = evaluateLog(rules, events);
    const all = evaluate(rules, events);
    expect(log.length).toBe(all.length);
    expect(log.at(log.length - 1)).toEqual(all.at(-1));
    const fired = all.filter((d) => d.outcome === "fired").length;
    expect(log.fired.slice(0, log.length).reduce((a, b) => a + b, 0)).toBe(fired);
    expect(rules[log.rule[0]!]!.id).toBe(all[0]!.ruleId);
  });
});

describe("the clock per zone and hour", () => {
  const zones = [...ZONES, "Australia/Lord_Howe", "America/St_Johns", "Pacific/Chatham"];
  const clock = (ms: number, zone: string) => {
    const { minutes, dow } = localClock(ms, zone);
    return dow * 1440 + minutes;
  };
  it("reads every minute of the days clocks change as localClock does", () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    for (const zone of zones) {
      // Days on which the zone's offset changes: each of their minutes, with seconds.
      const offset = (ms: number) =>
        (clock(ms, zone) -
          new Date(ms).getUTCDay() * 1440 -
          Math.floor((ms % 86_400_000) / MIN) +
          10_080 * 2) %
        10_080;
      let changes = 0;
      for (let day = 0; day < 365; day++) {
        const from = start + day * 86_400_000;
        if (offset(from) === offset(from + 86_400_000)) continue;
        changes++;
        for (let m = 0; m < 1440; m++) {
          const ms = from + m * MIN + 17_000;
          expect(localWeekMinute(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toBe(
            clock(ms, zone),
          );
        }
      }
      if (zone !== "UTC" && zone !== "Asia/Kathmandu") expect(changes, zone).toBe(2);
    }
  });
  it("and through the year", () => {
    const start = Date.parse("2026-01-01T00:00:00Z");
    for (const zone of zones)
      for (let ms = start; ms < start + 365 * 86_400_000; ms += 97 * MIN)
        expect(localWeekMinute(ms, zone)).toBe(clock(ms, zone));
  });
});
