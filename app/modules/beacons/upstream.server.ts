/**
 * Designed upstream calls for BLE beacons and network coverage (the spec leaves them open; the
 * simulator's README documents them): zod schemas validating every response, one typed function
 * per call. Kept in the module, apart from the shared call files in services/upstream, so each area
 * owns its file.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "expected an ISO date-time");

export const sightingSchema = z.object({
  time: isoTime,
  gateway_imei: z.string(),
  gateway_nickname: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  rssi: z.number().int(),
});
export type UpstreamSighting = z.infer<typeof sightingSchema>;

export const beaconSchema = z.object({
  uuid: z.string().min(1),
  nickname: z.string(),
  model: z.string().default(""),
  major: z.number().int(),
  minor: z.number().int(),
  asset_name: z.string().nullable(),
  tx_power: z.number().int(),
  adv_interval_ms: z.number().int(),
  battery: z.number().min(0).max(100).nullable(),
  last_seen: sightingSchema.nullable(),
});
export type UpstreamBeacon = z.infer<typeof beaconSchema>;
export const beaconsSchema = z.array(beaconSchema);

export const sightingsResponseSchema = z.object({
  uuid: z.string(),
  from: isoTime,
  to: isoTime,
  sightings: z.array(sightingSchema),
});

export const coverageCellSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  samples: z.number().int().nonnegative(),
  devices: z.number().int().nonnegative(),
  avg_dbm: z.number(),
});
export type UpstreamCoverageCell = z.infer<typeof coverageCellSchema>;
export const coverageResponseSchema = z.object({
  generated_at: isoTime,
  cell_deg: z.number().positive(),
  cells: z.array(coverageCellSchema),
});
export type UpstreamCoverage = z.infer<typeof coverageResponseSchema>;

/** GET /beacons: every beacon of the caller's company with its last sighting. */
export async function beacons(up: Upstream): Promise<UpstreamBeacon[]> {
  return (
    await up.request({ method: "GET", path: "/beacons", schema: beaconsSchema, idempotent: true })
  ).data;
}

/** GET /beacons/sightings: one beacon's sightings in [from, to] (at most 7 days), oldest first. */
export async function beaconSightings(
  up: Upstream,
  input: { uuid: string; from?: string; to?: string },
) {
  return (
    await up.request({
      method: "GET",
      path: "/beacons/sightings",
      query: input,
      schema: sightingsResponseSchema,
      idempotent: true,
    })
  ).data;
}

export type BeaconConfigInput = {
  uuid: string;
  nickname?: string;
  asset_name?: string | null;
  tx_power?: number;
  adv_interval_ms?: number;
};

/** POST /beacons/config: changes the given settings (absent ones stay), returns the beacon. */
export async function configureBeacon(
  up: Upstream,
  input: BeaconConfigInput,
): Promise<UpstreamBeacon> {
  return (
    await up.request({ method: "POST", path: "/beacons/config", body: input, schema: beaconSchema })
  ).data;
}

/** GET /network/coverage (no token needed): signal per cell over the last day. */
export async function networkCoverage(up: Upstream): Promise<UpstreamCoverage> {
  return (
    await up.request({
      method: "GET",
      path: "/network/coverage",
      schema: coverageResponseSchema,
      idempotent: true,
    })
  ).data;
}
