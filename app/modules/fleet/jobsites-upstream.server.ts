/**
 * Jobsite calls (designed; documented in server/sim/README.md). Kept apart from services/upstream so
 * areas add calls without touching each other's files.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

export const jobsiteGeofenceSchema = z.discriminatedUnion("type", [
  latLng.extend({ type: z.literal("circle"), radius_meters: z.number().positive() }),
  z.object({ type: z.literal("polygon"), points: z.array(latLng).min(3) }),
]);
export type JobsiteGeofence = z.infer<typeof jobsiteGeofenceSchema>;

export const jobsiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable().optional(),
  active: z.boolean().optional(),
  // A jobsite without a drawn fence is still a jobsite; the map skips it.
  geofence: jobsiteGeofenceSchema.nullable().optional(),
});
export type Jobsite = z.infer<typeof jobsiteSchema>;
export const jobsitesSchema = z.array(jobsiteSchema);

/** GET /jobsites/: the caller's company's jobsites with their geofences. */
export async function listJobsites(up: Upstream): Promise<Jobsite[]> {
  const { data } = await up.request({
    method: "GET",
    path: "/jobsites/",
    schema: jobsitesSchema,
    idempotent: true,
  });
  return data;
}
