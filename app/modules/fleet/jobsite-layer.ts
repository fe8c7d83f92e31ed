/**
 * Jobsites as the map draws them (pure; shared by the server that serves them and the browser).
 * A jobsite's geofence is a circle (centre and radius in metres) or a polygon of [lat, lng] points.
 */
export type JobsiteFence =
  | { kind: "circle"; lat: number; lng: number; radius: number }
  | { kind: "polygon"; points: [number, number][] };
export type MapJobsite = { id: number; name: string; address: string | null; fence: JobsiteFence };

/** Jobsites are orange, apart from the purple of device geofences and the status colours. */
export const JOBSITE_COLOUR = "#f08c00";

/** What /api/jobsites answers: the jobsites, and since when they are known when the upstream is down. */
export type JobsitesPayload = { jobsites: MapJobsite[]; stale: boolean; asOf: string | null };

/** Great-circle distance in metres (haversine). */
function metresBetween(a: [number, number], b: [number, number]): number {
  const rad = (x: number) => (x * Math.PI) / 180;
  const dLat = rad(b[0] - a[0]);
  const dLng = rad(b[1] - a[1]);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/**
 * Whether a position is inside a jobsite's fence (a circle by distance, a polygon by ray casting on
 * latitude and longitude, exact enough for fences of a few hundred metres away from the poles).
 */
export function insideJobsite(fence: JobsiteFence, lat: number, lng: number): boolean {
  if (fence.kind === "circle")
    return metresBetween([fence.lat, fence.lng], [lat, lng]) <= fence.radius;
  let inside = false;
  const p = fence.points;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const [yi, xi] = p[i]!;
    const [yj, xj] = p[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
