/** The pours API's sensors: a company's type-77 devices and the probes registered with it. */
import { placementsOf, sensorCode } from "./concrete-links";
import { READING_MS, probeBattery, probeTemperature } from "./concrete-readings";
import { DAY, concreteData, iso, type SimPour, type SimPourLink } from "./concrete-state";
import { HttpError, obj, type Ctx } from "./kit";

export type SensorRef = {
  imei: string;
  nickname: string;
  model: string;
  since: number;
  registered: boolean;
};

/** The company's sensors: its type-77 devices, then the probes registered here. */
export function sensorsOf(ctx: Ctx): SensorRef[] {
  const world = (ctx.state.world.devicesByCompany.get(ctx.user.companyid) ?? [])
    .filter((d) => d.device_type_id === 77)
    .map((d) => ({
      imei: d.imei,
      nickname: d.nickname,
      model: d.model,
      since: ctx.state.world.createdAt - 90 * DAY,
      registered: false,
    }));
  const own = concreteData(ctx)
    .sensors.filter((s) => s.companyid === ctx.user.companyid)
    .map((s) => ({
      imei: s.imei,
      nickname: s.nickname,
      model: s.model,
      since: Date.parse(s.registered_at),
      registered: true,
    }));
  return [...world, ...own];
}

export function sensorOf(ctx: Ctx, imei: string): SensorRef {
  const s = sensorsOf(ctx).find((x) => x.imei === imei);
  if (!s) throw new HttpError(404, "Sensor not found");
  return s;
}

export const isActive = (p: SimPour, now: number) =>
  Date.parse(p.placed_at) <= now && (p.ended_at === null || Date.parse(p.ended_at) > now);
export const linkOpen = (l: SimPourLink, now: number) => l.to === null || Date.parse(l.to) > now;

export function sensorView(ctx: Ctx, s: SensorRef) {
  const d = concreteData(ctx);
  const now = ctx.now;
  const slot = Math.floor(now / READING_MS) * READING_MS;
  const placements = placementsOf(d, ctx.user.companyid, s.imei);
  const current = d.links.find(
    (l) =>
      l.imei === s.imei &&
      l.companyid === ctx.user.companyid &&
      linkOpen(l, now) &&
      Date.parse(l.from) <= now &&
      d.pours.some((p) => p.id === l.pour_id && isActive(p, now)),
  );
  const battery = probeBattery(ctx.state.world.seed, sensorCode(s.imei), s.since, now);
  return {
    imei: s.imei,
    nickname: s.nickname,
    model: s.model,
    registered: s.registered,
    battery,
    last_reading:
      battery > 0
        ? {
            time: iso(slot),
            temperature_c: probeTemperature(
              ctx.state.world.seed,
              sensorCode(s.imei),
              slot,
              placements(slot),
            ),
          }
        : null,
    current_pour_id: current?.pour_id ?? null,
  };
}

export function sensorInput(ctx: Ctx) {
  const b = obj(ctx.body);
  const imei = typeof b.imei === "string" ? b.imei.trim() : "";
  if (!/^\d{15}$/.test(imei)) throw new HttpError(400, "imei must be 15 digits");
  const nickname = typeof b.nickname === "string" ? b.nickname.trim() : "";
  if (!nickname || nickname.length > 64)
    throw new HttpError(400, "nickname is required (at most 64 characters)");
  const holder =
    ctx.state.world.devicesByImei.get(imei)?.companyid ??
    concreteData(ctx).sensors.find((s) => s.imei === imei)?.companyid;
  // Another company's device is not found, as anywhere else (no probing of who holds an imei).
  if (holder !== undefined && holder !== ctx.user.companyid)
    throw new HttpError(404, "Device not found");
  if (holder !== undefined)
    throw new HttpError(409, `A device with imei ${imei} is already registered`);
  return { imei, nickname };
}
