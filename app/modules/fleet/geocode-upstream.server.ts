/**
 * Geocoding calls of the upstream (designed; documented in server/sim/README.md, served by
 * server/sim/api-geocode.ts): reverse geocoding of a position at street or suburb level, and a
 * place search for the map's address box. zod checks every answer.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";
import { UpstreamError } from "~/services/upstream/errors";

export type AddressLevel = "street" | "suburb";

export const addressSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  level: z.enum(["street", "suburb"]),
  house_number: z.string().nullable(),
  street: z.string().nullable(),
  suburb: z.string().min(1),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
  label: z.string().min(1),
  distance_m: z.number().nonnegative(),
});
export type UpstreamAddress = z.infer<typeof addressSchema>;

export const placeSchema = z.object({
  label: z.string().min(1),
  kind: z.enum(["suburb", "street"]),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Place = z.infer<typeof placeSchema>;

/**
 * GET /geocode/reverse: the address of a position, or null when the upstream knows none there
 * (404). Any other failure is an UpstreamError.
 */
export async function reverseGeocode(
  up: Upstream,
  lat: number,
  lng: number,
  level: AddressLevel,
): Promise<UpstreamAddress | null> {
  try {
    const { data } = await up.request({
      method: "GET",
      path: "/geocode/reverse",
      query: { lat, lng, level },
      schema: addressSchema,
      idempotent: true,
    });
    return data;
  } catch (e) {
    if (e instanceof UpstreamError && e.status === 404) return null;
    throw e;
  }
}

/** GET /geocode/search: places whose name matches the text, best first. */
export async function searchPlaces(up: Upstream, q: string, limit = 8): Promise<Place[]> {
  const { data } = await up.request({
    method: "GET",
    path: "/geocode/search",
    query: { q, limit },
    schema: z.array(placeSchema),
    idempotent: true,
  });
  return data;
}
