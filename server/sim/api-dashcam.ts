/**
 * Dashcam calls (designed; SPEC §1 dashcam events, §9 LIVE_DASHCAM [27, 24]). Events are derived
 * (dashcam.ts); footage requests are kept in SimState and advance with the clock: requested, then
 * uploading after UPLOAD_AFTER_MS, then available (or failed when the camera never connects).
 * Media (snapshots, clips) are real files under fixtures/, served with byte ranges. Another
 * company's event, request or media is a 404.
 *
 *   GET  /dashcam/devices                    the company's cameras and how long they keep footage
 *   GET  /dashcam/events?from&to&imei        events, oldest first (at most 92 days; default 7)
 *   GET  /dashcam/events/:id                 one event
 *   GET  /dashcam/clips?imei                 footage requests, newest first
 *   POST /dashcam/clips {imei, from, to}     request footage of a window (5 s to 10 min)
 *   GET  /dashcam/clips/:id                  one request
 *   GET  /dashcam/media/:id                  a snapshot (image/jpeg) or clip (video/mp4); Range
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { driverData } from "./api-drivers";
import {
  dashcamTripEvents,
  isDashcam,
  retentionDays,
  tripKeyOf,
  type DashcamEvent,
} from "./dashcam";
import { EVENTS_MAX_RANGE_MS, sessionOf } from "./drivers";
import { silentAfter } from "./movement";
import { tripsBetween } from "./fixes";
import { HttpError, deviceOf, obj, ok, routes, timeParam, type Ctx, type Result } from "./kit";
import { idOf } from "./maintenance";
import type { Device } from "./world";

const DAY = 86_400_000;
export const UPLOAD_AFTER_MS = 5_000;
export const FAIL_AFTER_MS = 30_000;
export const MIN_WINDOW_S = 5;
export const MAX_WINDOW_S = 600;

export type SimClipRequest = {
  id: number;
  companyid: number;
  imei: string;
  from: number;
  to: number;
  requested_at: number;
  requested_by: string;
};
export type DashcamState = { seq: number; requests: SimClipRequest[] };

function data(ctx: Ctx): DashcamState {
  ctx.state.dashcam ??= { seq: 0, requests: [] };
  return ctx.state.dashcam;
}

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

// ---------------------------------------------------------------- events

function eventsOf(ctx: Ctx, from: number, to: number, imei: string | null): DashcamEvent[] {
  const dd = driverData(ctx);
  const world = ctx.state.world;
  const out: DashcamEvent[] = [];
  const cameras = (world.devicesByCompany.get(ctx.user.companyid) ?? []).filter(
    (d) => isDashcam(d) && (!imei || d.imei === imei),
  );
  for (const d of cameras)
    // A trip departs at most a day before its events.
    for (const st of tripsBetween(world, d, from - DAY, to, ctx.now))
      for (const e of dashcamTripEvents(world, d, st, sessionOf(world, dd, d, st))) {
        const t = Date.parse(e.time);
        if (t >= from && t < to) out.push(e);
      }
  return out.sort((a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id));
}

/** The company's event of this id (404 otherwise: unknown, foreign, or not a camera's). */
function eventById(ctx: Ctx, id: string): DashcamEvent {
  const key = tripKeyOf(id);
  const d = key && ctx.state.world.devicesByImei.get(key.imei);
  if (!key || !d || d.companyid !== ctx.user.companyid || !isDashcam(d))
    throw new HttpError(404, "Event not found");
  const st = tripsBetween(ctx.state.world, d, key.depart, key.depart + 1, ctx.now)[0];
  const s = st && sessionOf(ctx.state.world, driverData(ctx), d, st);
  const e = st && s && dashcamTripEvents(ctx.state.world, d, st, s).find((x) => x.id === id);
  if (!e) throw new HttpError(404, "Event not found");
  return e;
}

function listEvents(ctx: Ctx) {
  const to = timeParam(ctx.query.get("to"), ctx.now, "to");
  const from = timeParam(ctx.query.get("from"), to - 7 * DAY, "from");
  if (from >= to) throw new HttpError(400, "from must be before to");
  if (to - from > EVENTS_MAX_RANGE_MS) throw new HttpError(400, "The range is at most 92 days");
  const imei = ctx.query.get("imei");
  if (imei) {
    const d = deviceOf(ctx, imei);
    if (!isDashcam(d)) throw new HttpError(400, "This vehicle has no dashcam");
  }
  return ok(eventsOf(ctx, from, to, imei || null));
}

// ---------------------------------------------------------------- devices

function cameraView(ctx: Ctx, d: Device) {
  const days = retentionDays(d);
  const silent = silentAfter(ctx.state.world, d);
  const last = Math.min(ctx.now, silent);
  return {
    imei: d.imei,
    nickname: d.nickname,
    device_type_id: d.device_type_id,
    model: d.model,
    retention_days: days,
    oldest_footage: new Date(Math.max(ctx.now - days * DAY, 0)).toISOString(),
    last_connected: new Date(last).toISOString(),
  };
}

const listCameras = (ctx: Ctx) =>
  ok(
    (ctx.state.world.devicesByCompany.get(ctx.user.companyid) ?? [])
      .filter(isDashcam)
      .map((d) => cameraView(ctx, d)),
  );

// ---------------------------------------------------------------- footage requests

/** A request's state at `now`: a camera that stopped reporting before it was asked never uploads. */
function requestView(ctx: Ctx, r: SimClipRequest) {
  const d = ctx.state.world.devicesByImei.get(r.imei)!;
  const age = ctx.now - r.requested_at;
  const seconds = Math.round((r.to - r.from) / 1000);
  const uploadMs = 5_000 + Math.ceil(seconds / 6) * 1000;
  const dead = silentAfter(ctx.state.world, d) < r.requested_at;
  let status: "requested" | "uploading" | "available" | "failed";
  let progress = 0;
  if (dead) status = age >= FAIL_AFTER_MS ? "failed" : "requested";
  else if (age < UPLOAD_AFTER_MS) status = "requested";
  else if (age < UPLOAD_AFTER_MS + uploadMs) {
    status = "uploading";
    progress = Math.min(99, Math.floor(((age - UPLOAD_AFTER_MS) / uploadMs) * 100));
  } else status = "available";
  if (status === "available") progress = 100;
  const readyAt = r.requested_at + UPLOAD_AFTER_MS + uploadMs;
  return {
    id: r.id,
    imei: r.imei,
    vehicle: d.nickname,
    from: new Date(r.from).toISOString(),
    to: new Date(r.to).toISOString(),
    seconds,
    requested_at: new Date(r.requested_at).toISOString(),
    requested_by: r.requested_by,
    status,
    progress,
    available_at: status === "available" ? new Date(readyAt).toISOString() : null,
    failure_reason: status === "failed" ? "The camera did not connect to upload the footage" : null,
    clip_id: status === "available" ? `r${r.id}.clip` : null,
  };
}

function requestById(ctx: Ctx, raw: string): SimClipRequest {
  const id = Number(raw);
  const r = data(ctx).requests.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!Number.isInteger(id) || !r) throw new HttpError(404, "Footage request not found");
  return r;
}

function listRequests(ctx: Ctx) {
  const imei = ctx.query.get("imei");
  return ok(
    data(ctx)
      .requests.filter((r) => r.companyid === ctx.user.companyid && (!imei || r.imei === imei))
      .sort((a, b) => b.requested_at - a.requested_at || b.id - a.id)
      .map((r) => requestView(ctx, r)),
  );
}

function createRequest(ctx: Ctx) {
  const b = obj(ctx.body);
  const d = deviceOf(ctx, b.imei);
  if (!isDashcam(d)) throw new HttpError(400, "This vehicle has no dashcam");
  const time = (v: unknown, name: string) => {
    const t = typeof v === "string" ? Date.parse(v) : NaN;
    if (Number.isNaN(t)) throw new HttpError(400, `${name} must be an ISO date-time`);
    return t;
  };
  const from = time(b.from, "from");
  const to = time(b.to, "to");
  const seconds = (to - from) / 1000;
  if (seconds < MIN_WINDOW_S || seconds > MAX_WINDOW_S)
    throw new HttpError(400, `The window must be ${MIN_WINDOW_S} seconds to 10 minutes long`);
  if (to > ctx.now) throw new HttpError(400, "The window must end in the past");
  const days = retentionDays(d);
  if (from < ctx.now - days * DAY)
    throw new HttpError(
      400,
      `The camera keeps ${days} days of footage: the window must start after ${new Date(ctx.now - days * DAY).toISOString()}`,
    );
  const st = data(ctx);
  const r: SimClipRequest = {
    id: ++st.seq,
    companyid: ctx.user.companyid,
    imei: d.imei,
    from,
    to,
    requested_at: ctx.now,
    requested_by: ctx.user.name,
  };
  st.requests.push(r);
  return ok(requestView(ctx, r), 201);
}

// ---------------------------------------------------------------- media

const IMAGE = (name: string) => ({ name, type: "image/jpeg" });
const VIDEO = (name: string) => ({ name, type: "video/mp4" });

/** The fixture behind a media id, after checking the caller's company may see it. */
function mediaFile(ctx: Ctx, id: string) {
  const req = /^r(\d+)\.clip$/.exec(id);
  if (req) {
    const view = requestView(ctx, requestById(ctx, req[1]!));
    if (view.status !== "available") throw new HttpError(404, "The footage is not available yet");
    return VIDEO("road.mp4");
  }
  const m = /^(.+)\.(s1|s2|clip)$/.exec(id);
  if (!m) throw new HttpError(404, "Media not found");
  const e = eventById(ctx, m[1]!);
  const cabin = e.type === "distraction";
  if (m[2] === "clip") return VIDEO(cabin ? "cabin.mp4" : "road.mp4");
  if (!e.snapshots.includes(id)) throw new HttpError(404, "Media not found");
  return IMAGE(m[2] === "s1" ? (cabin ? "cabin-1.jpg" : "road-1.jpg") : "road-2.jpg");
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range); null = the whole file; "bad" = 416. */
export function parseRange(header: string | undefined, size: number) {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "bad" as const;
  let start: number;
  let end: number;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return "bad" as const;
  return { start, end };
}

function serveMedia(ctx: Ctx): Result {
  const f = mediaFile(ctx, decodeURIComponent(idOf(ctx)));
  const path = FIXTURES + f.name;
  const size = fs.statSync(path).size;
  const base = {
    "accept-ranges": "bytes",
    "cache-control": "private, max-age=86400",
  };
  const range = parseRange(ctx.headers?.range, size);
  if (range === "bad")
    return {
      status: 416,
      headers: { ...base, "content-range": `bytes */${size}` },
      text: "",
    };
  if (!range) return { contentType: f.type, headers: base, file: { path, size } };
  return {
    status: 206,
    contentType: f.type,
    headers: { ...base, "content-range": `bytes ${range.start}-${range.end}/${size}` },
    file: { path, size: range.end - range.start + 1, start: range.start },
  };
}

export const dashcamRoutes = routes([
  ["GET", "/dashcam/devices", listCameras],
  ["GET", "/dashcam/events", listEvents],
  ["GET", "/dashcam/events/:id", (ctx) => ok(eventById(ctx, decodeURIComponent(idOf(ctx))))],
  ["GET", "/dashcam/clips", listRequests],
  ["POST", "/dashcam/clips", createRequest],
  ["GET", "/dashcam/clips/:id", (ctx) => ok(requestView(ctx, requestById(ctx, idOf(ctx))))],
  ["GET", "/dashcam/media/:id", serveMedia],
]);
