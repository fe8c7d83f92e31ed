import { describe, expect, it } from "vitest";
import { automationFromAlertRule } from "./alert-rules";
import { evaluate, inTimeWindow, matchesEvent, type EngineState } from "./engine";
import type { Automation, DeviceEvent } from "./model";

const MIN = 60_000;
const base = (over: Partial<Automation> = {}): Automation => ({
  id: "r1",
  name: "Rule",
  enabled: true,
  timeZone: "UTC",
  trigger: { type: "overspeed", aboveKmh: 80 },
  conditions: [],
  actions: [{ kind: "notify", channels: ["inapp"], email: null }],
  cooldownMinutes: 0,
  maxPerHour: 0,
  ...over,
});
const T0 = Date.parse("2026-03-06T10:00:00Z"); // a Friday
const ev = (over: Partial<DeviceEvent> = {}): DeviceEvent => ({
  id: `e${Math.random()}`,
  kind: "overspeed",
  imei: "111111",
  time: T0,
  speed: 95,
  ...over,
});

describe("time windows", () => {
  const night = { start: "22:00", end: "06:00", days: [5] }; // Friday night
  it("a window across midnight belongs to the day it starts", () => {
    expect(inTimeWindow(night, Date.parse("2026-03-06T23:30:00Z"), "UTC")).toBe(true); // Fri
    expect(inTimeWindow(night, Date.parse("2026-03-07T03:00:00Z"), "UTC")).toBe(true); // Sat early
    expect(inTimeWindow(night, Date.parse("2026-03-07T06:00:00Z"), "UTC")).toBe(false); // end excluded
    expect(inTimeWindow(night, Date.parse("2026-03-06T03:00:00Z"), "UTC")).toBe(false); // Fri early = Thu night
    expect(inTimeWindow(night, Date.parse("2026-03-07T23:00:00Z"), "UTC")).toBe(false); // Sat night
  });
  it("is read in the company's time zone, daylight saving included", () => {
    const work = { start: "07:00", end: "18:00", days: [1, 2, 3, 4, 5] };
    // 20:30 UTC Thursday is 07:30 Friday in Sydney (UTC+11 in March).
    expect(inTimeWindow(work, Date.parse("2026-03-05T20:30:00Z"), "Australia/Sydney")).toBe(true);
    expect(inTimeWindow(work, Date.parse("2026-03-05T20:30:00Z"), "UTC")).toBe(false);
    // 14:30 UTC Saturday in New York (after the March 8 change it is UTC-4): Saturday, out.
    expect(inTimeWindow(work, Date.parse("2026-03-07T14:30:00Z"), "America/New_York")).toBe(false);
    // Monday 2026-03-09 11:30 UTC = 07:30 EDT (in) but 06:30 EST would be out.
    expect(inTimeWindow(work, Date.parse("2026-03-09T11:30:00Z"), "America/New_York")).toBe(true);
    expect(inTimeWindow(work, Date.parse("2026-03-02T11:30:00Z"), "America/New_York")).toBe(false);
  });
  it("equal start and end is the whole of the chosen days", () => {
    expect(inTimeWindow({ start: "00:00", end: "00:00", days: [6] }, T0, "UTC")).toBe(false);
    expect(inTimeWindow({ start: "00:00", end: "00:00", days: [5] }, T0, "UTC")).toBe(true);
  });
});

describe("evaluate", () => {
  it("fires, and records why a condition skipped", () => {
    const rule = base({
      conditions: [{ kind: "time", start: "07:00", end: "09:00", days: [] }],
    });
    const [d] = evaluate([rule], [ev()]);
    expect(d).toMatchObject({ outcome: "skipped" });
    expect(d!.reason).toMatch(/Outside 07:00–09:00 \(it was 10:00 in UTC\)/);
    const [f] = evaluate([base()], [ev()]);
    expect(f).toMatchObject({ outcome: "fired", reason: "95 km/h > 80 km/h" });
    expect(evaluate([base()], [ev({ speed: 70 })])[0]!.outcome).toBe("skipped");
  });

  it("de-duplicates per rule and subject within the window", () => {
    const rule = base({ cooldownMinutes: 10 });
    const out = evaluate(
      [rule],
      [
        ev({ time: T0 }),
        ev({ time: T0 + 5 * MIN }), // same vehicle, within 10 min
        ev({ time: T0 + 5 * MIN, imei: "222222" }), // another vehicle
        ev({ time: T0 + 10 * MIN }), // window over
      ],
    );
    expect(out.map((d) => d.outcome)).toEqual(["fired", "skipped", "fired", "fired"]);
    expect(out[1]!.reason).toMatch(/De-duplicated/);
  });

  it("rate-limits a rule per hour, across subjects, and keeps state between calls", () => {
    const rule = base({ maxPerHour: 2 });
    const state: EngineState = {};
    const a = evaluate(
      [rule],
      [ev({ imei: "1" }), ev({ imei: "2", time: T0 + MIN }), ev({ imei: "3", time: T0 + 2 * MIN })],
      state,
    );
    expect(a.map((d) => d.outcome)).toEqual(["fired", "fired", "skipped"]);
    expect(a[2]!.reason).toBe("Rate limit: 2 per hour reached");
    const b = evaluate([rule], [ev({ imei: "4", time: T0 + 61 * MIN })], state);
    expect(b[0]!.outcome).toBe("fired");
  });

  it("fires a sensor only once beyond its limit for the whole duration", () => {
    const rule = base({
      trigger: { type: "sensor", sensor: "temperature", op: "above", limit: 8, forMinutes: 30 },
    });
    const t = (min: number, temperature: number) =>
      ev({ kind: "temperature_out_of_range", time: T0 + min * MIN, sensors: { temperature } });
    const out = evaluate([rule], [t(0, 9), t(20, 10), t(29, 9.5), t(31, 9), t(40, 7), t(45, 9)]);
    expect(out.map((d) => d.outcome)).toEqual([
      "skipped",
      "skipped",
      "skipped",
      "fired",
      "skipped",
    ]);
    expect(out[3]!.reason).toBe("temperature 9 > 8 for 31 min");
    // The reading back in range (7) reset the clock: 9 at minute 45 starts again.
    expect(out[4]!.reason).toMatch(/for 0 min, less than 30 min/);
    // A long silence between readings starts the duration afresh.
    const gap = evaluate([rule], [t(0, 9), t(90, 9), t(100, 9)]);
    expect(gap.every((d) => d.outcome === "skipped")).toBe(true);
  });

  it("offline for at least N hours", () => {
    const rule = base({ trigger: { type: "offline", hours: 6 } });
    const out = evaluate(
      [rule],
      [ev({ kind: "offline", offlineHours: 0.5 }), ev({ kind: "offline", sustainedHours: 6 })],
    );
    expect(out.map((d) => d.outcome)).toEqual(["skipped", "fired"]);
  });

  it("vehicles, groups and tags: any of them", () => {
    const rule = base({
      conditions: [{ kind: "vehicles", imeis: ["9"], groupIds: [4], tagIds: [7] }],
    });
    const out = evaluate(
      [rule],
      [ev({ imei: "9" }), ev({ imei: "1", groupIds: [4] }), ev({ imei: "2", tagIds: [7] }), ev()],
    );
    // Another vehicle is not the rule's business: no line in its history.
    expect(out.map((d) => d.outcome)).toEqual(["fired", "fired", "fired"]);
  });

  it("a schedule occurrence fires only its own automation", () => {
    const rule = base({ trigger: { type: "schedule", rrule: "FREQ=DAILY" } });
    const out = evaluate(
      [rule],
      [
        ev({ kind: "schedule", imei: null, automationId: "r1" }),
        ev({ kind: "schedule", automationId: "r2" }),
      ],
    );
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ outcome: "fired", subject: "company" });
  });
});

describe("notification rules read as automations", () => {
  const rule = {
    id: "a",
    kinds: ["overspeed", "offline"],
    imeis: [],
    groupIds: [3],
    channels: ["inapp", "push"],
    quietStart: "22:00",
    quietEnd: "06:00",
    timeZone: "UTC",
    enabled: true,
    speedLimitKmh: 100,
    offlineHours: 24,
  };
  it("keeps the rule's kinds, groups and thresholds", () => {
    const auto = automationFromAlertRule(rule);
    expect(auto.id).toBe("alert:a");
    expect(matchesEvent(auto, ev({ speed: 120, groupIds: [3] }))).toBe(true);
    expect(matchesEvent(auto, ev({ speed: 90, groupIds: [3] }))).toBe(false);
    expect(matchesEvent(auto, ev({ speed: 120, groupIds: [5] }))).toBe(false);
    expect(matchesEvent(auto, ev({ kind: "offline", groupIds: [3], sustainedHours: 24 }))).toBe(
      true,
    );
    expect(matchesEvent(auto, ev({ kind: "offline", groupIds: [3] }))).toBe(false);
    expect(matchesEvent({ ...auto, enabled: false }, ev({ speed: 120, groupIds: [3] }))).toBe(
      false,
    );
  });
});
