import { beforeAll, describe, expect, it } from "vitest";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { syncDevices, syncInfo } from "~/modules/fleet/devices-sync.server";
import { listDevices, requireDevice } from "~/modules/fleet/devices-read.server";
import {
  changeDeviceIcon,
  deleteDeviceGeofence,
  renameDevice,
  saveDeviceGeofence,
  setDeviceGroups,
  setDevicePermDriver,
  setDeviceTags,
  companyTagList,
  companyGroupList,
} from "~/modules/fleet/devices-write.server";
import { FieldError, type Auth } from "~/services/company-context.server";
import { type DeviceChange } from "~/modules/fleet/live.server";
import { follow } from "~/modules/fleet/live-feed.server";
import { mapPayload } from "~/modules/fleet/map-data.server";
import { decodeMap } from "~/modules/fleet/map-data-format";
import { createShareLink, resolveShareLink, revokeShareLink } from "~/modules/fleet/sharing.server";
import { newShareToken } from "~/services/share-links.server";
import * as up from "~/services/upstream/index.server";
import { useTestDatabase } from "../support/db";
import { upstreamAuth, useSimulator } from "../support/upstream";
import type { Simulator } from "../../server/sim/index";
import zlib from "node:zlib";

let sim: Simulator;
let admin: Auth;
let other: Auth;

const signIn = upstreamAuth;

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  admin = await signIn("admin", "admin123");
  other = await signIn("other", "other123");
});

describe("device cache", () => {
  it("fills from the upstream on first read, sorted by nickname, only the company's devices", async () => {
    const { devices, sync } = await listDevices(admin);
    const truth = await up.iotDevices(upstream(admin.token));
    expect(devices.length).toBe(truth.length);
    const names = devices.map((d) => d.nickname);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })),
    );
    expect(sync.okAt).not.toBeNull();
    expect(sync.stale).toBe(false);
    const theirs = await listDevices(other);
    expect(theirs.devices.length).toBe(6);
    expect(theirs.devices.some((d) => devices.some((m) => m.imei === d.imei))).toBe(false);
  });

  it("answers 404 for a foreign imei, whatever the URL says", async () => {
    const mine = (await listDevices(admin)).devices[0]!;
    const e = await thrown(requireDevice(other, mine.imei));
    expect(e).toBeInstanceOf(Response);
    expect((e as Response).status).toBe(404);
    expect(((await thrown(renameDevice(other, mine.imei, "Hijack"))) as Response).status).toBe(404);
    expect((await requireDevice(admin, mine.imei)).imei).toBe(mine.imei);
  });

  it("counts statuses as the simulator does", async () => {
    await syncDevices(admin, { full: true });
    const res = await fetch(`${sim.url}/__sim/stats?companyid=1`);
    const truth = (await res.json()) as Record<string, number>;
    const { devices } = await listDevices(admin);
    const count = (s: string) => devices.filter((d) => d.status === s).length;
    expect(count("offline")).toBe(truth.offline);
    // Moving/idling can change between the two reads; the sum of the stationary and live states cannot.
    expect(Math.abs(count("moving") - truth.moving!)).toBeLessThanOrEqual(1);
    expect(count("moving") + count("idling") + count("resting")).toBe(
      truth.moving! + truth.idling! + truth.resting!,
    );
  });

  it("writes go upstream first, then to the cache, and are published live", async () => {
    const d = (await listDevices(admin)).devices[0]!;
    const seen: DeviceChange[][] = [];
    const feed = follow(1, { changes: (b) => seen.push(b) }, { flushMs: 10 });
    await feed.ready;
    await renameDevice(admin, d.imei, "Zz Renamed");
    expect((await requireDevice(admin, d.imei)).nickname).toBe("Zz Renamed");
    expect(
      (await up.iotDevices(upstream(admin.token))).find((x) => x.imei === d.imei)!.nickname,
    ).toBe("Zz Renamed");
    // Through the change log and NOTIFY, as a stream on any process gets it.
    for (let end = Date.now() + 5000; !seen.length && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 20));
    feed.close();
    expect(seen.flat()).toContainEqual({ imei: d.imei, nickname: "Zz Renamed" });

    await changeDeviceIcon(admin, d.imei, "bus");
    expect((await requireDevice(admin, d.imei)).avatar).toBe("bus");
    const bad = await thrown(changeDeviceIcon(admin, d.imei, "rocket"));
    expect(bad).toBeInstanceOf(FieldError);
  });

  it("applies the permanent driver locally when the upstream fails (SPEC §8)", async () => {
    const d = (await listDevices(admin)).devices[1]!;
    expect(await setDevicePermDriver(admin, d.imei, "Alice Driver")).toEqual({ ok: true });
    sim.setFaults({ failPaths: ["/vehicles/vehicle"] });
    try {
      expect(await setDevicePermDriver(admin, d.imei, "Bob Fallback")).toEqual({
        ok: false,
        alert: "ERROR FOR NOW",
      });
    } finally {
      sim.setFaults({ failPaths: [] });
    }
    expect((await requireDevice(admin, d.imei)).permdriver).toBe("Bob Fallback");
    // A full sync (the upstream still says Alice) keeps the local change.
    await syncDevices(admin, { full: true });
    expect((await requireDevice(admin, d.imei)).permdriver).toBe("Bob Fallback");
    // A later accepted change replaces it.
    expect(await setDevicePermDriver(admin, d.imei, "Carol Accepted")).toEqual({ ok: true });
    await syncDevices(admin, { full: true });
    expect((await requireDevice(admin, d.imei)).permdriver).toBe("Carol Accepted");
  });

  it("sets tags and groups, refusing unknown ones with a clear message", async () => {
    const d = (await listDevices(admin)).devices[2]!;
    const tags = await companyTagList(admin);
    const groups = await companyGroupList(admin);
    expect(groups.map((x) => x.nickname)).toEqual(
      [...groups.map((x) => x.nickname)].sort((a, b) =>
        a.localeCompare(b, undefined, { sensitivity: "base" }),
      ),
    );
    await setDeviceTags(admin, d.imei, [tags[0]!.id]);
    expect((await requireDevice(admin, d.imei)).tags.map((t) => t.id)).toEqual([tags[0]!.id]);
    const e = await thrown(setDeviceTags(admin, d.imei, [999999]));
    expect(e).toBeInstanceOf(FieldError);
    expect((e as FieldError).message).toMatch(/Unknown tag/);
    await setDeviceGroups(admin, d.imei, [groups[0]!.id]);
    expect((await requireDevice(admin, d.imei)).groups).toEqual([groups[0]]);
  });

  it("saves and deletes a geofence (both fields null afterwards, SPEC §4)", async () => {
    const d = (await listDevices(admin)).devices[3]!;
    await saveDeviceGeofence(admin, d.imei, { lat: -27.47, lng: 153.02, meters: 250 });
    expect(await requireDevice(admin, d.imei)).toMatchObject({
      geofenceGps: "-27.47,153.02",
      geofenceMeters: 250,
    });
    await deleteDeviceGeofence(admin, d.imei);
    expect(await requireDevice(admin, d.imei)).toMatchObject({
      geofenceGps: null,
      geofenceMeters: null,
    });
  });

  it("keeps serving the cache when the upstream is down, and says since when", async () => {
    const before = (await listDevices(admin)).devices.length;
    sim.setFaults({ down: true });
    try {
      await expect(syncDevices(admin, { full: true })).rejects.toThrow();
      const { devices, sync } = await listDevices(admin);
      expect(devices.length).toBe(before);
      expect(sync.stale).toBe(true);
      expect(sync.okAt).not.toBeNull();
    } finally {
      sim.setFaults({ down: false });
    }
    await syncDevices(admin, { full: true });
    expect((await syncInfo(1)).stale).toBe(false);
  });

  it("serves a compact map payload: at most 60 gzipped bytes per device", async () => {
    await syncDevices(admin, { full: true });
    const p = await mapPayload(1);
    const st = JSON.parse(p.staticPart.json.toString());
    const live = JSON.parse(p.live.json.toString());
    const decoded = decodeMap(st, live);
    const { devices } = await listDevices(admin);
    expect(decoded.map((d) => d.imei)).toEqual(devices.map((d) => d.imei));
    expect(zlib.gunzipSync(p.live.gzip).equals(p.live.json)).toBe(true);
    expect((p.live.gzip.length + p.staticPart.gzip.length) / devices.length).toBeLessThanOrEqual(
      60,
    );
  });
});

describe("share links", () => {
  it("tokens carry at least 128 random bits and never repeat", () => {
    const tokens = new Set(Array.from({ length: 2000 }, newShareToken));
    expect(tokens.size).toBe(2000);
    const t = [...tokens][0]!;
    expect(Buffer.from(t, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    // Every base64url character appears across the sample: no fixed prefix or narrow alphabet.
    const chars = new Set([...tokens].join(""));
    expect(chars.size).toBe(64);
  });

  it("resolve while active, 404 after expiry or revocation, and only for the company's vehicles", async () => {
    const d = (await listDevices(admin)).devices[4]!;
    const now = Date.now();
    const link = await createShareLink(admin, 1, d.imei, 60, now);
    expect((await resolveShareLink(link.id, now + 1000)).vehicle.nickname).toBe(d.nickname);
    expect(((await thrown(resolveShareLink(link.id, now + 61 * 60_000))) as Response).status).toBe(
      404,
    );
    expect(await revokeShareLink(other, link.id)).toBe(false);
    expect(await revokeShareLink(admin, link.id)).toBe(true);
    expect(((await thrown(resolveShareLink(link.id, now + 1000))) as Response).status).toBe(404);
    expect(((await thrown(createShareLink(other, 9, d.imei, 60))) as Response).status).toBe(404);
    expect(((await thrown(resolveShareLink("guess", now))) as Response).status).toBe(404);
    expect(await prisma.shareLink.count()).toBe(1);
  });
});
