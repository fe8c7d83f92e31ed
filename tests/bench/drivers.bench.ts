/**
 * `npm run bench -- drivers`: scores of 1,000 drivers over 30 days from 500,000 events (and 60,000
 * driver sessions), against a single pass that only counts the events. Target: ≤ 500 ms.
 */
import os from "node:os";
import { BEHAVIOURS } from "../../app/modules/drivers/behaviours";
import { DEFAULT_SCORE_SETTINGS, fleetScore, scoreDrivers } from "../../app/modules/drivers/score";

export default async function run() {
  let seed = 7;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const DRIVERS = 1000;
  const events = Array.from({ length: 500_000 }, (_, i) => ({
    id: `e${i}`,
    driver_id: Math.floor(rnd() * DRIVERS),
    behaviour: BEHAVIOURS[Math.floor(rnd() * BEHAVIOURS.length)]!,
  }));
  const sessions = Array.from({ length: 60_000 }, () => ({
    driver_id: Math.floor(rnd() * DRIVERS),
    distance_km: 5 + rnd() * 80,
  }));
  const dismissed = new Set(events.filter((_, i) => i % 97 === 0).map((e) => e.id));
  const best = (fn: () => void) => {
    let min = Infinity;
    for (let r = 0; r < 5; r++) {
      const t = performance.now();
      fn();
      min = Math.min(min, performance.now() - t);
    }
    return min;
  };
  const sumOnly = best(() => {
    const n = new Float64Array(DRIVERS);
    for (const e of events) n[e.driver_id!]!++;
  });
  let fleet: number | null = null;
  const scored = best(() => {
    const s = scoreDrivers({ events, sessions, dismissed }, DEFAULT_SCORE_SETTINGS);
    fleet = fleetScore([...s.values()]);
  });
  console.log(`events only summed: ${sumOnly.toFixed(1)} ms`);
  console.log(
    `scores of ${DRIVERS} drivers from ${events.length} events: ${scored.toFixed(1)} ms ` +
      `(×${(scored / sumOnly).toFixed(1)} the summing pass; fleet score ${fleet!.toFixed(1)}) ` +
      `${scored <= 500 ? "OK" : "OVER the 500 ms target"} (load ${os.loadavg()[0]!.toFixed(1)})`,
  );
}
