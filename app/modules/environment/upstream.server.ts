/**
 * Sensor and freight temperature control calls (designed; the simulator serves them in
 * server/sim/api-sensors.ts). Series come column-wise (`t[]`, `v[]`) so a year of 5-minute
 * readings is a compact answer; `late` names readings that reached the upstream from the device's
 * buffer after the fact (already placed at their measured time).
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

export const CHANNELS = [
  "temperature",
  "humidity",
  "door",
  "setpoint",
  "defrost",
  "battery",
] as const;
export type Channel = (typeof CHANNELS)[number];
const channel = z.enum(CHANNELS);
const reading = z.object({ time: z.number(), value: z.number() }).nullable();

export const sensorDeviceSchema = z.object({
  imei: z.string(),
  nickname: z.string(),
  device_type_id: z.number().int(),
  kind: z.enum(["environment", "reefer", "probe"]),
  interval_s: z.number().positive(),
  channels: z.array(z.object({ channel, unit: z.string() })),
  latest: z.record(z.string(), reading),
});
export type SensorDevice = z.infer<typeof sensorDeviceSchema>;

export const seriesSchema = z.object({
  imei: z.string(),
  channel,
  unit: z.string(),
  interval_s: z.number().positive(),
  from: z.string(),
  to: z.string(),
  t: z.array(z.number()),
  v: z.array(z.number()),
  late: z.array(z.object({ time: z.number(), received: z.number() })),
});
export type SensorSeries = z.infer<typeof seriesSchema>;

export const limitSchema = z.object({
  id: z.number().int(),
  imei: z.string(),
  channel,
  min: z.number().nullable(),
  max: z.number().nullable(),
  unit: z.string(),
  min_duration_s: z.number().int().nonnegative(),
});
export type SensorLimit = z.infer<typeof limitSchema>;
export type LimitInput = Omit<SensorLimit, "id">;

const tier = z.object({
  label: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  allowance_s: z.number().nonnegative(),
});
export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  setpoint: z.number(),
  tiers: z.array(tier),
  startup_ignore_s: z.number().nonnegative(),
  defrost_recovery_s: z.number().nonnegative().nullable(),
  door_recovery_s: z.number().nonnegative().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const loadSchema = z.object({
  id: z.number().int(),
  imei: z.string(),
  profile_id: z.number().int(),
  product: z.string(),
  reference: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  signoff: z
    .object({ name: z.string(), user_id: z.number(), at: z.string(), note: z.string() })
    .nullable(),
});
export type Load = z.infer<typeof loadSchema>;

export const listSensorDevices = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: "/sensors/devices",
      schema: z.array(sensorDeviceSchema),
      idempotent: true,
    })
  ).data;

export const getSeries = async (
  up: Upstream,
  q: { imei: string; channel: Channel; from: number; to: number },
) =>
  (
    await up.request({
      method: "GET",
      path: "/sensors/series",
      query: {
        imei: q.imei,
        channel: q.channel,
        from: new Date(q.from).toISOString(),
        to: new Date(q.to).toISOString(),
      },
      schema: seriesSchema,
      idempotent: true,
    })
  ).data;

export const listLimits = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: "/sensors/limits",
      schema: z.array(limitSchema),
      idempotent: true,
    })
  ).data;
export const saveLimit = async (up: Upstream, l: LimitInput) =>
  (await up.request({ method: "POST", path: "/sensors/limits", body: l, schema: limitSchema }))
    .data;
export const deleteLimit = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "DELETE",
      path: `/sensors/limits/${id}`,
      schema: z.object({ id: z.number().int() }),
    })
  ).data;

export const listProfiles = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: "/ftc/profiles",
      schema: z.array(profileSchema),
      idempotent: true,
    })
  ).data;
export const listLoads = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: "/ftc/loads",
      schema: z.array(loadSchema),
      idempotent: true,
    })
  ).data;
export const getLoad = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "GET",
      path: `/ftc/loads/${id}`,
      schema: loadSchema,
      idempotent: true,
    })
  ).data;
export const signOffLoad = async (up: Upstream, id: number, s: { name: string; note: string }) =>
  (await up.request({ method: "POST", path: `/ftc/signoff/${id}`, body: s, schema: loadSchema }))
    .data;

export type ProfileInput = Omit<Profile, "id" | "setpoint">;
export type LoadInput = Omit<Load, "id" | "signoff">;

/** Creates a profile, or replaces profile `id`. */
export const saveProfile = async (up: Upstream, p: ProfileInput, id?: number) =>
  (
    await up.request({
      method: "POST",
      path: id === undefined ? "/ftc/profiles" : `/ftc/profiles/${id}`,
      body: p,
      schema: profileSchema,
    })
  ).data;

/** Creates a load, or replaces load `id` (not once signed off). */
export const saveLoad = async (up: Upstream, l: LoadInput, id?: number) =>
  (
    await up.request({
      method: "POST",
      path: id === undefined ? "/ftc/loads" : `/ftc/loads/${id}`,
      body: l,
      schema: loadSchema,
    })
  ).data;
