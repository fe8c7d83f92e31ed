/**
 * Replay maths, pure: where each vehicle is at a moment, and the speed series for the chart.
 * Several vehicles share one timeline (absolute time), so their trips play side by side.
 */
export type ReplayPoint = { t: number; lat: number; lng: number; speed: number; heading: number };
export type ReplayTrack = { id: string; imei: string; label: string; points: ReplayPoint[] };

export const REPLAY_SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export function timelineBounds(
  tracks: readonly ReplayTrack[],
): { start: number; end: number } | null {
  let start = Infinity;
  let end = -Infinity;
  for (const tr of tracks) {
    if (!tr.points.length) continue;
    start = Math.min(start, tr.points[0]!.t);
    end = Math.max(end, tr.points[tr.points.length - 1]!.t);
  }
  return Number.isFinite(start) ? { start, end } : null;
}

/** Index of the last point at or before t (binary search; points sorted by time). */
function before(points: readonly ReplayPoint[], t: number): number {
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid]!.t <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The position at time t, interpolated between fixes; null before the track starts or after it
 * ends (that vehicle is not driving then).
 */
export function positionAt(points: readonly ReplayPoint[], t: number): ReplayPoint | null {
  if (!points.length || t < points[0]!.t || t > points[points.length - 1]!.t) return null;
  const i = before(points, t);
  const a = points[i]!;
  const b = points[Math.min(i + 1, points.length - 1)]!;
  const f = b.t === a.t ? 0 : (t - a.t) / (b.t - a.t);
  return {
    t,
    lat: a.lat + (b.lat - a.lat) * f,
    lng: a.lng + (b.lng - a.lng) * f,
    speed: a.speed + (b.speed - a.speed) * f,
    heading: a.heading,
  };
}

/** The next moment of a running replay: `elapsedMs` of wall time at `speed`x, stopping at the end. */
export function advance(
  current: number,
  elapsedMs: number,
  speed: number,
  end: number,
): { t: number; ended: boolean } {
  const t = current + elapsedMs * speed;
  return t >= end ? { t: end, ended: true } : { t, ended: false };
}

/**
 * Rows for the speed chart: one per `bucketMs`, a column per track (by track id) with its speed
 * in that bucket, absent while the vehicle is not driving.
 */
export function speedSeries(
  tracks: readonly ReplayTrack[],
  bucketMs = 10_000,
  maxRows = 600,
): Array<Record<string, number>> {
  const bounds = timelineBounds(tracks);
  if (!bounds) return [];
  const step = Math.max(
    bucketMs,
    Math.ceil((bounds.end - bounds.start) / maxRows / bucketMs) * bucketMs,
  );
  const rows: Array<Record<string, number>> = [];
  for (let t = bounds.start; t <= bounds.end + step - 1; t += step) {
    const row: Record<string, number> = { t: Math.min(t, bounds.end) };
    for (const tr of tracks) {
      const p = positionAt(tr.points, Math.min(t, bounds.end));
      if (p) row[tr.id] = Math.round(p.speed);
    }
    rows.push(row);
  }
  return rows;
}
