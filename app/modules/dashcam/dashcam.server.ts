/**
 * The dashcam pages' data and actions: the event inbox (filters, bulk review), one event (clip,
 * snapshots, speed trace, map, driver, review history) and footage requests. Reviews are the
 * driver safety reviews (drivers module): a video event that is also a safety event has one id
 * and so one review, wherever it is reviewed.
 */
import { json } from "@remix-run/node";
import { isAllowed } from "~/lib/access";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { pageRows, parsePage } from "~/lib/table-query";
import { addDays, dayKey, startOfDay, zonedLocalToUtc } from "~/lib/zoned-days";
import { formatZoned } from "~/lib/zoned-time";
import { REVIEW_LABEL, reviewSchema, type ReviewStatus } from "~/modules/drivers";
import { listDrivers, reviewStatuses, reviewsOf, saveReview } from "~/modules/drivers/index.server";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { logInfo } from "~/services/log.server";
import { tileConfig } from "~/services/map-tiles.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError, unlessFault } from "~/services/upstream/index.server";
import { bulkReviewSchema, footageSchema } from "./forms";
import { MAX_RANGE_DAYS, filterEvents, parseFilters, windowProblem } from "./inbox";
import { TYPE_LABEL } from "./types";
import * as dc from "./upstream.server";

const DAY = 86_400_000;
const PAGE_SIZE = 25;
const DEFAULT_DAYS = 14;

const notFound = () => new Response("Not found", { status: 404 });
const forbidden = () => new Response("Forbidden", { status: 403 });

/** Reviewing is managing drivers (the same reviews as driver safety). */
export const canReview = (ctx: ModuleContext) =>
  isAllowed(ctx.user, { permission: "drivers_manage" });

const zoneOf = (ctx: ModuleContext) => companyTimeZone(ctx.auth);

async function driverNames(ctx: ModuleContext) {
  const drivers = await listDrivers(ctx.auth).catch(unlessFault([]));
  return new Map(drivers.map((d) => [d.id, `${d.first_name} ${d.last_name}`.trim()]));
}

/** The day range of the address (company days), the last DEFAULT_DAYS by default. */
function dayRange(p: URLSearchParams, timeZone: string, now: number) {
  const today = dayKey(now, timeZone);
  const ok = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
  let toDay = ok(p.get("to")) ?? today;
  let fromDay = ok(p.get("from")) ?? addDays(toDay, -(DEFAULT_DAYS - 1));
  let notice: string | null = null;
  if (fromDay > toDay) [fromDay, toDay] = [toDay, fromDay];
  if (
    startOfDay(addDays(toDay, 1), timeZone) - startOfDay(fromDay, timeZone) >
    MAX_RANGE_DAYS * DAY
  ) {
    fromDay = addDays(toDay, -(MAX_RANGE_DAYS - 1));
    notice = `At most ${MAX_RANGE_DAYS} days at once: showing ${fromDay} to ${toDay}.`;
  }
  return {
    fromDay,
    toDay,
    from: startOfDay(fromDay, timeZone),
    to: startOfDay(addDays(toDay, 1), timeZone),
    notice,
  };
}

export const mediaHref = (mediaId: string) =>
  `/dashboard/dashcam-media/${encodeURIComponent(mediaId)}`;

export async function inboxPage(ctx: ModuleContext, url: URL) {
  const p = url.searchParams;
  const up = upstream(ctx.auth.token);
  const timeZone = await zoneOf(ctx);
  const range = dayRange(p, timeZone, Date.now());
  const filters = parseFilters(p);
  const [cameras, events, names, statuses] = await Promise.all([
    dc.listCameras(up),
    dc.listEvents(up, {
      from: new Date(range.from).toISOString(),
      to: new Date(range.to).toISOString(),
    }),
    driverNames(ctx),
    reviewStatuses(ctx.companyId),
  ]);
  const matching = filterEvents(events, filters, statuses.byEvent).reverse();
  const { rows, paging } = pageRows(matching, parsePage(p), PAGE_SIZE);
  const reviews = await reviewsOf(
    ctx.companyId,
    rows.map((e) => e.id),
  );
  return {
    timeZone,
    range,
    filters,
    paging,
    manager: canReview(ctx),
    cameras: cameras.map((c) => ({ imei: c.imei, name: c.nickname })),
    drivers: [...names].map(([id, name]) => ({ id, name })),
    rows: rows.map((e) => {
      const r = reviews.get(e.id);
      return {
        id: e.id,
        time: e.time,
        type: e.type,
        vehicle: e.vehicle,
        driver: e.driver_id === null ? "Unidentified" : (names.get(e.driver_id) ?? "Unknown"),
        severity: e.severity,
        speed: e.speed,
        status: (r?.status ?? "needs_review") as ReviewStatus,
        reason: r?.reason ?? null,
        thumbnail: e.snapshots[0] ? mediaHref(e.snapshots[0]) : null,
      };
    }),
  };
}

/** The company's event, or a 404 (another company's, or no such event). */
async function requireEvent(ctx: ModuleContext, id: string) {
  if (!/^[\w-]{1,100}$/.test(id)) throw notFound();
  try {
    return await dc.getEvent(upstream(ctx.auth.token), id);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    throw e;
  }
}

export async function eventPage(ctx: ModuleContext, id: string) {
  const up = upstream(ctx.auth.token);
  const e = await requireEvent(ctx, id);
  const [timeZone, cameras, names, reviews, requests] = await Promise.all([
    zoneOf(ctx),
    dc.listCameras(up),
    driverNames(ctx),
    reviewsOf(ctx.companyId, [e.id]),
    dc.listClipRequests(up),
  ]);
  const r = reviews.get(e.id);
  const t = Date.parse(e.time);
  return {
    timeZone,
    tiles: tileConfig(),
    manager: canReview(ctx),
    event: {
      ...e,
      label: TYPE_LABEL[e.type],
      driver: e.driver_id === null ? null : (names.get(e.driver_id) ?? "Unknown driver"),
      clip: mediaHref(e.clip_id),
      snapshots: e.snapshots.map(mediaHref),
    },
    review: {
      status: (r?.status ?? "needs_review") as ReviewStatus,
      reason: r?.reason ?? null,
      note: r?.note ?? null,
      history: r?.history ?? [],
    },
    cameras: cameras.map((c) => ({
      imei: c.imei,
      name: c.nickname,
      retentionDays: c.retention_days,
      oldest: c.oldest_footage,
    })),
    /** The default window: 30 s before the event to 30 s after, in the company's wall clock. */
    footageDefault: { imei: e.imei, from: t - 30_000, seconds: 60 },
    requests: requests.slice(0, 20).map((q) => ({
      ...q,
      clip: q.clip_id ? mediaHref(q.clip_id) : null,
    })),
  };
}

const values = (form: FormData) =>
  Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));

export type DashcamActionData = {
  intent: "review" | "bulk" | "footage";
  errors: Record<string, string>;
  values: Record<string, string>;
};

const bad = (intent: DashcamActionData["intent"], errors: Record<string, string>, form: FormData) =>
  json<DashcamActionData>({ intent, errors, values: values(form) }, { status: 400 });

/** One event's review (the event page). */
export async function reviewOne(ctx: ModuleContext, id: string, form: FormData, back: string) {
  if (!canReview(ctx)) throw forbidden();
  form.set("eventId", id);
  const sub = parseForm(form, reviewSchema);
  if (sub.status !== "success") return bad("review", firstErrors(sub), form);
  const e = await requireEvent(ctx, id);
  const v = sub.value;
  await saveReview(ctx.companyId, e.id, {
    status: v.status,
    reason: v.reason || null,
    note: v.note || null,
    by: ctx.user.name,
  });
  logInfo("dashcam", `user=${ctx.user.username} review event=${e.id} status=${v.status}`);
  return redirectWithToast(back, {
    type: "success",
    description: `Event marked ${REVIEW_LABEL[v.status].toLowerCase()}.`,
  });
}

/** Selected inbox rows set to one status; every id must be one of the company's events. */
export async function reviewMany(ctx: ModuleContext, form: FormData, back: string) {
  if (!canReview(ctx)) throw forbidden();
  const sub = parseForm(form, bulkReviewSchema);
  if (sub.status !== "success") return bad("bulk", firstErrors(sub), form);
  const v = sub.value;
  const ids = [...new Set(v.ids)];
  // Each id is checked with the upstream (a foreign or unknown id refuses the whole batch).
  await Promise.all(ids.map((id) => requireEvent(ctx, id)));
  for (const id of ids)
    await saveReview(ctx.companyId, id, {
      status: v.status,
      reason: v.reason || null,
      note: v.note || null,
      by: ctx.user.name,
    });
  logInfo("dashcam", `user=${ctx.user.username} bulk review n=${ids.length} status=${v.status}`);
  return redirectWithToast(back, {
    type: "success",
    description: `${ids.length} ${ids.length === 1 ? "event" : "events"} marked ${REVIEW_LABEL[v.status].toLowerCase()}.`,
  });
}

/** Asks the camera for a window of its footage; the page then follows the request. */
export async function requestFootage(ctx: ModuleContext, form: FormData, back: string) {
  const sub = parseForm(form, footageSchema);
  if (sub.status !== "success") return bad("footage", firstErrors(sub), form);
  const v = sub.value;
  const up = upstream(ctx.auth.token);
  const [cameras, timeZone] = await Promise.all([dc.listCameras(up), zoneOf(ctx)]);
  const cam = cameras.find((c) => c.imei === v.imei);
  if (!cam) throw notFound();
  const from = zonedLocalToUtc(v.from, timeZone);
  if (Number.isNaN(from)) return bad("footage", { from: "Enter the start time" }, form);
  const to = from + v.seconds * 1000;
  const problem = windowProblem({ from, to }, cam.retention_days, Date.now());
  if (problem === "future")
    return bad(
      "footage",
      { from: "That footage has not been recorded yet: choose a time in the past" },
      form,
    );
  if (problem === "retention")
    return bad(
      "footage",
      {
        from: `The camera in ${cam.nickname} keeps ${cam.retention_days} days of footage: choose a time after ${formatZoned(Date.now() - cam.retention_days * DAY, timeZone, "full")}`,
      },
      form,
    );
  try {
    const made = await dc.requestClip(up, {
      imei: cam.imei,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
    });
    logInfo("dashcam", `user=${ctx.user.username} footage request=${made.id} imei=${cam.imei}`);
  } catch (e) {
    // The camera's own refusal (a clock edge, a window it will not take) is said as it is.
    if (isUpstreamError(e) && e.status === 400) return bad("footage", { from: e.message }, form);
    throw e;
  }
  return redirectWithToast(back, {
    type: "success",
    description: `Footage of ${cam.nickname} requested: it appears below once the camera has uploaded it.`,
  });
}

const MEDIA_TYPES = /^(image\/(jpeg|png|webp)|video\/(mp4|webm))$/;

/**
 * A snapshot or clip through our server: the user's company must own the event's camera (or the
 * footage request) before the upstream is asked; Range passes through and the body streams.
 */
export async function mediaResponse(ctx: ModuleContext, mediaId: string, range: string | null) {
  const up = upstream(ctx.auth.token);
  const req = /^r(\d{1,9})\.clip$/.exec(mediaId);
  const ev = /^(\d{6,20})-[\w-]+\.(s1|s2|clip)$/.exec(mediaId);
  if (req) {
    const r = await dc.getClipRequest(up, Number(req[1])).catch((e) => {
      if (isUpstreamError(e) && e.status === 404) throw notFound();
      throw e;
    });
    if (r.status !== "available") throw notFound();
  } else if (ev) {
    const cameras = await dc.listCameras(up);
    if (!cameras.some((c) => c.imei === ev[1])) throw notFound();
  } else throw notFound();
  let res: Response;
  try {
    res = await dc.mediaStream(up, mediaId, range);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 416)
      return new Response(null, { status: 416, headers: { "Accept-Ranges": "bytes" } });
    if (isUpstreamError(e) && e.status < 500) throw notFound();
    if (isUpstreamError(e)) throw new Response(e.message, { status: 503 });
    throw e;
  }
  const type = res.headers.get("content-type") ?? "";
  if (!MEDIA_TYPES.test(type)) {
    await res.body?.cancel();
    throw notFound();
  }
  const headers = new Headers({
    "Content-Type": type,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=3600",
    "X-Content-Type-Options": "nosniff",
  });
  for (const h of ["content-length", "content-range"]) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(res.body, { status: res.status === 206 ? 206 : 200, headers });
}
