/**
 * Designed upstream calls for drivers (the spec leaves them open; the simulator's api-drivers.ts
 * serves them): drivers, driver ID tags and their reads, driver sessions (who drove which trip)
 * and safety events. zod validates every response.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";
import { BEHAVIOURS } from "./behaviours";

const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "expected an ISO date-time");

export const driverSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  employee_number: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  licence_number: z.string().nullable(),
  licence_class: z.string().nullable(),
  licence_expiry: z.string().nullable(),
  photo: z.string().nullable(),
  group_ids: z.array(z.number().int()),
  active: z.boolean(),
});
export type UpstreamDriver = z.infer<typeof driverSchema>;

export const driverTagSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  label: z.string(),
  driver_id: z.number().int().nullable(),
  active: z.boolean(),
});
export type UpstreamDriverTag = z.infer<typeof driverTagSchema>;

export const tagReadSchema = z.object({
  tag_id: z.number().int(),
  imei: z.string(),
  vehicle: z.string(),
  time: isoTime,
  lat: z.number(),
  lng: z.number(),
  trip_id: z.string(),
});
export type UpstreamTagRead = z.infer<typeof tagReadSchema>;

export const sessionSchema = z.object({
  trip_id: z.string(),
  imei: z.string(),
  start: isoTime,
  end: isoTime,
  distance_km: z.number().nonnegative(),
  driver_id: z.number().int().nullable(),
  source: z.enum(["tag", "manual", "permdriver"]).nullable(),
  tag_id: z.number().int().nullable(),
});
export type UpstreamSession = z.infer<typeof sessionSchema>;

export const safetyEventSchema = z.object({
  id: z.string(),
  behaviour: z.enum(BEHAVIOURS),
  time: isoTime,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  imei: z.string(),
  trip_id: z.string(),
  driver_id: z.number().int().nullable(),
  speed: z.number(),
  speed_limit: z.number().nullable(),
  severity: z.enum(["low", "medium", "high"]),
});
export type UpstreamSafetyEvent = z.infer<typeof safetyEventSchema>;

export type DriverInput = Partial<Omit<UpstreamDriver, "id" | "photo">>;
type Range = { from?: string; to?: string };

const get = <S extends z.ZodTypeAny>(up: Upstream, path: string, schema: S, query = {}) =>
  up.request({ method: "GET", path, query, schema, idempotent: true }).then((r) => r.data);

/** GET /drivers: the company's drivers, active or not. */
export const drivers = (up: Upstream) => get(up, "/drivers", z.array(driverSchema));

/** POST /drivers: a new driver (first and last name required). */
export async function createDriver(up: Upstream, input: DriverInput): Promise<UpstreamDriver> {
  return (await up.request({ method: "POST", path: "/drivers", body: input, schema: driverSchema }))
    .data;
}

/** PATCH /drivers/driver?id=: changes the given fields (active: false deactivates). */
export async function updateDriver(up: Upstream, id: number, input: DriverInput) {
  return (
    await up.request({
      method: "PATCH",
      path: "/drivers/driver",
      query: { id },
      body: input,
      schema: driverSchema,
    })
  ).data;
}

/** GET /drivers/tags: the company's driver ID tags. */
export const driverTags = (up: Upstream) => get(up, "/drivers/tags", z.array(driverTagSchema));

/** POST /drivers/tags {uid, label?, driver_id?}: 400 for a bad uid, 409 for a duplicate. */
export async function createDriverTag(
  up: Upstream,
  input: { uid: string; label?: string; driver_id?: number | null },
) {
  return (
    await up.request({
      method: "POST",
      path: "/drivers/tags",
      body: input,
      schema: driverTagSchema,
    })
  ).data;
}

/** PATCH /drivers/tags/tag?id= {label?, driver_id?, active?}: deactivating unassigns. */
export async function updateDriverTag(
  up: Upstream,
  id: number,
  input: { label?: string; driver_id?: number | null; active?: boolean },
) {
  return (
    await up.request({
      method: "PATCH",
      path: "/drivers/tags/tag",
      query: { id },
      body: input,
      schema: driverTagSchema,
    })
  ).data;
}

/** GET /drivers/tags/reads?id&from&to: a tag's reads on vehicles (at most 92 days). */
export const tagReads = (up: Upstream, id: number, range: Range = {}) =>
  get(up, "/drivers/tags/reads", z.array(tagReadSchema), { id, ...range });

/** GET /drivers/sessions: who drove each trip in the range (at most 92 days). */
export const driverSessions = (
  up: Upstream,
  q: Range & { driver_id?: number; imei?: string; unidentified?: boolean } = {},
) =>
  get(up, "/drivers/sessions", z.array(sessionSchema), {
    ...q,
    unidentified: q.unidentified ? "1" : undefined,
  });

/** POST /drivers/sessions/assign: names (or clears) the driver of a trip after the fact. */
export async function assignTripDriver(
  up: Upstream,
  input: { imei: string; trip_id: string; driver_id: number | null },
) {
  return (
    await up.request({
      method: "POST",
      path: "/drivers/sessions/assign",
      body: input,
      schema: sessionSchema,
    })
  ).data;
}

/** GET /drivers/events?from&to: safety events of the range (at most 92 days), oldest first. */
export const safetyEvents = (up: Upstream, range: Range = {}) =>
  get(up, "/drivers/events", z.array(safetyEventSchema), range);
