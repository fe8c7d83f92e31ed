import { describe, expect, it } from "vitest";
import { eventsBetween, type SimEvent } from "./events";
import { IGNITION_REPORTERS, ignitionReporters } from "./ignition-events";
import { sampleAt } from "./movement";
import { buildWorld } from "./world";

const DAY = 86_400_000;
const now = Date.parse("2026-03-04T03:00:00Z");

/** The feed as GET /v2/events pages it: after each page's last event. */
function paged(world: ReturnType<typeof buildWorld>, since: number, limit: number) {
  const out: SimEvent[] = [];
  for (;;) {
    const list = eventsBetween(world, 1, since, now, limit + 1);
    const page = list.slice(0, limit);
    out.push(...page);
    if (list.length <= limit) return out;
    since = Date.parse(page[page.length - 1]!.time);
  }
}

describe("ignition events in the event feed", () => {
  const world = buildWorld({ seed: 42, devices: 24, createdAt: now - 3_600_000 });
  const week = eventsBetween(world, 1, now - 7 * DAY, now, 1e9);
  const ignition = week.filter((e) => e.kind === "ignition_on" || e.kind === "ignition_off");

  it("mark the movement model's ignition changes: off just before an on event, on at it, and back", () => {
    expect(ignition.length).toBeGreaterThan(300);
    for (const e of ignition) {
      const d = world.devicesByImei.get(e.imei)!;
      const t = Date.parse(e.time);
      const on = e.kind === "ignition_on";
      expect(sampleAt(d, t).ignition, e.id).toBe(on);
      expect(sampleAt(d, t - 1).ignition, e.id).toBe(!on);
    }
  });

  it("come from the first 24 devices' vehicles, couriers excepted, and never past an offline device's silence", () => {
    const reporters = new Set(ignitionReporters(world, 1).map((d) => d.imei));
    const firsts = world.devicesByCompany.get(1)!.slice(0, IGNITION_REPORTERS);
    expect(reporters.size).toBeGreaterThan(10);
    for (const d of firsts)
      expect(reporters.has(d.imei), d.imei).toBe(
        !d.sim.stationary && !d.sim.courier && d.sim.profile !== "parked",
      );
    expect(new Set(ignition.map((e) => e.imei))).toEqual(reporters);
    const offline = ignitionReporters(world, 1).find((d) => d.sim.profile === "offline")!;
    const silent = world.createdAt - offline.sim.offlineForMs;
    const its = ignition.filter((e) => e.imei === offline.imei);
    expect(its.every((e) => Date.parse(e.time) <= silent)).toBe(true);
  });

  it("page like the rest of the feed: small pages give the same events in the same order, ids unique", () => {
    const ids = week.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(paged(world, now - 7 * DAY, 500).map((e) => e.id)).toEqual(ids);
    expect(paged(world, now - DAY, 7).map((e) => e.id)).toEqual(
      eventsBetween(world, 1, now - DAY, now, 1e9).map((e) => e.id),
    );
  });

  it("stay a small share of a big fleet's feed (the dry run reads 7 days of 1,000 vehicles)", () => {
    const big = buildWorld({ seed: 42, devices: 1000, createdAt: now - 3_600_000 });
    const all = eventsBetween(big, 1, now - 7 * DAY, now, 1e9);
    const share = all.filter((e) => e.kind.startsWith("ignition_")).length / all.length;
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(0.02);
  });
});
