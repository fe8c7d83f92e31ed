/** Driver calls: drivers, driver ID tags, tag reads, driver sessions (who drove) and safety events. */
import {
  EVENTS_MAX_RANGE_MS,
  TAG_UID,
  companyTrips,
  seedDriverData,
  sessionOf,
  tripEvents,
  type DriverData,
  type SimDriver,
  type SimDriverTag,
} from "./drivers";
import { findTrip } from "./trips";
import { HttpError, deviceOf, obj, ok, routes, timeParam, type Ctx } from "./kit";

type WithDrivers = { driverData?: DriverData };

/** The company's driver data, seeded the first time it is asked for (plain data: persisted). */
export function driverData(ctx: Ctx): DriverData {
  const s = ctx.state as typeof ctx.state & WithDrivers;
  s.driverData ??= seedDriverData(s.world, s.world.createdAt);
  return s.driverData;
}

/** Marks derived data (sessions, events) stale after a write. */
function touched(ctx: Ctx) {
  const data = driverData(ctx);
  data.revision = (data.revision ?? 0) + 1;
}

function idParam(v: unknown, name: string): number {
  const n = Number(v);
  if (v === null || v === undefined || v === "" || !Number.isInteger(n) || n <= 0)
    throw new HttpError(400, `${name} is required`);
  return n;
}

function driverOf(ctx: Ctx, id: unknown): SimDriver {
  const n = idParam(id, "id");
  const d = driverData(ctx).drivers.find((x) => x.id === n);
  if (!d || d.companyid !== ctx.user.companyid) throw new HttpError(404, "Driver not found");
  return d;
}

function tagOf(ctx: Ctx, id: unknown): SimDriverTag {
  const n = idParam(id, "id");
  const t = driverData(ctx).tags.find((x) => x.id === n);
  if (!t || t.companyid !== ctx.user.companyid) throw new HttpError(404, "Tag not found");
  return t;
}

const text = (v: unknown, name: string, max: number, required = false): string | null => {
  if (v === null || v === undefined || v === "") {
    if (required) throw new HttpError(400, `${name} is required`);
    return null;
  }
  if (typeof v !== "string") throw new HttpError(400, `${name} must be text`);
  const s = v.trim();
  if (required && !s) throw new HttpError(400, `${name} is required`);
  if (s.length > max) throw new HttpError(400, `${name} must be at most ${max} characters`);
  return s || null;
};

/** Applies the given fields of a driver body onto a copy (validated as a whole). */
function driverFields(ctx: Ctx, body: Record<string, unknown>, base: SimDriver): SimDriver {
  const next = { ...base };
  const req = (k: "first_name" | "last_name") => {
    if (body[k] !== undefined) next[k] = text(body[k], k, 60, true)!;
  };
  req("first_name");
  req("last_name");
  if (body.employee_number !== undefined)
    next.employee_number = text(body.employee_number, "employee_number", 40) ?? "";
  for (const k of ["phone", "email", "licence_number", "licence_class"] as const)
    if (body[k] !== undefined) next[k] = text(body[k], k, 80);
  if (body.licence_expiry !== undefined) {
    const v = text(body.licence_expiry, "licence_expiry", 10);
    if (v !== null && !/^\d{4}-\d{2}-\d{2}$/.test(v))
      throw new HttpError(400, "licence_expiry must be a date (YYYY-MM-DD)");
    next.licence_expiry = v;
  }
  if (body.group_ids !== undefined) {
    const mine = new Set(
      ctx.state.world.groups.filter((g) => g.companyid === ctx.user.companyid).map((g) => g.id),
    );
    if (!Array.isArray(body.group_ids) || !body.group_ids.every((g) => mine.has(Number(g))))
      throw new HttpError(400, "group_ids must be groups of the company");
    next.group_ids = body.group_ids.map(Number);
  }
  if (body.active !== undefined) {
    if (typeof body.active !== "boolean") throw new HttpError(400, "active must be true or false");
    next.active = body.active;
  }
  return next;
}

const listDrivers = (ctx: Ctx) =>
  ok(driverData(ctx).drivers.filter((d) => d.companyid === ctx.user.companyid));

function createDriver(ctx: Ctx) {
  const body = obj(ctx.body);
  const data = driverData(ctx);
  const id = ctx.user.companyid * 1000 + 500 + ++data.nextDriverId;
  const blank: SimDriver = {
    id,
    companyid: ctx.user.companyid,
    first_name: "",
    last_name: "",
    employee_number: "",
    phone: null,
    email: null,
    licence_number: null,
    licence_class: null,
    licence_expiry: null,
    photo: null,
    group_ids: [],
    active: true,
  };
  const d = driverFields(ctx, { first_name: undefined, last_name: undefined, ...body }, blank);
  if (!d.first_name || !d.last_name) {
    data.nextDriverId--;
    throw new HttpError(400, d.first_name ? "last_name is required" : "first_name is required");
  }
  data.drivers.push(d);
  touched(ctx);
  return ok(d, 201);
}

function updateDriver(ctx: Ctx) {
  const d = driverOf(ctx, ctx.query.get("id"));
  Object.assign(d, driverFields(ctx, obj(ctx.body), d));
  touched(ctx);
  return ok(d);
}

const listTags = (ctx: Ctx) =>
  ok(driverData(ctx).tags.filter((t) => t.companyid === ctx.user.companyid));

function checkDriver(ctx: Ctx, v: unknown): number | null {
  if (v === null) return null;
  return driverOf(ctx, v).id;
}

function createTag(ctx: Ctx) {
  const body = obj(ctx.body);
  const data = driverData(ctx);
  const uid = typeof body.uid === "string" ? body.uid.trim().toUpperCase() : "";
  if (!TAG_UID.test(uid)) throw new HttpError(400, "uid must be 8 to 16 hexadecimal characters");
  if (data.tags.some((t) => t.companyid === ctx.user.companyid && t.uid === uid))
    throw new HttpError(409, "A tag with this uid is already registered");
  const label = text(body.label, "label", 60) ?? uid;
  const driver_id = body.driver_id === undefined ? null : checkDriver(ctx, body.driver_id);
  const tag: SimDriverTag = {
    id: ctx.user.companyid * 1000 + 500 + ++data.nextTagId,
    companyid: ctx.user.companyid,
    uid,
    label,
    driver_id,
    active: true,
  };
  data.tags.push(tag);
  touched(ctx);
  return ok(tag, 201);
}

function updateTag(ctx: Ctx) {
  const t = tagOf(ctx, ctx.query.get("id"));
  const body = obj(ctx.body);
  const next = { ...t };
  if (body.label !== undefined) next.label = text(body.label, "label", 60, true)!;
  if (body.driver_id !== undefined) next.driver_id = checkDriver(ctx, body.driver_id);
  if (body.active !== undefined) {
    if (typeof body.active !== "boolean") throw new HttpError(400, "active must be true or false");
    next.active = body.active;
    if (!next.active) next.driver_id = null;
  }
  Object.assign(t, next);
  touched(ctx);
  return ok(t);
}

function range(ctx: Ctx, max: number) {
  const to = timeParam(ctx.query.get("to"), ctx.now, "to");
  const from = timeParam(ctx.query.get("from"), to - 7 * 86_400_000, "from");
  if (from > to) throw new HttpError(400, "from must be before to");
  if (to - from > max) throw new HttpError(400, `the range is at most ${max / 86_400_000} days`);
  return { from, to };
}

type DayRecord = ReturnType<typeof dayOf>;
const DAY = 86_400_000;

function dayOf(ctx: Ctx, day: number) {
  const data = driverData(ctx);
  const trips = companyTrips(
    ctx.state.world,
    ctx.user.companyid,
    day * DAY,
    (day + 1) * DAY,
    ctx.now,
  );
  return trips.map((x) => {
    const s = sessionOf(ctx.state.world, data, x.d, x.st);
    return { ...x, s, events: tripEvents(ctx.state.world, x.d, x.st, s) };
  });
}

/**
 * Trips (with session and events) of the company departing in [from, to). Derived, not stored, so
 * finished days are cached until the next driver write (data.revision).
 */
function sessionsIn(ctx: Ctx, from: number, to: number) {
  const data = driverData(ctx);
  const out: DayRecord = [];
  for (let day = Math.floor(from / DAY); day * DAY < to; day++) {
    const key = `drivers:${ctx.user.companyid}:${day}`;
    const rev = String(data.revision ?? 0);
    const done = (day + 1) * DAY + 86_400_000 < ctx.now;
    const hit = done ? ctx.state.cache.get(key) : undefined;
    let recs = hit?.key === rev ? (hit.value as DayRecord) : null;
    if (!recs) {
      recs = dayOf(ctx, day);
      if (done) ctx.state.cache.set(key, { key: rev, value: recs });
    }
    for (const r of recs) {
      const t = r.st.leg.depart;
      if (t >= from && t < to) out.push(r);
    }
  }
  return out;
}

/** GET /drivers/sessions?from&to&driver_id&imei&unidentified=1 (at most 92 days). */
function sessions(ctx: Ctx) {
  const { from, to } = range(ctx, EVENTS_MAX_RANGE_MS);
  const driver = ctx.query.get("driver_id");
  const imei = ctx.query.get("imei");
  const unidentified = ctx.query.get("unidentified") === "1";
  return ok(
    sessionsIn(ctx, from, to)
      .map((x) => x.s)
      .filter(
        (s) =>
          (!driver || s.driver_id === Number(driver)) &&
          (!imei || s.imei === imei) &&
          (!unidentified || s.driver_id === null),
      ),
  );
}

/** GET /drivers/tags/reads?id&from&to: where and when the tag was read (at most 92 days). */
function reads(ctx: Ctx) {
  const t = tagOf(ctx, ctx.query.get("id"));
  const { from, to } = range(ctx, EVENTS_MAX_RANGE_MS);
  return ok(
    sessionsIn(ctx, from, to)
      .filter((x) => x.s.tag_id === t.id)
      .map((x) => ({
        tag_id: t.id,
        imei: x.d.imei,
        vehicle: x.d.nickname,
        time: x.s.start,
        lat: x.st.leg.fromStop.point.lat,
        lng: x.st.leg.fromStop.point.lng,
        trip_id: x.s.trip_id,
      })),
  );
}

/** POST /drivers/sessions/assign {imei, trip_id, driver_id|null}: who drove a trip, after the fact. */
function assign(ctx: Ctx) {
  const body = obj(ctx.body);
  const d = deviceOf(ctx, body.imei);
  if (typeof body.trip_id !== "string") throw new HttpError(400, "trip_id is required");
  const trip = findTrip(ctx.state.world, ctx.state.overlay, d, ctx.now, { id: body.trip_id });
  if (!trip || trip.manual) throw new HttpError(404, "Trip not found");
  const driver_id = body.driver_id === null ? null : driverOf(ctx, body.driver_id).id;
  driverData(ctx).assignments.set(trip.id, driver_id);
  touched(ctx);
  const st = companyTrips(
    ctx.state.world,
    d.companyid,
    Date.parse(trip.start.time),
    Date.parse(trip.start.time) + 1,
    ctx.now,
  ).find((x) => x.st.id === trip.id)!;
  return ok(sessionOf(ctx.state.world, driverData(ctx), st.d, st.st));
}

/** GET /drivers/events?from&to (at most 92 days): safety events, oldest first. */
function events(ctx: Ctx) {
  const { from, to } = range(ctx, EVENTS_MAX_RANGE_MS);
  const out = [];
  for (const x of sessionsIn(ctx, from - DAY, to))
    for (const e of x.events) {
      const t = Date.parse(e.time);
      if (t >= from && t < to) out.push(e);
    }
  return ok(out.sort((a, b) => a.time.localeCompare(b.time)));
}

export const driverRoutes = routes([
  ["GET", "/drivers", listDrivers],
  ["POST", "/drivers", createDriver],
  ["PATCH", "/drivers/driver", updateDriver],
  ["GET", "/drivers/tags", listTags],
  ["POST", "/drivers/tags", createTag],
  ["PATCH", "/drivers/tags/tag", updateTag],
  ["GET", "/drivers/tags/reads", reads],
  ["GET", "/drivers/sessions", sessions],
  ["POST", "/drivers/sessions/assign", assign],
  ["GET", "/drivers/events", events],
]);
