/**
 * Sensors and freight temperature control (designed; issue 22). Sensor channels of environment
 * (type 57) and cold-chain devices as time series computed on request (sensors.ts), the limits
 * users set per device and channel, product profiles with tiered limits and suppression settings,
 * and loads (a device carrying a product under a profile between two times) with their sign-off.
 *
 * `GET /sensors/devices` · `GET /sensors/series?imei&channel&from&to` (default the last 24 h, at
 * most 400 days) → `{imei, channel, unit, interval_s, from, to, t[], v[], late[{time, received}]}`
 * · `GET /sensors/limits` · `POST /sensors/limits {imei, channel, min, max, unit, min_duration_s}`
 * (one limit per device and channel: replaces it) · `DELETE /sensors/limits/{id}` ·
 * `GET /ftc/profiles` · `GET /ftc/loads` · `GET /ftc/loads/{id}` · `POST /ftc/signoff/{id} {name,
 * note}` (once; 409 after) · `POST /ftc/profiles[/{id}]` create/replace (body: ftc-input.ts; °C) ·
 * `POST /ftc/loads[/{id}]` (not once signed off: 409). A foreign or unknown imei or id is a 404.
 */
import { HttpError, deviceOf, obj, ok, routes, timeParam, type Ctx } from "./kit";
import { loadFields, profileInput } from "./ftc-input";
import { idOf } from "./maintenance";
import {
  CHANNEL_UNIT,
  CHANNELS,
  SENSOR_INTERVAL_MS,
  channelsOf,
  sensorKind,
  sensorSeries,
  type Channel,
  type SensorContext,
} from "./sensors";
import type { Device } from "./world";
import {
  seedSensors,
  type SensorState,
  type SimLoad,
  type SimProfile,
  type SimSensorLimit,
} from "./sensor-seed";
export type { SensorState } from "./sensor-seed";

const HOUR = 3_600_000;
const UNITS: Record<Channel, string[]> = {
  temperature: ["C", "F"],
  humidity: ["%"],
  door: ["open"],
  setpoint: ["C", "F"],
  defrost: ["on"],
  battery: ["%"],
};

function data(ctx: Ctx): SensorState {
  if (!ctx.state.sensors) ctx.state.sensors = seedSensors(ctx.state.world);
  return ctx.state.sensors;
}

function contextFor(ctx: Ctx, d: Device): SensorContext {
  const s = data(ctx);
  const setpoint = new Map(s.profiles.map((p) => [p.id, p.setpoint]));
  return {
    loads: s.loads
      .filter((l) => l.imei === d.imei)
      .map((l) => ({
        start: Date.parse(l.start),
        end: l.end === null ? null : Date.parse(l.end),
        setpoint: setpoint.get(l.profile_id) ?? 5,
      })),
    incidents: s.incidents,
  };
}

function sensorDevice(ctx: Ctx, imei: unknown) {
  const d = deviceOf(ctx, imei);
  const kind = sensorKind(d);
  if (!kind) throw new HttpError(404, "Not a sensor device");
  return { d, kind };
}

function channelParam(v: unknown): Channel {
  if (typeof v !== "string" || !(CHANNELS as readonly string[]).includes(v))
    throw new HttpError(400, `channel must be one of ${CHANNELS.join(", ")}`);
  return v as Channel;
}

const num = (v: unknown, name: string): number | null => {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v !== "number" || !Number.isFinite(v))
    throw new HttpError(400, `${name} must be a number`);
  return v;
};

function limitInput(ctx: Ctx) {
  const b = obj(ctx.body);
  const { d, kind } = sensorDevice(ctx, b.imei);
  const channel = channelParam(b.channel);
  if (!channelsOf(kind).includes(channel))
    throw new HttpError(400, `${d.nickname} has no ${channel} channel`);
  const unit = typeof b.unit === "string" ? b.unit : "";
  if (!UNITS[channel].includes(unit))
    throw new HttpError(400, `unit must be one of ${UNITS[channel].join(", ")} for ${channel}`);
  const min = num(b.min, "min");
  const max = num(b.max, "max");
  if (min === null && max === null) throw new HttpError(400, "Give a minimum, a maximum or both");
  if (min !== null && max !== null && min > max)
    throw new HttpError(400, "min must not be above max");
  const dur = b.min_duration_s;
  if (typeof dur !== "number" || !Number.isInteger(dur) || dur < 0 || dur > 7 * 86400)
    throw new HttpError(400, "min_duration_s must be a whole number of seconds from 0 to 604800");
  return { imei: d.imei, channel, unit, min, max, min_duration_s: dur };
}

function loadInput(ctx: Ctx): Omit<SimLoad, "id" | "companyid" | "signoff"> {
  const b = obj(ctx.body);
  const { d } = sensorDevice(ctx, b.imei);
  const pid = Number(b.profile_id);
  if (!data(ctx).profiles.some((p) => p.id === pid && p.companyid === ctx.user.companyid))
    throw new HttpError(404, "Profile not found");
  return { imei: d.imei, profile_id: pid, ...loadFields(b) };
}

const view = <T extends { companyid: number }>({ companyid: _c, ...x }: T) => x;

function own<T extends { id: number; companyid: number }>(ctx: Ctx, list: T[], what: string): T {
  const id = Number(idOf(ctx));
  const x = list.find((y) => y.id === id && y.companyid === ctx.user.companyid);
  if (!x) throw new HttpError(404, `${what} not found`);
  return x;
}
const ownLoad = (ctx: Ctx) => own(ctx, data(ctx).loads, "Load");
const ownProfile = (ctx: Ctx) => own(ctx, data(ctx).profiles, "Profile");

export const sensorRoutes = routes([
  [
    "GET",
    "/sensors/devices",
    (ctx) => {
      const list = (ctx.state.world.devicesByCompany.get(ctx.user.companyid) ?? [])
        .map((d) => ({ d, kind: sensorKind(d) }))
        .filter((x) => x.kind !== null);
      return ok(
        list.map(({ d, kind }) => {
          const c = contextFor(ctx, d);
          const channels = channelsOf(kind!);
          // The latest reading of each channel within the last 6 hours (none when silent).
          const latest: Record<string, { time: number; value: number } | null> = {};
          for (const ch of channels) {
            const s = sensorSeries(
              ctx.state.world,
              d,
              kind!,
              ch,
              ctx.now - 6 * HOUR,
              ctx.now,
              ctx.now,
              c,
            );
            const i = s.t.length - 1;
            latest[ch] = i < 0 ? null : { time: s.t[i]!, value: s.v[i]! };
          }
          return {
            imei: d.imei,
            nickname: d.nickname,
            device_type_id: d.device_type_id,
            kind,
            interval_s: SENSOR_INTERVAL_MS / 1000,
            channels: channels.map((ch) => ({ channel: ch, unit: CHANNEL_UNIT[ch] })),
            latest,
          };
        }),
      );
    },
  ],
  [
    "GET",
    "/sensors/series",
    (ctx) => {
      const { d, kind } = sensorDevice(ctx, ctx.query.get("imei"));
      const channel = channelParam(ctx.query.get("channel"));
      if (!channelsOf(kind).includes(channel)) throw new HttpError(404, `No ${channel} channel`);
      const to = timeParam(ctx.query.get("to"), ctx.now, "to");
      const from = timeParam(ctx.query.get("from"), to - 24 * HOUR, "from");
      if (from > to) throw new HttpError(400, "from must be before to");
      if (to - from > 400 * 24 * HOUR) throw new HttpError(400, "The range is at most 400 days");
      const s = sensorSeries(
        ctx.state.world,
        d,
        kind,
        channel,
        from,
        to,
        ctx.now,
        contextFor(ctx, d),
      );
      return ok({
        imei: d.imei,
        channel,
        unit: CHANNEL_UNIT[channel],
        interval_s: SENSOR_INTERVAL_MS / 1000,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        ...s,
      });
    },
  ],
  [
    "GET",
    "/sensors/limits",
    (ctx) =>
      ok(
        data(ctx)
          .limits.filter((l) => l.companyid === ctx.user.companyid)
          .map(view),
      ),
  ],
  [
    "POST",
    "/sensors/limits",
    (ctx) => {
      const input = limitInput(ctx);
      const s = data(ctx);
      const found = s.limits.find(
        (l) =>
          l.companyid === ctx.user.companyid &&
          l.imei === input.imei &&
          l.channel === input.channel,
      );
      if (found) return ok(view(Object.assign(found, input)));
      const made: SimSensorLimit = { id: ++s.seq, companyid: ctx.user.companyid, ...input };
      s.limits.push(made);
      return ok(view(made), 201);
    },
  ],
  [
    "DELETE",
    "/sensors/limits/:id",
    (ctx) => {
      const id = Number(idOf(ctx));
      const s = data(ctx);
      const l = s.limits.find((x) => x.id === id && x.companyid === ctx.user.companyid);
      if (!l) throw new HttpError(404, "Limit not found");
      s.limits = s.limits.filter((x) => x !== l);
      return ok({ id });
    },
  ],
  [
    "GET",
    "/ftc/profiles",
    (ctx) =>
      ok(
        data(ctx)
          .profiles.filter((p) => p.companyid === ctx.user.companyid)
          .map(view),
      ),
  ],
  [
    "GET",
    "/ftc/loads",
    (ctx) =>
      ok(
        data(ctx)
          .loads.filter((l) => l.companyid === ctx.user.companyid)
          .sort((a, b) => b.start.localeCompare(a.start))
          .map(view),
      ),
  ],
  ["GET", "/ftc/loads/:id", (ctx) => ok(view(ownLoad(ctx)))],
  [
    "POST",
    "/ftc/profiles",
    (ctx) => {
      const input = profileInput(ctx.body);
      const s = data(ctx);
      const made: SimProfile = { id: ++s.seq, companyid: ctx.user.companyid, ...input };
      s.profiles.push(made);
      return ok(view(made), 201);
    },
  ],
  [
    "POST",
    "/ftc/profiles/:id",
    (ctx) => {
      const p = ownProfile(ctx);
      return ok(view(Object.assign(p, profileInput(ctx.body))));
    },
  ],
  [
    "POST",
    "/ftc/loads",
    (ctx) => {
      const input = loadInput(ctx);
      const s = data(ctx);
      const made: SimLoad = { id: ++s.seq, companyid: ctx.user.companyid, ...input, signoff: null };
      s.loads.push(made);
      return ok(view(made), 201);
    },
  ],
  [
    "POST",
    "/ftc/loads/:id",
    (ctx) => {
      const l = ownLoad(ctx);
      if (l.signoff) throw new HttpError(409, `Signed off by ${l.signoff.name}: it cannot change`);
      return ok(view(Object.assign(l, loadInput(ctx))));
    },
  ],
  [
    "POST",
    "/ftc/signoff/:id",
    (ctx) => {
      const l = ownLoad(ctx);
      const b = obj(ctx.body);
      const name = typeof b.name === "string" ? b.name.trim() : "";
      if (!name || name.length > 80)
        throw new HttpError(400, "name is required (at most 80 characters)");
      const note = typeof b.note === "string" ? b.note.trim().slice(0, 500) : "";
      if (l.end === null || Date.parse(l.end) > ctx.now)
        throw new HttpError(409, "The load is still in transit: sign it off once it has ended");
      if (l.signoff) throw new HttpError(409, `Already signed off by ${l.signoff.name}`);
      l.signoff = {
        name,
        user_id: ctx.user.username_id,
        at: new Date(ctx.now).toISOString(),
        note,
      };
      return ok(view(l));
    },
  ],
]);
