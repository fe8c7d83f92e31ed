/**
 * The dashcam pages against PostgreSQL and the simulator: clips served through our server with
 * byte ranges, another company's media refused, the footage request lifecycle (the simulator's
 * clock is moved), bulk review, and reviews shared with driver safety.
 */
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { utcToZonedLocal } from "~/lib/zoned-days";
import { listEvents } from "~/modules/dashcam/upstream.server";
import { action as loginAction } from "~/routes/login";
import {
  loader as inboxLoader,
  action as inboxAction,
} from "~/routes/dashboard.dashcam-events._index";
import {
  loader as eventLoader,
  action as eventAction,
} from "~/routes/dashboard.dashcam-events.$id";
import { loader as mediaLoader } from "~/routes/dashboard.dashcam-media.$id";
import { loader as safetyLoader, action as safetyAction } from "~/routes/dashboard.driversafety";
import { upstream } from "~/services/api.server";
import { useTestDatabase } from "../support/db";
import { APP, call, cookieFrom, formPost, get } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

const DAY = 86_400_000;
let skew = 0;
let admin = "";
let other = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator({ clock: () => Date.now() + skew });
  const signIn = async (username: string, password: string) =>
    cookieFrom(await call(loginAction, formPost("/login", { username, password })));
  admin = await signIn("admin", "admin123");
  other = await signIn("other", "other123");
}, 60_000);

type Inbox = {
  rows: Array<{ id: string; type: string; status: string; thumbnail: string | null }>;
  paging: { total: number };
};
type EventData = {
  timeZone: string;
  event: { id: string; imei: string; clip: string; snapshots: string[]; clip_id: string };
  review: { status: string; history: Array<{ status: string; by: string }> };
  requests: Array<{ id: number; status: string; clip: string | null; seconds: number }>;
};
const inbox = async (cookie: string, q = "") =>
  (await (await call(inboxLoader, get(`/dashboard/dashcam-events${q}`, cookie))).json()) as Inbox;
const eventOf = async (cookie: string, id: string) =>
  (await (
    await call(eventLoader, get(`/dashboard/dashcam-events/${id}`, cookie), { params: { id } })
  ).json()) as EventData;
const media = (cookie: string, href: string, range?: string) => {
  const req = get(href, cookie);
  if (range) req.headers.set("range", range);
  return call(mediaLoader, req, {
    params: { id: decodeURIComponent(href.slice("/dashboard/dashcam-media/".length)) },
  });
};
/** The inbox's bulk form: one `ids` field per checked row. */
const bulk = (cookie: string, ids: string[], fields: Record<string, string>) =>
  call(
    inboxAction,
    new Request(`${APP}/dashboard/dashcam-events`, {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "bulk"],
        ...ids.map((id) => ["ids", id]),
        ...Object.entries(fields),
      ]),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: APP, cookie },
    }),
  ).catch((e: unknown) => e as Response);
const postEvent = (cookie: string, id: string, fields: Record<string, string>) =>
  call(eventAction, formPost(`/dashboard/dashcam-events/${id}`, fields, { cookie }), {
    params: { id },
  });

async function theirEvent() {
  const auth = await upstreamAuth("other", "other123");
  const now = Date.now();
  const list = await listEvents(upstream(auth.token), {
    from: new Date(now - 7 * DAY).toISOString(),
    to: new Date(now).toISOString(),
  });
  return list.at(-1)!;
}

describe("dashcam inbox", () => {
  it("lists the company's events newest first, with thumbnails, filtered by type", async () => {
    const d = await inbox(admin);
    expect(d.paging.total).toBeGreaterThan(5);
    expect(d.rows[0]!.thumbnail).toMatch(/^\/dashboard\/dashcam-media\//);
    const type = d.rows[0]!.type;
    const only = await inbox(admin, `?type=${type}`);
    expect(only.rows.every((r) => r.type === type)).toBe(true);
    expect(only.paging.total).toBeLessThanOrEqual(d.paging.total);
  });

  it("bulk review sets every checked event; dismissing needs a reason", async () => {
    const d = await inbox(admin, "?status=needs_review");
    const ids = d.rows.slice(0, 2).map((r) => r.id);
    const res = await bulk(admin, ids, { status: "needs_coaching" });
    expect(res.status).toBe(302);
    const after = await inbox(admin, "?status=needs_coaching");
    expect(after.rows.map((r) => r.id)).toEqual(expect.arrayContaining(ids));
    const noReason = await bulk(admin, ids, { status: "dismissed" });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { errors: Record<string, string> }).errors.reason).toBe(
      "Say why the events are dismissed",
    );
    // Another company's id in the batch refuses the whole batch.
    const theirs = await theirEvent();
    const mixed = await bulk(admin, [ids[0]!, theirs.id], { status: "reviewed" });
    expect(mixed.status).toBe(404);
    expect((await eventOf(admin, ids[0]!)).review.status).toBe("needs_coaching");
  });
});

describe("reviews shared with driver safety", () => {
  type Safety = { incidents: { rows: Array<{ id: string; status: string }> } };
  const safety = async (q: string) =>
    (await (await call(safetyLoader, get(`/dashboard/driversafety${q}`, admin))).json()) as Safety;

  it("a dashcam event reviewed here has that status in driver safety, and the other way round", async () => {
    const d = await inbox(admin, "?type=harsh_braking&status=needs_review");
    const shared = d.rows[0]!;
    expect(shared).toBeDefined();
    const ev = await eventOf(admin, shared.id);
    expect(
      (await postEvent(admin, shared.id, { intent: "review", status: "coached", note: "Talked" }))
        .status,
    ).toBe(302);
    const q = `?days=30&vehicle=${ev.event.imei}&behaviour=harsh_braking`;
    const row = (await safety(q)).incidents.rows.find((r) => r.id === shared.id);
    expect(row?.status).toBe("coached");

    const res = await call(
      safetyAction,
      formPost(
        `/dashboard/driversafety${q}`,
        { intent: "review", eventId: shared.id, status: "needs_coaching" },
        { cookie: admin },
      ),
    );
    expect(res.status).toBe(302);
    const back = await eventOf(admin, shared.id);
    expect(back.review.status).toBe("needs_coaching");
    expect(back.review.history.map((h) => h.status)).toEqual(["coached", "needs_coaching"]);
  });
});

describe("dashcam media through our server", () => {
  it("serves a clip with byte ranges: 206 with exactly the asked bytes", async () => {
    const d = await inbox(admin);
    const ev = await eventOf(admin, d.rows[0]!.id);
    const whole = await media(admin, ev.event.clip);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const all = new Uint8Array(await whole.arrayBuffer());
    const fixtures = ["road.mp4", "cabin.mp4"].map(
      (f) =>
        new Uint8Array(fs.readFileSync(new URL(`../../server/sim/fixtures/${f}`, import.meta.url))),
    );
    expect(fixtures.some((f) => Buffer.compare(f, all) === 0)).toBe(true);
    const part = await media(admin, ev.event.clip, "bytes=5000-5999");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 5000-5999/${all.length}`);
    expect(part.headers.get("content-length")).toBe("1000");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(all.slice(5000, 6000));
    const past = await media(admin, ev.event.clip, `bytes=${all.length + 10}-`);
    expect(past.status).toBe(416);
    const snap = await media(admin, ev.event.snapshots[0]!);
    expect(snap.headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses another company's event, media and footage (404), and anyone signed out", async () => {
    const theirs = await theirEvent();
    const asAdmin = (href: string) => media(admin, href).catch((e: unknown) => e as Response);
    expect((await asAdmin(`/dashboard/dashcam-media/${theirs.clip_id}`)).status).toBe(404);
    expect((await asAdmin(`/dashboard/dashcam-media/${theirs.snapshots[0]}`)).status).toBe(404);
    expect((await asAdmin("/dashboard/dashcam-media/..%2F..%2Fauth")).status).toBe(404);
    const page = await call(eventLoader, get(`/dashboard/dashcam-events/${theirs.id}`, admin), {
      params: { id: theirs.id },
    }).catch((e: unknown) => e as Response);
    expect(page.status).toBe(404);
    // Their own user sees it.
    expect((await media(other, `/dashboard/dashcam-media/${theirs.clip_id}`)).status).toBe(200);
    const out = await call(mediaLoader, get(`/dashboard/dashcam-media/${theirs.clip_id}`), {
      params: { id: theirs.clip_id },
    }).catch((e: unknown) => e as Response);
    expect([302, 401]).toContain(out.status);
  });
});

describe("footage requests", () => {
  it("requested → uploading → available as the camera's clock runs; then it plays with ranges", async () => {
    const d = await inbox(admin);
    const ev = await eventOf(admin, d.rows[0]!.id);
    const from = utcToZonedLocal(Date.now() - 2 * 3600_000, ev.timeZone);
    const res = await postEvent(admin, ev.event.id, {
      intent: "footage",
      imei: ev.event.imei,
      from,
      seconds: "30",
    });
    expect(res.status).toBe(302);
    const mine = () => eventOf(admin, ev.event.id).then((x) => x.requests[0]!);
    const made = await mine();
    expect(made).toMatchObject({ status: "requested", seconds: 30, clip: null });
    skew += 6_000;
    expect((await mine()).status).toBe("uploading");
    skew += 30_000;
    const done = await mine();
    expect(done.status).toBe("available");
    const clip = await media(admin, done.clip!, "bytes=0-99");
    expect(clip.status).toBe(206);
    // Another company cannot fetch it.
    const theirs = await media(other, done.clip!).catch((e: unknown) => e as Response);
    expect(theirs.status).toBe(404);
  });

  it("a window outside the camera's retention, or in the future, is refused with a clear message", async () => {
    const d = await inbox(admin);
    const ev = await eventOf(admin, d.rows[0]!.id);
    const old = await postEvent(admin, ev.event.id, {
      intent: "footage",
      imei: ev.event.imei,
      from: utcToZonedLocal(Date.now() - 20 * DAY, ev.timeZone),
      seconds: "30",
    });
    expect(old.status).toBe(400);
    const body = (await old.json()) as {
      errors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(body.errors.from).toMatch(
      /^The camera in .+ keeps (7|14) days of footage: choose a time after /,
    );
    expect(body.values.seconds).toBe("30");
    const future = await postEvent(admin, ev.event.id, {
      intent: "footage",
      imei: ev.event.imei,
      from: utcToZonedLocal(Date.now() + 3600_000, ev.timeZone),
      seconds: "30",
    });
    expect(future.status).toBe(400);
    expect(((await future.json()) as { errors: Record<string, string> }).errors.from).toBe(
      "That footage has not been recorded yet: choose a time in the past",
    );
  });
});
