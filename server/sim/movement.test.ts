import { describe, expect, it } from "vitest";
import { distanceKm } from "./geo";
import { lastFix, tripsBetween } from "./fixes";
import { sampleAt } from "./movement";
import { buildWorld } from "./world";

// A Wednesday, 12:00 in Brisbane.
const NOON = Date.parse("2026-03-04T02:00:00Z");
const world = buildWorld({ seed: 42, devices: 300, createdAt: NOON });
const vehicles = world.devices.filter((d) => !d.sim.stationary).slice(0, 60);
const inBrisbane = (p: { lat: number; lng: number }) =>
  p.lat > -27.75 && p.lat < -27.25 && p.lng > 152.8 && p.lng < 153.35;

describe("movement model", () => {
  it("is a pure function of device and time", () => {
    const d = vehicles[3]!;
    const copy = buildWorld({ seed: 42, devices: 300, createdAt: NOON }).devicesByImei.get(d.imei)!;
    for (let t = NOON - 86_400_000; t < NOON; t += 600_000)
      expect(sampleAt(copy, t)).toEqual(sampleAt(d, t));
  });

  it("keeps speeds within limits, positions in Brisbane and odometers monotonic over two days", () => {
    // Plain checks collected into one list: tens of thousands of expect() calls would be slow.
    const problems: string[] = [];
    for (const d of vehicles.slice(0, 25)) {
      let prev = sampleAt(d, NOON - 2 * 86_400_000);
      for (let t = prev.t + 10_000; t <= NOON; t += 10_000) {
        const s = sampleAt(d, t);
        const km = distanceKm(prev, s);
        const at = `${d.imei} @ ${new Date(t).toISOString()}`;
        if (!inBrisbane(s)) problems.push(`${at} outside Brisbane`);
        if (s.speed < 0 || s.speed > 104) problems.push(`${at} speed ${s.speed}`);
        if (s.odometer < prev.odometer - 1e-9) problems.push(`${at} odometer went back`);
        // No teleporting, and the odometer covers at least the distance travelled.
        if (km / (10 / 3600) > 130) problems.push(`${at} jumped ${km} km`);
        if (s.odometer - prev.odometer + 1e-6 < km * 0.99)
          problems.push(`${at} odometer behind distance`);
        if (s.state !== "moving" && s.speed !== 0) problems.push(`${at} speed while ${s.state}`);
        if (s.state === "resting" && s.ignition) problems.push(`${at} ignition on while resting`);
        prev = s;
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it("produces 3 to 8 trips on a working day with chained odometers", () => {
    const d = vehicles.find((v) => v.sim.profile === "fleet")!;
    const trips = tripsBetween(world, d, NOON - 7 * 86_400_000, NOON);
    expect(trips.length).toBeGreaterThan(5);
    for (let i = 1; i < trips.length; i++) {
      const a = trips[i - 1]!.leg;
      const b = trips[i]!.leg;
      expect(b.depart).toBeGreaterThan(a.arrive);
      expect(b.odoStart).toBeCloseTo(a.odoStart + a.km, 6);
      expect(a.km).toBeGreaterThan(0);
    }
  });

  it("mixes moving, idling, resting and offline devices in a big fleet", () => {
    const big = buildWorld({ seed: 42, devices: 2000, createdAt: NOON });
    const counts: Record<string, number> = {};
    for (const d of big.devices) {
      const f = lastFix(big, d, NOON);
      counts[f.state] = (counts[f.state] ?? 0) + 1;
    }
    expect(counts.moving).toBeGreaterThan(20);
    expect(counts.idling).toBeGreaterThan(5);
    expect(counts.resting).toBeGreaterThan(200);
    expect(counts.offline).toBeGreaterThan(20);
  });

  it("reports offline devices as silent for more than 24 hours", () => {
    const off = world.devices.filter((d) => d.sim.profile === "offline");
    expect(off.length).toBeGreaterThan(0);
    for (const d of off)
      expect(NOON - lastFix(world, d, NOON).timestamp).toBeGreaterThan(86_400_000);
  });
});
