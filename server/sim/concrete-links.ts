/**
 * Where a probe was at a given time (the pour link whose monitoring window holds it) and so what it
 * read: the readings of a range are computed from the links, never stored.
 */
import type { ConcretePourState } from "./concrete-state";
import { READING_MS, probeTemperature, type Placement } from "./concrete-readings";
import { strCode } from "./prng";

export const sensorCode = (imei: string) => strCode(imei);

/** A lookup of the probe's placement at a time (null when it lay in no pour then). */
export function placementsOf(
  d: ConcretePourState,
  companyid: number,
  imei: string,
): (t: number) => Placement | null {
  const spans = d.links
    .filter((l) => l.imei === imei && l.companyid === companyid)
    .map((l) => {
      const pour = d.pours.find((p) => p.id === l.pour_id)!;
      const from = Date.parse(l.from);
      return {
        from,
        to: l.to === null ? Infinity : Date.parse(l.to),
        p: {
          placedAt: Date.parse(pour.placed_at),
          thicknessM: pour.thickness_m,
          jobsiteId: pour.jobsite_id ?? 0,
          position: l.position,
          depthMm: l.depth_mm,
        } satisfies Placement,
      };
    });
  return (t) => spans.find((s) => s.from <= t && t < s.to)?.p ?? null;
}

/**
 * Readings of a range, compactly: the first reading's time, the interval, and the temperatures in
 * order (a reading every 15 minutes, none missing), so a 28-day range is a few kilobytes.
 */
export function readingsFor(
  seed: number,
  d: ConcretePourState,
  companyid: number,
  imei: string,
  from: number,
  to: number,
): { start: string | null; temperatures: number[] } {
  const at = placementsOf(d, companyid, imei);
  const code = sensorCode(imei);
  const first = Math.ceil(from / READING_MS) * READING_MS;
  const temperatures: number[] = [];
  for (let t = first; t <= to; t += READING_MS)
    temperatures.push(probeTemperature(seed, code, t, at(t)));
  return { start: temperatures.length ? new Date(first).toISOString() : null, temperatures };
}
