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
 * note}` (once; 409 after). A foreign or unknown imei or id is a 404.
 */
import { HttpError, deviceOf, obj, ok, routes, timeParam, type Ctx } from "./kit";
import { idOf } from "./maintenance";
import {
  CHANNEL_UNIT,
  CHANNELS,
  SENSOR_INTERVAL_MS,
  channelsOf,
  sensorKind,
  sensorSeries,
  type Channel,
  type Incident,
  type SensorContext,
} from "./sensors";
import type { Device } from "./world";

export type SimSensorLimit = {
  id: number;
  companyid: number;
  imei: string;
  channel: Channel;
  min: number | null;
  max: number | null;
  unit: string;
  min_duration_s: number;
};
export type SimTier = {
  label: string;
  min: number | null;
  max: number | null;
  allowance_s: number;
};
export type SimProfile = {
  id: number;
  companyid: number;
  name: string;
  description: string;
  setpoint: number;
  tiers: SimTier[];
  startup_ignore_s: number;
  defrost_recovery_s: number | null;
  door_recovery_s: number | null;
};
export type SimLoad = {
  id: number;
  companyid: number;
  imei: string;
  profile_id: number;
  product: string;
  reference: string;
  start: string;
  end: string | null;
  signoff: { name: string; user_id: number; at: string; note: string } | null;
};
export type SensorState = {
  seq: number;
  limits: SimSensorLimit[];
  profiles: SimProfile[];
  loads: SimLoad[];
  incidents: Incident[];
};

const HOUR = 3_600_000;
const MIN = 60_000;
const UNITS: Record<Channel, string[]> = {
  temperature: ["C", "F"],
  humidity: ["%"],
  door: ["open"],
  setpoint: ["C", "F"],
  defrost: ["on"],
  battery: ["%"],
};

function profilesFor(companyid: number, base: number): SimProfile[] {
  const p = (
    n: number,
    name: string,
    description: string,
    setpoint: number,
    tiers: SimTier[],
    startup: number,
    defrost: number | null,
    door: number | null,
  ): SimProfile => ({
    id: base + n,
    companyid,
    name,
    description,
    setpoint,
    tiers,
    startup_ignore_s: startup,
    defrost_recovery_s: defrost,
    door_recovery_s: door,
  });
  return [
    p(
      1,
      "2–8 °C pharmaceuticals",
      "Vaccines and biologics (cold chain, GDP).",
      5,
      [
        { label: "2–8 °C", min: 2, max: 8, allowance_s: 3600 },
        { label: "0–12 °C", min: 0, max: 12, allowance_s: 0 },
      ],
      1800,
      1200,
      900,
    ),
    p(
      2,
      "≤ −18 °C frozen",
      "Frozen food (FDA Food Code, Codex).",
      -21,
      [
        { label: "≤ −18 °C", min: null, max: -18, allowance_s: 7200 },
        { label: "≤ −12 °C", min: null, max: -12, allowance_s: 0 },
      ],
      3600,
      1800,
      900,
    ),
    p(
      3,
      "20–25 °C controlled room temperature",
      "USP <659> controlled room temperature.",
      22.5,
      [
        { label: "20–25 °C", min: 20, max: 25, allowance_s: 4 * 3600 },
        { label: "15–30 °C", min: 15, max: 30, allowance_s: 0 },
      ],
      0,
      null,
      600,
    ),
  ];
}

function seed(ctx: Ctx): SensorState {
  const at = Math.floor(ctx.state.world.createdAt / HOUR) * HOUR;
  const iso = (t: number) => new Date(t).toISOString();
  const devices = (c: number) =>
    (ctx.state.world.devicesByCompany.get(c) ?? []).filter((d) => sensorKind(d) !== null);
  const first = (c: number, kind: string, skip = 0) =>
    devices(c).filter((d) => sensorKind(d) === kind)[skip]?.imei;
  const profiles = [...profilesFor(1, 800), ...profilesFor(2, 850)];
  const loads: SimLoad[] = [];
  const incidents: Incident[] = [];
  let id = 900;
  const load = (
    companyid: number,
    imei: string | undefined,
    profile_id: number,
    product: string,
    reference: string,
    start: number,
    end: number | null,
  ) => {
    if (!imei) return;
    loads.push({
      id: ++id,
      companyid,
      imei,
      profile_id,
      product,
      reference,
      start: iso(start),
      end: end === null ? null : iso(end),
      signoff: null,
    });
  };
  const r1 = first(1, "reefer");
  const r2 = first(1, "reefer", 1);
  const r3 = first(1, "reefer", 2) ?? r1;
  load(1, r1, 802, "Frozen peas, 18 pallets", "HL-24017", at - 30 * HOUR, at - 6 * HOUR);
  // The load that fails its profile: a compressor fault mid-route, 90 minutes up to 13.5 °C.
  load(1, r3, 801, "Vaccines, batch VX-2291", "HL-24021", at - 20 * HOUR, at - 2 * HOUR);
  if (r3)
    incidents.push({ imei: r3, start: at - 14 * HOUR, end: at - 14 * HOUR + 90 * MIN, peak: 13.5 });
  load(1, r2, 803, "Tablets, 12 cartons", "HL-23990", at - 48 * HOUR, at - 24 * HOUR);
  load(1, r1, 802, "Ice cream, 22 pallets", "HL-24030", at - 4 * HOUR, null);
  const probe = first(2, "probe");
  load(2, probe, 851, "Insulin pens, 4 cartons", "SP-118", at - 10 * HOUR, at - HOUR);
  const limits: SimSensorLimit[] = [];
  let lid = 600;
  const env = first(1, "environment");
  if (env) {
    limits.push({
      id: ++lid,
      companyid: 1,
      imei: env,
      channel: "temperature",
      min: 2,
      max: 8,
      unit: "C",
      min_duration_s: 900,
    });
    limits.push({
      id: ++lid,
      companyid: 1,
      imei: env,
      channel: "humidity",
      min: 30,
      max: 70,
      unit: "%",
      min_duration_s: 1800,
    });
  }
  if (r1)
    limits.push({
      id: ++lid,
      companyid: 1,
      imei: r1,
      channel: "temperature",
      min: null,
      max: -12,
      unit: "C",
      min_duration_s: 1200,
    });
  if (probe)
    limits.push({
      id: ++lid,
      companyid: 2,
      imei: probe,
      channel: "temperature",
      min: 2,
      max: 8,
      unit: "C",
      min_duration_s: 600,
    });
  return { seq: 1000, limits, profiles, loads, incidents };
}

function data(ctx: Ctx): SensorState {
  if (!ctx.state.sensors) ctx.state.sensors = seed(ctx);
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

const view = <T extends { companyid: number }>({ companyid: _c, ...x }: T) => x;

function ownLoad(ctx: Ctx): SimLoad {
  const id = Number(idOf(ctx));
  const l = data(ctx).loads.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!l) throw new HttpError(404, "Load not found");
  return l;
}

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
