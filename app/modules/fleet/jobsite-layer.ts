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
