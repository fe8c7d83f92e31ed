/** Device calls: the device list with last positions, bulk position deltas, and device edits. */
import { linkedImeis } from "./api-people";
import { ICONS } from "./catalog";
import {
  HttpError,
  deviceOf,
  obj,
  ok,
  routes,
  str,
  timeParam,
  type Ctx,
  type SimState,
} from "./kit";
import { lastFix, type Fix } from "./fixes";
import type { Device } from "./world";

/** Last fixes of a company's devices, computed once per tick (positions are quantised anyway). */
export function companyFixes(state: SimState, companyid: number, now: number): Map<string, Fix> {
  const key = `fixes|${companyid}`;
  const tick = `${Math.floor(now / state.tickMs)}`;
  const hit = state.cache.get(key);
  if (hit && hit.key === tick) return hit.value as Map<string, Fix>;
  const fixes = new Map<string, Fix>();
  for (const d of state.world.devicesByCompany.get(companyid) ?? [])
    fixes.set(d.imei, lastFix(state.world, d, now));
  state.cache.set(key, { key: tick, value: fixes });
  return fixes;
}

export function positionOf(f: Fix) {
  return {
    lat: f.lat,
    lng: f.lng,
    speed: f.speed,
    heading: f.heading,
    ignition: f.ignition,
    odometer: f.odometer,
    timestamp: new Date(f.timestamp).toISOString(),
    battery: f.battery,
    temperature: f.temperature,
  };
}

type Lookups = {
  tags: Map<number, { id: number; name: string; colour: string }>;
  groups: Map<number, { id: number; nickname: string }>;
};

function lookups(state: SimState): Lookups {
  return {
    tags: new Map(
      state.world.tags.map((t) => [t.id, { id: t.id, name: t.name, colour: t.colour }]),
    ),
    groups: new Map(state.world.groups.map((g) => [g.id, { id: g.id, nickname: g.nickname }])),
  };
}

function deviceView(d: Device, fix: Fix | undefined, l: Lookups) {
  return {
    imei: d.imei,
    device_type_id: d.device_type_id,
    nickname: d.nickname,
    avatar: d.avatar,
    photo: d.photo,
    model: d.model,
    companyid: d.companyid,
    permdriver: d.permdriver,
    tags: d.tag_ids.map((id) => l.tags.get(id)!).filter(Boolean),
    groups: d.group_ids.map((id) => l.groups.get(id)!).filter(Boolean),
    geofence_gps: d.geofence_gps,
    geofence_meters: d.geofence_meters,
    position: fix ? positionOf(fix) : null,
  };
}

/** POST /user/iotdevices: the whole list is serialised once per tick and device-version. */
function iotDevices(ctx: Ctx) {
  const { state, user, now } = ctx;
  // An account restricted to linked devices (api-people.ts) sees only those.
  const linked = linkedImeis(state, user);
  if (linked) {
    const fixes = companyFixes(state, user.companyid, now);
    const l = lookups(state);
    const allowed = new Set(linked);
    return ok(
      (state.world.devicesByCompany.get(user.companyid) ?? [])
        .filter((d) => allowed.has(d.imei))
        .map((d) => deviceView(d, fixes.get(d.imei), l)),
    );
  }
  const key = `devices|${user.companyid}`;
  const stamp = `${Math.floor(now / state.tickMs)}|${state.version}`;
  const hit = state.cache.get(key);
  if (hit && hit.key === stamp)
    return { text: hit.value as string, contentType: "application/json" };
  const fixes = companyFixes(state, user.companyid, now);
  const l = lookups(state);
  const list = (state.world.devicesByCompany.get(user.companyid) ?? []).map((d) =>
    deviceView(d, fixes.get(d.imei), l),
  );
  const text = JSON.stringify(list);
  state.cache.set(key, { key: stamp, value: text });
  return { text, contentType: "application/json" };
}

/**
 * POST /user/positions { since?, imeis? }: fixes reported after `since` (moving vehicles every
 * 10 s, idling every minute, parked heartbeat every 15 min, offline never). `asOf` is the next `since`.
 */
function positions(ctx: Ctx) {
  const b = ctx.body === undefined || ctx.body === null ? {} : obj(ctx.body);
  const since = timeParam(typeof b.since === "string" ? b.since : undefined, -Infinity, "since");
  const only = Array.isArray(b.imeis) ? new Set(b.imeis.map(String)) : null;
  const linked = linkedImeis(ctx.state, ctx.user);
  const allowed = linked ? new Set(linked) : null;
  const out = [];
  for (const [imei, f] of companyFixes(ctx.state, ctx.user.companyid, ctx.now)) {
    if (f.timestamp > since && (!only || only.has(imei)) && (!allowed || allowed.has(imei)))
      out.push({ imei, ...positionOf(f) });
  }
  return ok({ asOf: new Date(ctx.now).toISOString(), positions: out });
}

/** Wraps a device edit: find the caller's device, change it, invalidate cached lists. */
function edit(fn: (ctx: Ctx, d: Device, b: Record<string, unknown>) => unknown) {
  return (ctx: Ctx) => {
    const b = obj(ctx.body);
    const d = deviceOf(ctx, b.imei ?? ctx.query.get("imei"));
    const result = fn(ctx, d, b);
    ctx.state.version++;
    return ok(result);
  };
}

function idList(v: unknown, name: string): number[] {
  if (!Array.isArray(v) || v.some((x) => !Number.isInteger(Number(x))))
    throw new HttpError(400, `${name} must be an array of ids`);
  return [...new Set(v.map(Number))];
}

const GPS = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

export const deviceRoutes = routes([
  ["POST", "/user/iotdevices", iotDevices, { write: false }],
  ["POST", "/user/positions", positions, { write: false }],
  [
    "POST",
    "/user/changenickname",
    edit((_ctx, d, b) => {
      const nickname = str(b.nickname, "nickname").trim();
      if (nickname.length > 64) throw new HttpError(400, "nickname must be at most 64 characters");
      d.nickname = nickname;
      return { imei: d.imei, nickname };
    }),
  ],
  [
    "POST",
    "/user/changeicon",
    edit((_ctx, d, b) => {
      const icon = str(b.icon, "icon");
      if (!(ICONS as readonly string[]).includes(icon))
        throw new HttpError(400, `Unknown icon "${icon}"`);
      d.avatar = icon as Device["avatar"];
      return { imei: d.imei, avatar: d.avatar };
    }),
  ],
  [
    "PATCH",
    "/vehicles/vehicle",
    edit((_ctx, d, b) => {
      if (b.permdriver !== null && typeof b.permdriver !== "string")
        throw new HttpError(400, "permdriver must be a name or null");
      d.permdriver =
        typeof b.permdriver === "string" && b.permdriver.trim() ? b.permdriver.trim() : null;
      return { imei: d.imei, permdriver: d.permdriver };
    }),
  ],
  [
    "POST",
    "/vehicles/vehicleTags",
    edit((ctx, d, b) => {
      const ids = idList(b.tag_ids, "tag_ids");
      const own = ctx.state.world.tags.filter(
        (t) => t.companyid === ctx.user.companyid && t.type === 2,
      );
      const unknown = ids.filter((id) => !own.some((t) => t.id === id));
      if (unknown.length) throw new HttpError(400, `Unknown tag id(s): ${unknown.join(", ")}`);
      d.tag_ids = ids;
      return { imei: d.imei, tag_ids: ids };
    }),
  ],
  [
    "POST",
    "/vehicles/groups",
    edit((ctx, d, b) => {
      const ids = idList(b.compgroups_ids, "compgroups_ids");
      const own = ctx.state.world.groups.filter((g) => g.companyid === ctx.user.companyid);
      const unknown = ids.filter((id) => !own.some((g) => g.id === id));
      if (unknown.length) throw new HttpError(400, `Unknown group id(s): ${unknown.join(", ")}`);
      d.group_ids = ids;
      return { imei: d.imei, compgroups_ids: ids };
    }),
  ],
  [
    "POST",
    "/user/saveGeoFence",
    edit((_ctx, d, b) => {
      const m = typeof b.geofence_gps === "string" ? b.geofence_gps.match(GPS) : null;
      const lat = m ? Number(m[1]) : NaN;
      const lng = m ? Number(m[2]) : NaN;
      if (!m || Math.abs(lat) > 90 || Math.abs(lng) > 180)
        throw new HttpError(400, 'geofence_gps must be "lat,lng"');
      const meters = Number(b.geofence_meters);
      if (!Number.isFinite(meters) || meters < 10 || meters > 100_000)
        throw new HttpError(400, "geofence_meters must be between 10 and 100000");
      d.geofence_gps = `${lat},${lng}`;
      d.geofence_meters = meters;
      return { imei: d.imei, geofence_gps: d.geofence_gps, geofence_meters: d.geofence_meters };
    }),
  ],
  [
    "POST",
    "/geofences/deleteGeofence",
    edit((_ctx, d) => {
      d.geofence_gps = null;
      d.geofence_meters = null;
      return { imei: d.imei, geofence_gps: null, geofence_meters: null };
    }),
  ],
  [
    "GET",
    "/accounts/companyTags",
    (ctx) => {
      const type = ctx.query.get("type");
      return ok(
        ctx.state.world.tags
          .filter(
            (t) => t.companyid === ctx.user.companyid && (type === null || String(t.type) === type),
          )
          .map(({ id, name, colour, type: tp }) => ({ id, name, colour, type: tp })),
      );
    },
  ],
  // Deliberately unsorted: sorting by nickname is the product's job (SPEC §3).
  [
    "POST",
    "/user/getcompgroupsuser",
    (ctx) => ok(ctx.state.world.groups.filter((g) => g.companyid === ctx.user.companyid)),
    { write: false },
  ],
]);
