/**
 * Pours, sensors, pour–device links, mass-concrete limit sets and their rules (designed; the
 * simulator serves them in server/sim/api-concrete.ts). Readings and weather are computed by the
 * upstream on request; the app never stores them.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

export const POSITIONS = ["core", "surface", "ambient"] as const;
export const CHANNELS = ["inapp", "push", "email"] as const;

export const sensorSchema = z.object({
  imei: z.string(),
  nickname: z.string(),
  model: z.string(),
  registered: z.boolean(),
  battery: z.number(),
  last_reading: z.object({ time: z.string(), temperature_c: z.number() }).nullable(),
  current_pour_id: z.number().int().nullable(),
});
export type Sensor = z.infer<typeof sensorSchema>;

/** Readings arrive compactly (a start, an interval, the temperatures) and are expanded here. */
export const readingsSchema = z.object({
  imei: z.string(),
  interval_s: z.number().positive(),
  start: z.string().nullable(),
  temperatures: z.array(z.number()),
});
/** One reading: time (ms) and °C. */
export type Reading = { t: number; c: number };

export const weatherSchema = z.object({
  jobsite_id: z.number(),
  interval_s: z.number(),
  readings: z.array(
    z.object({
      time: z.string(),
      air_temp_c: z.number(),
      humidity_pct: z.number(),
      wind_kmh: z.number(),
    }),
  ),
});
export type WeatherReading = z.infer<typeof weatherSchema>["readings"][number];

const target = z.object({ name: z.string(), percent: z.number() });
export const pourSchema = z.object({
  id: z.number().int(),
  element: z.string(),
  jobsite_id: z.number().int().nullable(),
  mix_design_id: z.number().int().nullable(),
  volume_m3: z.number(),
  thickness_m: z.number(),
  placed_at: z.string(),
  ended_at: z.string().nullable(),
  limit_set_ids: z.array(z.number().int()),
  targets: z.array(target),
  notes: z.string(),
  signed_off: z.object({ name: z.string(), at: z.string(), note: z.string() }).nullable(),
  status: z.enum(["planned", "active", "ended"]),
});
export type Pour = z.infer<typeof pourSchema>;
export type PourInput = Omit<Pour, "id" | "status" | "signed_off">;

export const linkSchema = z.object({
  id: z.number().int(),
  pour_id: z.number().int(),
  imei: z.string(),
  position: z.enum(POSITIONS),
  depth_mm: z.number(),
  from: z.string(),
  to: z.string().nullable(),
});
export type PourLink = z.infer<typeof linkSchema>;
export type PourLinkInput = Omit<PourLink, "id">;

export const limitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  max_temp_c: z.number(),
  min_temp_c: z.number(),
  max_diff_c: z.number(),
  max_cooling_c_per_h: z.number(),
});
export type LimitSet = z.infer<typeof limitSchema>;
export type LimitSetInput = Omit<LimitSet, "id">;

export const ruleSchema = z.object({
  id: z.number().int(),
  limit_id: z.number().int(),
  user_ids: z.array(z.number().int()),
  channels: z.array(z.enum(CHANNELS)),
  after_minutes: z.number().int(),
  active: z.boolean(),
});
export type LimitRule = z.infer<typeof ruleSchema>;
export type LimitRuleInput = Omit<LimitRule, "id">;

export const personSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

export const noticeSchema = z.object({
  id: z.number().int(),
  breach_id: z.string(),
  pour_id: z.number().int(),
  limit_id: z.number().int(),
  kind: z.string(),
  started_at: z.string(),
  user_ids: z.array(z.number().int()),
  channels: z.array(z.string()),
  sent_at: z.string(),
});
export type BreachNotice = z.infer<typeof noticeSchema>;
export type BreachNoticeInput = Omit<BreachNotice, "id" | "sent_at">;

const idSchema = z.object({ id: z.number().int() });
const get = async <S extends z.ZodTypeAny>(
  up: Upstream,
  path: string,
  schema: S,
  query?: Record<string, string | number | undefined>,
): Promise<z.output<S>> =>
  (await up.request({ method: "GET", path, schema, query, idempotent: true })).data;
const send = async <S extends z.ZodTypeAny>(
  up: Upstream,
  method: "POST" | "PUT" | "DELETE",
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.output<S>> => (await up.request({ method, path, body, schema })).data;

const C = "/concrete";

export const listSensors = (up: Upstream) => get(up, `${C}/sensors`, z.array(sensorSchema));
export const getSensor = (up: Upstream, imei: string) =>
  get(up, `${C}/sensors/${encodeURIComponent(imei)}`, sensorSchema);
export const registerSensor = (up: Upstream, s: { imei: string; nickname: string }) =>
  send(up, "POST", `${C}/sensors`, sensorSchema, s);
export async function getReadings(up: Upstream, imei: string, from: Date, to: Date) {
  const r = await get(up, `${C}/readings`, readingsSchema, {
    imei,
    from: from.toISOString(),
    to: to.toISOString(),
  });
  const start = r.start === null ? 0 : Date.parse(r.start);
  const step = r.interval_s * 1000;
  const readings: Reading[] = r.temperatures.map((c, i) => ({ t: start + i * step, c }));
  return { imei: r.imei, interval_s: r.interval_s, readings };
}
export const getWeather = (up: Upstream, jobsiteId: number, from: Date, to: Date) =>
  get(up, `${C}/weather`, weatherSchema, {
    jobsite_id: jobsiteId,
    from: from.toISOString(),
    to: to.toISOString(),
  });

export const listPours = (up: Upstream) => get(up, `${C}/pours`, z.array(pourSchema));
export const getPour = (up: Upstream, id: number) => get(up, `${C}/pours/${id}`, pourSchema);
export const createPour = (up: Upstream, p: PourInput) =>
  send(up, "POST", `${C}/pours`, pourSchema, p);
export const updatePour = (up: Upstream, id: number, p: PourInput) =>
  send(up, "PUT", `${C}/pours/${id}`, pourSchema, p);
export const signOffPour = (up: Upstream, id: number, s: { name: string; note: string }) =>
  send(up, "POST", `${C}/poursignoff/${id}`, pourSchema, s);

export const listLinks = (up: Upstream, pourId?: number) =>
  get(up, `${C}/pourlinks`, z.array(linkSchema), { pour_id: pourId });
export const createLink = (up: Upstream, l: PourLinkInput) =>
  send(up, "POST", `${C}/pourlinks`, linkSchema, l);
export const updateLink = (up: Upstream, id: number, l: PourLinkInput) =>
  send(up, "PUT", `${C}/pourlinks/${id}`, linkSchema, l);
export const deleteLink = (up: Upstream, id: number) =>
  send(up, "DELETE", `${C}/pourlinks/${id}`, idSchema);

export const listLimits = (up: Upstream) => get(up, `${C}/limits`, z.array(limitSchema));
export const createLimit = (up: Upstream, l: LimitSetInput & { pour_ids?: number[] }) =>
  send(up, "POST", `${C}/limits`, limitSchema, l);
export const updateLimit = (up: Upstream, id: number, l: LimitSetInput) =>
  send(up, "PUT", `${C}/limits/${id}`, limitSchema, l);
export const deleteLimit = (up: Upstream, id: number) =>
  send(up, "DELETE", `${C}/limits/${id}`, idSchema);

export const listRules = (up: Upstream) => get(up, `${C}/rules`, z.array(ruleSchema));
export const createRule = (up: Upstream, r: LimitRuleInput) =>
  send(up, "POST", `${C}/rules`, ruleSchema, r);
export const updateRule = (up: Upstream, limitId: number, r: LimitRuleInput) =>
  send(up, "PUT", `${C}/rules/${limitId}`, ruleSchema, r);
export const deleteRule = (up: Upstream, limitId: number) =>
  send(up, "DELETE", `${C}/rules/${limitId}`, idSchema);

export const listPeople = (up: Upstream) => get(up, `${C}/people`, z.array(personSchema));
export const listNotices = (up: Upstream, pourId?: number) =>
  get(up, `${C}/breachnotices`, z.array(noticeSchema), { pour_id: pourId });
/** Claims a breach's notification: `created` is true only for the first claim of a breach id. */
export const claimNotice = (up: Upstream, n: BreachNoticeInput) =>
  send(
    up,
    "POST",
    `${C}/breachnotices`,
    z.object({ created: z.boolean(), notice: noticeSchema }),
    n,
  );
