/** Trip, logbook, track and event calls. */
import { DAY_MS } from "./catalog";
import { eventsBetween } from "./events";
import { round6 } from "./geo";
import { HttpError, deviceOf, obj, ok, routes, str, timeParam, type Ctx } from "./kit";
import { sampleAt, silentAfter } from "./movement";
import { findTrip, listTrips, saveManualTrip, toLogEntry, type Purpose } from "./trips";

/** A time window from the query, clamped to the present and to a maximum length. */
function window(ctx: Ctx, defaultDays: number, maxDays: number): [number, number] {
  const to = Math.min(ctx.now, timeParam(ctx.query.get("to"), ctx.now, "to"));
  const from = timeParam(ctx.query.get("from"), to - defaultDays * DAY_MS, "from");
  if (from > to) throw new HttpError(400, "from must be before to");
  if (to - from > maxDays * DAY_MS)
    throw new HttpError(400, `The period may be at most ${maxDays} days`);
  return [from, to];
}

/** GET /user/trips?imei&from&to&points=0|1 — trips with their 10 s replay track by default. */
function trips(ctx: Ctx) {
  const d = deviceOf(ctx, ctx.query.get("imei"));
  const [from, to] = window(ctx, 1, 93);
  const withPoints = ctx.query.get("points") !== "0";
  return ok({
    imei: d.imei,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    trips: listTrips(ctx.state.world, ctx.state.overlay, d, from, to, ctx.now, withPoints),
  });
}

/** GET /user/trackpoints?imei&from&to&interval=30 — positions at a fixed interval (s). */
function trackpoints(ctx: Ctx) {
  const d = deviceOf(ctx, ctx.query.get("imei"));
  const [from, rawTo] = window(ctx, 1, 7);
  const to = Math.min(rawTo, silentAfter(ctx.state.world, d));
  const interval = Math.max(5, Number(ctx.query.get("interval") ?? 30) || 30) * 1000;
  // Keep answers bounded: widen the interval rather than send more than 20k points.
  const every = Math.max(interval, Math.ceil((to - from) / 20_000 / 1000) * 1000);
  const points = [];
  for (let t = Math.ceil(from / every) * every; t <= to; t += every) {
    const s = sampleAt(d, t);
    points.push({
      time: new Date(t).toISOString(),
      lat: round6(s.lat),
      lng: round6(s.lng),
      speed: s.speed,
      heading: s.heading,
      ignition: s.ignition,
      odometer: Math.round(s.odometer * 10) / 10,
    });
  }
  return ok({ imei: d.imei, interval_s: every / 1000, points });
}

function logEntries(ctx: Ctx) {
  const d = deviceOf(ctx, ctx.query.get("imei"));
  const [from, to] = window(ctx, 90, 400);
  return ok(listTrips(ctx.state.world, ctx.state.overlay, d, from, to, ctx.now).map(toLogEntry));
}

/** Accepts a log entry triple, or an object with id / imei + logstart + logstop. */
function tripRef(body: unknown): Record<string, unknown> {
  if (Array.isArray(body)) {
    if (body.length !== 3) throw new HttpError(400, "A trip entry is a triple");
    return obj(body[2]);
  }
  const b = obj(body);
  return Array.isArray(b.entry) ? tripRef(b.entry) : b;
}

function refOf(ctx: Ctx) {
  const ref = tripRef(ctx.body);
  const d = deviceOf(ctx, ref.imei);
  const trip = findTrip(ctx.state.world, ctx.state.overlay, d, ctx.now, {
    id: typeof ref.id === "string" ? ref.id : undefined,
    logstart: typeof ref.logstart === "string" ? ref.logstart : undefined,
    logstop: typeof ref.logstop === "string" ? ref.logstop : undefined,
  });
  if (!trip) throw new HttpError(404, "Trip not found");
  return { ref, d, trip };
}

function purposeOf(v: unknown): Purpose | undefined {
  if (v === undefined || v === null || v === "") return undefined;
  if (v !== "business" && v !== "private")
    throw new HttpError(400, 'purpose must be "business" or "private"');
  return v;
}

function deleteTrip(ctx: Ctx) {
  const { trip } = refOf(ctx);
  ctx.state.overlay.deleted.add(trip.id);
  return ok({ deleted: true, id: trip.id });
}

function changePurpose(ctx: Ctx) {
  const { ref, trip } = refOf(ctx);
  const purpose = purposeOf(ref.purpose);
  const description = typeof ref.description === "string" ? ref.description : undefined;
  if (!purpose && description === undefined)
    throw new HttpError(400, "purpose or description is required");
  const prev = ctx.state.overlay.edits.get(trip.id) ?? {};
  const next = {
    ...prev,
    ...(purpose ? { purpose } : {}),
    ...(description !== undefined ? { description } : {}),
  };
  ctx.state.overlay.edits.set(trip.id, next);
  return ok({ updated: true, entry: toLogEntry({ ...trip, ...next }) });
}

function saveTrip(ctx: Ctx) {
  const b = obj(ctx.body);
  const d = deviceOf(ctx, b.imei);
  const logstart = str(b.logstart, "logstart");
  const logstop = str(b.logstop, "logstop");
  const s = Date.parse(logstart);
  const e = Date.parse(logstop);
  if (Number.isNaN(s) || Number.isNaN(e))
    throw new HttpError(400, "logstart and logstop must be ISO date-times");
  if (e <= s) throw new HttpError(400, "logstop must be after logstart");
  const num = (v: unknown) =>
    v === undefined || v === null || v === ""
      ? undefined
      : Number.isFinite(Number(v))
        ? Number(v)
        : undefined;
  const { trip, duplicate } = saveManualTrip(ctx.state.world, ctx.state.overlay, d, ctx.now, {
    logstart,
    logstop,
    description: typeof b.description === "string" ? b.description : undefined,
    purpose: purposeOf(b.purpose),
    driver: typeof b.driver === "string" ? b.driver : undefined,
    start_odometer: num(b.start_odometer),
    end_odometer: num(b.end_odometer),
    start_address: typeof b.start_address === "string" ? b.start_address : undefined,
    end_address: typeof b.end_address === "string" ? b.end_address : undefined,
  });
  // SPEC §4: a trip with the same logstart and logstop as an existing one is ignored.
  if (duplicate)
    return ok({
      saved: false,
      duplicate: true,
      message: "A trip with the same start and end time already exists",
      entry: toLogEntry(trip),
    });
  return ok({ saved: true, duplicate: false, entry: toLogEntry(trip) }, 201);
}

/** GET /v2/events?since&limit — the company's alert events after `since` (at most 7 days back). */
function events(ctx: Ctx) {
  const limit = Math.min(5000, Math.max(1, Number(ctx.query.get("limit") ?? 500) || 500));
  const since = Math.max(
    ctx.now - 7 * DAY_MS,
    timeParam(ctx.query.get("since"), ctx.now - 15 * 60_000, "since"),
  );
  const list = eventsBetween(ctx.state.world, ctx.user.companyid, since, ctx.now, limit + 1);
  const hasMore = list.length > limit;
  const page = list.slice(0, limit);
  const next = hasMore ? page[page.length - 1]!.time : new Date(ctx.now).toISOString();
  return ok({ events: page, next, hasMore });
}

export const tripRoutes = routes([
  ["GET", "/user/trips", trips],
  ["GET", "/user/trackpoints", trackpoints],
  ["GET", "/logbook/logentries", logEntries],
  ["POST", "/user/deleteTripv2", deleteTrip],
  ["POST", "/logbook/changePurpose", changePurpose],
  ["POST", "/user/tripsv2", saveTrip],
  ["GET", "/v2/events", events],
]);
