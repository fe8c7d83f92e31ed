/**
 * Contract test of the dashcam calls: the typed client against the simulator, with a clock the
 * test moves (footage requests advance with it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUpstream, type Upstream } from "~/services/upstream/client.server";
import { resetBreakers } from "~/services/upstream/resilience";
import { rejection, signedIn } from "../../../tests/support/contract";
import { startSimulator, type Simulator } from "../../../server/sim/index";
import {
  getClipRequest,
  getEvent,
  listCameras,
  listClipRequests,
  listEvents,
  mediaStream,
  requestClip,
} from "./upstream.server";

const DAY = 86_400_000;
let now = Date.parse("2026-11-20T03:00:00Z");
let sim: Simulator;
let admin: Upstream;
let other: Upstream;

beforeAll(async () => {
  resetBreakers();
  sim = await startSimulator({ port: 0, seed: 42, clock: () => now });
  const base = createUpstream({ baseUrl: sim.url, timeoutMs: 5000, retries: 0 });
  admin = await signedIn(base, "admin", "admin123");
  other = await signedIn(base, "other", "other123");
});
afterAll(() => sim.close());

const week = () => ({
  from: new Date(now - 7 * DAY).toISOString(),
  to: new Date(now).toISOString(),
});

describe("dashcam calls", () => {
  it("lists the company's cameras (types 24 and 27) with their retention", async () => {
    const cams = await listCameras(admin);
    expect(cams.map((c) => c.device_type_id).sort()).toEqual([24, 27]);
    expect(cams.find((c) => c.device_type_id === 24)?.retention_days).toBe(14);
    expect(cams.find((c) => c.device_type_id === 27)?.retention_days).toBe(7);
    const theirs = await listCameras(other);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.imei.startsWith("3548002")).toBe(true);
  });

  it("raises events of several types along the drives, each with a trace, snapshots and a clip", async () => {
    const events = await listEvents(admin, week());
    expect(events.length).toBeGreaterThan(10);
    expect(new Set(events.map((e) => e.type)).size).toBeGreaterThanOrEqual(5);
    expect(events.map((e) => e.time)).toEqual([...events.map((e) => e.time)].sort());
    const cams = new Set((await listCameras(admin)).map((c) => c.imei));
    for (const e of events) {
      expect(cams.has(e.imei)).toBe(true);
      expect(e.trace).toHaveLength(21);
      expect(e.snapshots.length).toBeGreaterThan(0);
    }
    // Deterministic: the same week gives the same events.
    expect((await listEvents(admin, week())).map((e) => e.id)).toEqual(events.map((e) => e.id));
    const braking = events.find((e) => e.type === "harsh_braking");
    if (braking) expect(braking.trace.at(-1)!.speed).toBeLessThan(braking.trace[0]!.speed);
    expect(await getEvent(admin, events[0]!.id)).toEqual(events[0]);
  });

  it("another company's event and media are 404", async () => {
    const theirs = await listEvents(other, week());
    expect(theirs.length).toBeGreaterThan(0);
    const e = theirs[0]!;
    expect((await rejection(getEvent(admin, e.id))).status).toBe(404);
    expect((await rejection(mediaStream(admin, e.clip_id))).status).toBe(404);
    expect((await rejection(mediaStream(admin, e.snapshots[0]!))).status).toBe(404);
    expect((await rejection(getEvent(admin, "354800100000012-1-0-0"))).status).toBe(404);
  });

  it("serves media whole or by byte range (206, Content-Range, Accept-Ranges)", async () => {
    const e = (await listEvents(admin, week()))[0]!;
    const whole = await mediaStream(admin, e.clip_id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const all = new Uint8Array(await whole.arrayBuffer());
    expect(Number(whole.headers.get("content-length"))).toBe(all.length);
    const part = await mediaStream(admin, e.clip_id, "bytes=1000-1999");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${all.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(all.slice(1000, 2000));
    const tail = await mediaStream(admin, e.clip_id, "bytes=-100");
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(all.slice(-100));
    expect((await rejection(mediaStream(admin, e.clip_id, `bytes=${all.length}-`))).status).toBe(
      416,
    );
    const img = await mediaStream(admin, e.snapshots[0]!);
    expect(img.headers.get("content-type")).toBe("image/jpeg");
    const bytes = new Uint8Array(await img.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it("footage requests go requested → uploading → available with the clock; outside retention is refused", async () => {
    const cam = (await listCameras(admin)).find((c) => c.device_type_id === 27)!;
    const from = new Date(now - 3600_000).toISOString();
    const to = new Date(now - 3600_000 + 60_000).toISOString();
    const made = await requestClip(admin, { imei: cam.imei, from, to });
    expect(made).toMatchObject({ status: "requested", seconds: 60, clip_id: null });
    now += 6_000;
    expect((await getClipRequest(admin, made.id)).status).toBe("uploading");
    now += 60_000;
    const done = await getClipRequest(admin, made.id);
    expect(done).toMatchObject({ status: "available", progress: 100 });
    expect(done.clip_id).toBeTruthy();
    const clip = await mediaStream(admin, done.clip_id!, "bytes=0-99");
    expect(clip.status).toBe(206);
    expect((await listClipRequests(admin)).map((r) => r.id)).toContain(made.id);
    // Other company: cannot see it.
    expect((await rejection(getClipRequest(other, made.id))).status).toBe(404);
    expect((await rejection(mediaStream(other, done.clip_id!))).status).toBe(404);
    expect((await listClipRequests(other)).map((r) => r.id)).not.toContain(made.id);

    const old = new Date(now - 8 * DAY).toISOString();
    const e = await rejection(
      requestClip(admin, {
        imei: cam.imei,
        from: old,
        to: new Date(Date.parse(old) + 30_000).toISOString(),
      }),
    );
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^The camera keeps 7 days of footage/);
    const future = new Date(now + 60_000).toISOString();
    expect(
      (
        await rejection(
          requestClip(admin, { imei: cam.imei, from: new Date(now).toISOString(), to: future }),
        )
      ).status,
    ).toBe(400);
    const long = await rejection(
      requestClip(admin, {
        imei: cam.imei,
        from: new Date(now - 3600_000).toISOString(),
        to: new Date(now - 3600_000 + 601_000).toISOString(),
      }),
    );
    expect(long.message).toBe("The window must be 5 seconds to 10 minutes long");
    const theirCam = (await listCameras(other))[0]!;
    expect((await rejection(requestClip(admin, { imei: theirCam.imei, from, to }))).status).toBe(
      404,
    );
  });
});
