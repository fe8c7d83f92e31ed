/**
 * The review's telematics check (pure): what an entry says against what the person's vehicle did.
 * "Vehicle active" is the span from the start of its first trip to the end of its last trip around
 * the shift (a working day as the vehicle saw it); "on site" is the time its positions were inside
 * the entry's jobsite during the entry. A check is flagged when either differs from the clocked
 * hours by more than the margin.
 */
export type TripSpan = { start: number; end: number };
export type TrackPoint = { time: number; lat: number; lng: number };

export type Check = {
  clockedMin: number;
  vehicleMin: number | null;
  onSiteMin: number | null;
  flags: string[];
};

/** Trips are looked for this long either side of an entry. */
export const AROUND_MS = 2 * 3_600_000;

export function vehicleActiveMinutes(trips: readonly TripSpan[], start: number, end: number) {
  const near = trips.filter((t) => t.end > start - AROUND_MS && t.start < end + AROUND_MS);
  if (!near.length) return 0;
  const first = Math.min(...near.map((t) => t.start));
  const last = Math.max(...near.map((t) => t.end));
  return Math.round((last - first) / 60_000);
}

/** Minutes inside the fence: each point stands for the time until the next one (at most `gapMs`). */
export function onSiteMinutes(
  points: readonly TrackPoint[],
  inside: (lat: number, lng: number) => boolean,
  start: number,
  end: number,
  gapMs = 5 * 60_000,
) {
  const pts = points.filter((p) => p.time >= start && p.time < end).sort((a, b) => a.time - b.time);
  let ms = 0;
  pts.forEach((p, i) => {
    if (!inside(p.lat, p.lng)) return;
    const next = i + 1 < pts.length ? pts[i + 1]!.time : end;
    ms += Math.min(next - p.time, gapMs);
  });
  return Math.round(ms / 60_000);
}

export function judge(
  clockedMin: number,
  vehicleMin: number | null,
  onSiteMin: number | null,
  marginHours: number,
): Check {
  const margin = marginHours * 60;
  const flags: string[] = [];
  if (vehicleMin !== null && Math.abs(vehicleMin - clockedMin) > margin)
    flags.push(
      vehicleMin > clockedMin
        ? "Vehicle active longer than clocked"
        : "Clocked longer than the vehicle was active",
    );
  if (onSiteMin !== null && Math.abs(onSiteMin - clockedMin) > margin)
    flags.push("Time on site differs from clocked");
  return { clockedMin, vehicleMin, onSiteMin, flags };
}

const h = (m: number) => `${(m / 60).toFixed(1)} h`;

/** "clocked 8.0 h · vehicle active 9.2 h · on site 6.1 h" */
export function checkText(c: Check): string {
  return [
    `clocked ${h(c.clockedMin)}`,
    c.vehicleMin === null ? "no vehicle" : `vehicle active ${h(c.vehicleMin)}`,
    c.onSiteMin === null ? "no jobsite check" : `on site ${h(c.onSiteMin)}`,
  ].join(" · ");
}
