/**
 * Dashcam calls (designed; the simulator serves them in server/sim/api-dashcam.ts): cameras and
 * how long they keep footage, video events, footage requests and their media. Media are streamed
 * (never read whole): `mediaStream` hands the upstream's answer on, byte ranges included.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";
import { getStream } from "~/services/upstream/streams.server";
import { DASHCAM_TYPES } from "./types";

const iso = z.string().datetime({ offset: true });

export const cameraSchema = z.object({
  imei: z.string(),
  nickname: z.string(),
  device_type_id: z.number().int(),
  model: z.string(),
  retention_days: z.number().int().positive(),
  oldest_footage: iso,
  last_connected: iso,
});
export type Camera = z.infer<typeof cameraSchema>;

export const dashcamEventSchema = z.object({
  id: z.string().regex(/^[\w-]+$/),
  type: z.enum(DASHCAM_TYPES),
  time: iso,
  lat: z.number(),
  lng: z.number(),
  heading: z.number(),
  imei: z.string(),
  vehicle: z.string(),
  trip_id: z.string(),
  driver_id: z.number().int().nullable(),
  severity: z.enum(["low", "medium", "high"]),
  speed: z.number(),
  speed_limit: z.number().nullable(),
  trace: z.array(z.object({ offset_s: z.number(), speed: z.number() })),
  snapshots: z.array(z.string()),
  clip_id: z.string(),
  clip_seconds: z.number(),
});
export type DashcamEvent = z.infer<typeof dashcamEventSchema>;

export const clipRequestSchema = z.object({
  id: z.number().int(),
  imei: z.string(),
  vehicle: z.string(),
  from: iso,
  to: iso,
  seconds: z.number(),
  requested_at: iso,
  requested_by: z.string(),
  status: z.enum(["requested", "uploading", "available", "failed"]),
  progress: z.number().min(0).max(100),
  available_at: iso.nullable(),
  failure_reason: z.string().nullable(),
  clip_id: z.string().nullable(),
});
export type ClipRequest = z.infer<typeof clipRequestSchema>;

export const listCameras = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: "/dashcam/devices",
      schema: z.array(cameraSchema),
      idempotent: true,
    })
  ).data;

/** Events of [from, to) (at most 92 days), oldest first; `imei` narrows to one camera. */
export const listEvents = async (
  up: Upstream,
  q: { from: string; to: string; imei?: string | null },
) =>
  (
    await up.request({
      method: "GET",
      path: "/dashcam/events",
      query: q,
      schema: z.array(dashcamEventSchema),
      idempotent: true,
    })
  ).data;

export const getEvent = async (up: Upstream, id: string) =>
  (
    await up.request({
      method: "GET",
      path: `/dashcam/events/${encodeURIComponent(id)}`,
      schema: dashcamEventSchema,
      idempotent: true,
    })
  ).data;

export const listClipRequests = async (up: Upstream, imei?: string) =>
  (
    await up.request({
      method: "GET",
      path: "/dashcam/clips",
      query: { imei },
      schema: z.array(clipRequestSchema),
      idempotent: true,
    })
  ).data;

export const getClipRequest = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "GET",
      path: `/dashcam/clips/${id}`,
      schema: clipRequestSchema,
      idempotent: true,
    })
  ).data;

export const requestClip = async (up: Upstream, r: { imei: string; from: string; to: string }) =>
  (await up.request({ method: "POST", path: "/dashcam/clips", body: r, schema: clipRequestSchema }))
    .data;

/** A snapshot or clip as the upstream answers it (200 whole, or 206 for `range`), body unread. */
export const mediaStream = (up: Upstream, id: string, range?: string | null) =>
  getStream(up, `/dashcam/media/${encodeURIComponent(id)}`, {}, range ? { range } : {});
