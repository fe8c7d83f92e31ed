import {
  listCameras,
  listClipRequests,
  listEvents,
  requestClip,
} from "~/modules/dashcam/upstream.server";
import { prisma } from "~/services/db.server";
import { defineSweep, type SweepCase } from "./kit";

const DAY = 86_400_000;

/**
 * Dashcam: company 2's events, media and footage requests, asked for by company 1 (pages, media,
 * reviews one by one and in bulk, footage of company 2's camera): each a 404 that changes nothing.
 */
export default defineSweep({
  seed: async ({ upB }) => {
    const now = Date.now();
    const events = await listEvents(upB, {
      from: new Date(now - 7 * DAY).toISOString(),
      to: new Date(now).toISOString(),
    });
    const event = events.at(-1)!;
    const camera = (await listCameras(upB))[0]!;
    const request = await requestClip(upB, {
      imei: camera.imei,
      from: new Date(now - 3600_000).toISOString(),
      to: new Date(now - 3600_000 + 30_000).toISOString(),
    });
    return {
      eventB: event.id,
      clipB: event.clip_id,
      snapshotB: event.snapshots[0]!,
      requestB: request.id,
      cameraB: camera.imei,
    };
  },
  cases: (s) => {
    const page = `/dashboard/dashcam-events/${s.eventB}`;
    const media = (id: string): SweepCase => ({
      file: "dashboard.dashcam-media.$id.ts",
      method: "GET",
      url: `/dashboard/dashcam-media/${id}`,
    });
    const list: SweepCase[] = [
      { file: "dashboard.dashcam-events.$id.tsx", method: "GET", url: page },
      media(s.clipB),
      media(s.snapshotB),
      media(`r${s.requestB}.clip`),
      {
        file: "dashboard.dashcam-events.$id.tsx",
        method: "POST",
        url: page,
        body: { intent: "review", status: "coached", note: "mine" },
      },
      {
        file: "dashboard.dashcam-events.$id.tsx",
        method: "POST",
        url: page,
        body: { intent: "footage", imei: s.cameraB, from: "2026-01-01T10:00", seconds: "30" },
      },
      {
        file: "dashboard.dashcam-events._index.tsx",
        method: "POST",
        url: "/dashboard/dashcam-events",
        body: { intent: "bulk", ids: [s.eventB], status: "reviewed" },
      },
    ];
    return list;
  },
  own: (s) => [`/dashboard/dashcam-events/${s.eventB}`, `/dashboard/dashcam-media/${s.snapshotB}`],
  snapshot: async ({ upB }, s) => ({
    requests: (await listClipRequests(upB)).map((r) => ({ id: r.id, imei: r.imei, from: r.from })),
    reviewsOfTheirEvent: await prisma.driverEventReview.findMany({ where: { eventId: s.eventB } }),
  }),
});
