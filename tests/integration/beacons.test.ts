/**
 * Beacons and coverage against PostgreSQL and the simulator: the cache (fill, tenant 404, stale
 * serving), the routes' feature gate, config validation and saving, share-link gating of the
 * public beacon dashboard, and the coverage map's privacy filter.
 */
import type { SubmissionResult } from "@conform-to/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as beaconsLoader } from "~/routes/dashboard.beacons";
import { loader as beaconLoader, action as beaconAction } from "~/routes/dashboard.beacon.$uuid";
import { loader as assetsBeaconLoader } from "~/routes/dashboard.assets.beacon.$uuid";
import { loader as pickerLoader } from "~/routes/dashboard.beacon._index";
import { loader as configLoader, action as configAction } from "~/routes/dashboard.beacon-config";
import { loader as mapLoader } from "~/routes/dashboard.beacon-overview-map";
import { loader as publicLoader } from "~/routes/beacons.dashboard.$uuid";
import { loader as coverageLoader } from "~/routes/coverage-map";
import { upstream } from "~/services/api.server";
import {
  beaconHistory,
  listBeacons,
  requireBeacon,
  syncBeacons,
} from "~/modules/beacons/beacons.server";
import {
  createBeaconShareLink,
  resolveBeaconShare,
  revokeBeaconShareLink,
} from "~/modules/beacons/beacon-sharing.server";
import { prisma } from "~/services/db.server";
import type { Auth } from "~/services/company-context.server";
import { newShareToken } from "~/services/share-links.server";
import * as bup from "~/modules/beacons/upstream.server";
import { resetBreakers } from "~/services/upstream/resilience";
import type { Simulator } from "../../server/sim/index";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let sim: Simulator;
let admin: Auth;
let other: Auth;

const signIn = upstreamAuth;

const cookieOf = sessionCookie;

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

async function faults(f: Record<string, unknown>) {
  await fetch(`${sim.url}/__sim/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(f),
  });
}

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  admin = await signIn("admin", "admin123");
  other = await signIn("other", "other123");
});

describe("beacon cache", () => {
  it("fills from the upstream on first read, only the company's beacons", async () => {
    const { beacons, sync } = await listBeacons(admin);
    const truth = await bup.beacons(upstream(admin.token));
    expect(beacons.map((b) => b.uuid).sort()).toEqual(truth.map((b) => b.uuid).sort());
    expect(sync.okAt).not.toBeNull();
    const b0 = beacons.find((b) => b.uuid === truth[0]!.uuid)!;
    expect(b0).toMatchObject({
      nickname: truth[0]!.nickname,
      battery: truth[0]!.battery,
      lastGatewayName: truth[0]!.last_seen!.gateway_nickname,
      lat: truth[0]!.last_seen!.lat,
    });
    expect(beacons.find((b) => b.uuid === truth[9]!.uuid)!.status).toBe("never");
    expect(beacons.find((b) => b.uuid === truth[4]!.uuid)!.status).toBe("lost");
    const theirs = await listBeacons(other);
    expect(theirs.beacons).toHaveLength(4);
    expect(theirs.beacons.some((t) => beacons.some((m) => m.uuid === t.uuid))).toBe(false);
  });

  it("answers 404 for a uuid of another company, an unknown one and a malformed one", async () => {
    const mine = (await listBeacons(admin)).beacons[0]!;
    for (const uuid of [mine.uuid, "00000000-0000-4000-a000-000000000000", "../etc"]) {
      const e = await thrown(requireBeacon(other, uuid));
      expect((e as Response).status).toBe(404);
    }
    expect((await thrown(beaconHistory(other, mine.uuid))) instanceof Response).toBe(true);
    expect((await requireBeacon(admin, mine.uuid.toUpperCase())).uuid).toBe(mine.uuid);
  });

  it("keeps the sightings it fetched, and shows them from the cache when the upstream is down", async () => {
    const mine = (await listBeacons(admin)).beacons.find((b) => b.status === "active")!;
    const live = await beaconHistory(admin, mine.uuid);
    expect(live.fresh).toBe(true);
    expect(live.sightings.length).toBeGreaterThan(5);
    expect(live.sightings[0]!.at).toBe(mine.lastSeenAt);
    await faults({ down: true });
    try {
      const cached = await beaconHistory(admin, mine.uuid);
      expect(cached.fresh).toBe(false);
      expect(cached.sightings).toEqual(live.sightings);
      await expect(syncBeacons(admin)).rejects.toThrow();
      const { beacons, sync } = await listBeacons(admin);
      expect(sync.stale).toBe(true);
      expect(beacons.length).toBe(12);
    } finally {
      await faults({ down: false });
      resetBreakers();
    }
    await syncBeacons(admin);
    expect((await listBeacons(admin)).sync.stale).toBe(false);
  });
});

describe("beacon routes", () => {
  it("the list answers from the cache, filtered and sorted by the query", async () => {
    const cookie = await cookieOf("admin", "admin123");
    const res = await call(beaconsLoader, get("/dashboard/beacons?sort=battery&dir=asc", cookie));
    expect(res.status).toBe(200);
    const data = (await res.json()) as {
      rows: { battery: number | null; nickname: string }[];
      total: number;
    };
    expect(data.total).toBe(12);
    const batteries = data.rows.map((r) => r.battery);
    expect(batteries.at(-1)).toBeNull();
    const known = batteries.filter((b): b is number => b !== null);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    const found = (await (
      await call(beaconsLoader, get("/dashboard/beacons?q=beacon%2003", cookie))
    ).json()) as { rows: { nickname: string }[] };
    expect(found.rows.map((r) => r.nickname)).toEqual(["Beacon 03"]);
  });

  it("every beacon page needs the ble_beacons feature (company 112 has it off): 403", async () => {
    const cookie = await cookieOf("admin112", "admin123");
    const uuid = (await listBeacons(admin)).beacons[0]!.uuid;
    for (const [fn, path, params] of [
      [beaconsLoader, "/dashboard/beacons", {}],
      [pickerLoader, "/dashboard/beacon", {}],
      [configLoader, "/dashboard/beacon-config", {}],
      [mapLoader, "/dashboard/beacon-overview-map", {}],
      [beaconLoader, `/dashboard/beacon/${uuid}`, { uuid }],
      [assetsBeaconLoader, `/dashboard/assets/beacon/${uuid}`, { uuid }],
    ] as const) {
      expect((await call(fn as never, get(path, cookie), { params })).status, path).toBe(403);
    }
    // Signed out: to the login page.
    expect((await call(beaconsLoader, get("/dashboard/beacons"))).status).toBe(302);
  });

  it("a foreign uuid in the URL is a 404 on both beacon pages and the picker", async () => {
    const mine = (await listBeacons(admin)).beacons[0]!.uuid;
    const cookie = await cookieOf("other", "other123");
    expect(
      (
        await call(beaconLoader, get(`/dashboard/beacon/${mine}`, cookie), {
          params: { uuid: mine },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(assetsBeaconLoader, get(`/dashboard/assets/beacon/${mine}`, cookie), {
          params: { uuid: mine },
        })
      ).status,
    ).toBe(404);
    expect((await call(pickerLoader, get(`/dashboard/beacon?uuid=${mine}`, cookie))).status).toBe(
      404,
    );
    const own = (await listBeacons(other)).beacons[0]!.uuid;
    const picked = await call(pickerLoader, get(`/dashboard/beacon?uuid=${own}`, cookie));
    expect(picked.status).toBe(302);
    expect(picked.headers.get("location")).toBe(`/dashboard/beacon/${own}`);
  });

  it("config: a message per wrong field, what was typed kept, nothing sent; a valid form goes upstream then to the cache", async () => {
    const cookie = await cookieOf("admin", "admin123");
    const b = (await listBeacons(admin)).beacons.find((x) => x.nickname === "Beacon 06")!;
    const bad = await call(
      configAction,
      formPost(
        "/dashboard/beacon-config",
        { uuid: b.uuid, nickname: "", assetName: "Crate", txPower: "9", advIntervalMs: "20" },
        { cookie },
      ),
    );
    expect(bad.status).toBe(400);
    // Conform's reply: the messages beside their fields, what was typed kept.
    const badData = ((await bad.json()) as { result: SubmissionResult<string[]> }).result;
    expect(badData.error?.nickname).toEqual(["Enter a name."]);
    expect(badData.error?.txPower?.[0]).toMatch(/Transmit power is one of/);
    expect(badData.error?.advIntervalMs?.[0]).toMatch(/between 100 and 10000/);
    expect(badData.initialValue).toMatchObject({
      assetName: "Crate",
      txPower: "9",
      advIntervalMs: "20",
    });
    expect(
      (await bup.beacons(upstream(admin.token))).find((x) => x.uuid === b.uuid)!.nickname,
    ).toBe("Beacon 06");

    const good = await call(
      configAction,
      formPost(
        "/dashboard/beacon-config",
        {
          uuid: b.uuid,
          nickname: "Crate tag",
          assetName: "Crate 7",
          txPower: "-16",
          advIntervalMs: "1500",
        },
        { cookie },
      ),
    );
    expect(good.status).toBe(200);
    expect(((await good.json()) as { ok: boolean }).ok).toBe(true);
    expect((await bup.beacons(upstream(admin.token))).find((x) => x.uuid === b.uuid)).toMatchObject(
      { nickname: "Crate tag", asset_name: "Crate 7", tx_power: -16, adv_interval_ms: 1500 },
    );
    expect(await requireBeacon(admin, b.uuid)).toMatchObject({
      nickname: "Crate tag",
      assetName: "Crate 7",
      txPower: -16,
      advIntervalMs: 1500,
    });

    // Another company's beacon cannot be configured, whatever the form says.
    const foreign = await call(
      configAction,
      formPost(
        "/dashboard/beacon-config",
        { uuid: b.uuid, nickname: "Hijack", assetName: "", txPower: "0", advIntervalMs: "1000" },
        { cookie: await cookieOf("other", "other123") },
      ),
    );
    expect(foreign.status).toBe(404);
  });

  it("config: the upstream down means nothing changes and the user is told", async () => {
    const cookie = await cookieOf("admin", "admin123");
    const b = (await listBeacons(admin)).beacons.find((x) => x.nickname === "Beacon 07")!;
    await faults({ failPaths: ["/beacons/config"] });
    try {
      const res = await call(
        configAction,
        formPost(
          "/dashboard/beacon-config",
          {
            uuid: b.uuid,
            nickname: "Never saved",
            assetName: "",
            txPower: "0",
            advIntervalMs: "1000",
          },
          { cookie },
        ),
      );
      expect(res.status).toBe(502);
      expect(((await res.json()) as { ok: boolean; message: string }).ok).toBe(false);
      expect((await requireBeacon(admin, b.uuid)).nickname).toBe("Beacon 07");
    } finally {
      await faults({ failPaths: [] });
      resetBreakers();
    }
  });
});

describe("public beacon dashboard", () => {
  it("shows nothing to a visitor who only knows the uuid; a share link for that uuid shows the allow-listed fields", async () => {
    const b = (await listBeacons(admin)).beacons.find((x) => x.status === "active")!;
    const path = `/beacons/dashboard/${b.uuid}`;
    expect((await call(publicLoader, get(path), { params: { uuid: b.uuid } })).status).toBe(404);
    expect(
      (
        await call(publicLoader, get(`${path}?share=${newShareToken()}`), {
          params: { uuid: b.uuid },
        })
      ).status,
    ).toBe(404);

    const link = await createBeaconShareLink(admin, 1001, b.uuid, 60);
    const res = await call(publicLoader, get(`${path}?share=${link.id}`), {
      params: { uuid: b.uuid },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const data = (await res.json()) as { beacon: Record<string, unknown>; expiresAt: string };
    expect(Object.keys(data.beacon).sort()).toEqual([
      "battery",
      "lastSeenAt",
      "lat",
      "lng",
      "nickname",
    ]);
    expect(data.beacon).toMatchObject({ nickname: b.nickname, lat: b.lat, lng: b.lng });
    expect(JSON.stringify(data)).not.toContain(b.lastGatewayImei!);

    // The token opens only its own beacon.
    const another = (await listBeacons(admin)).beacons.find((x) => x.uuid !== b.uuid)!;
    expect(
      (
        await call(publicLoader, get(`/beacons/dashboard/${another.uuid}?share=${link.id}`), {
          params: { uuid: another.uuid },
        })
      ).status,
    ).toBe(404);
  });

  it("a link stops working when it expires or is revoked; links only for the company's beacons", async () => {
    const b = (await listBeacons(admin)).beacons[0]!;
    const now = Date.now();
    const link = await createBeaconShareLink(admin, 1001, b.uuid, 1, now);
    expect((await resolveBeaconShare(link.id, b.uuid, now + 30_000)).beacon.nickname).toBe(
      b.nickname,
    );
    expect(
      ((await thrown(resolveBeaconShare(link.id, b.uuid, now + 61_000))) as Response).status,
    ).toBe(404);
    const revocable = await createBeaconShareLink(admin, 1001, b.uuid, 60);
    expect(
      ((await thrown(revokeBeaconShareLink(other, b.uuid, revocable.id))) as Response).status,
    ).toBe(404);
    const another = (await listBeacons(admin)).beacons[1]!;
    expect(
      ((await thrown(revokeBeaconShareLink(admin, another.uuid, revocable.id))) as Response).status,
    ).toBe(404);
    expect(await revokeBeaconShareLink(admin, b.uuid, revocable.id)).toBe(true);
    expect(await revokeBeaconShareLink(admin, b.uuid, revocable.id)).toBe(false);
    expect(((await thrown(resolveBeaconShare(revocable.id, b.uuid))) as Response).status).toBe(404);
    expect(
      ((await thrown(createBeaconShareLink(other, 2001, b.uuid, 60))) as Response).status,
    ).toBe(404);
  });

  it("the beacon page's action creates and revokes links; a signed-in owner is sent to the full page", async () => {
    const cookie = await cookieOf("admin", "admin123");
    const b = (await listBeacons(admin)).beacons[1]!;
    const res = await call(
      beaconAction,
      formPost(`/dashboard/beacon/${b.uuid}`, { intent: "share", minutes: "60" }, { cookie }),
      { params: { uuid: b.uuid } },
    );
    const data = (await res.json()) as { ok: boolean; shareUrl: string };
    expect(data.ok).toBe(true);
    expect(data.shareUrl).toMatch(
      new RegExp(`^/beacons/dashboard/${b.uuid}\\?share=[A-Za-z0-9_-]{43}$`),
    );
    // Revoking asks first: nothing changes until the confirmed post.
    const id = data.shareUrl.split("share=")[1]!;
    const revoke = (extra: Record<string, string> = {}) =>
      call(
        beaconAction,
        formPost(
          `/dashboard/beacon/${b.uuid}`,
          { intent: "share-revoke", id, ...extra },
          { cookie },
        ),
        { params: { uuid: b.uuid } },
      ).then((r) => r.json() as Promise<{ ok: boolean; confirmFor?: string; message?: string }>);
    expect(await revoke()).toMatchObject({ ok: false, confirmFor: id });
    expect(
      (await prisma.beaconShareLink.findUniqueOrThrow({ where: { id } })).revokedAt,
    ).toBeNull();
    expect(await revoke({ confirm: "yes" })).toMatchObject({
      ok: true,
      message: "Share link revoked.",
    });
    expect(
      (await prisma.beaconShareLink.findUniqueOrThrow({ where: { id } })).revokedAt,
    ).not.toBeNull();
    const refused = await call(
      beaconAction,
      formPost(`/dashboard/beacon/${b.uuid}`, { intent: "share", minutes: "999999" }, { cookie }),
      { params: { uuid: b.uuid } },
    );
    expect(((await refused.json()) as { errors: Record<string, string> }).errors.minutes).toBe(
      "Choose how long the link works.",
    );
    const owner = await call(publicLoader, get(`/beacons/dashboard/${b.uuid}`, cookie), {
      params: { uuid: b.uuid },
    });
    expect(owner.status).toBe(302);
    expect(owner.headers.get("location")).toBe(`/dashboard/beacon/${b.uuid}`);
    const stranger = await call(
      publicLoader,
      get(`/beacons/dashboard/${b.uuid}`, await cookieOf("other", "other123")),
      { params: { uuid: b.uuid } },
    );
    expect(stranger.status).toBe(404);
  });
});

describe("coverage map", () => {
  it("publishes only cells of at least 3 devices, with no device identity or count, and keeps working when the upstream is down", async () => {
    const truth = await bup.networkCoverage(upstream(null));
    const res = await call(coverageLoader, get("/coverage-map"));
    expect(res.status).toBe(200);
    const data = (await res.json()) as { cells: Record<string, unknown>[]; stale: boolean };
    expect(data.cells.length).toBe(truth.cells.filter((c) => c.devices >= 3).length);
    expect(data.cells.length).toBeLessThan(truth.cells.length);
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/imei|devices|354800/);
    for (const c of data.cells)
      expect(Object.keys(c).sort()).toEqual([
        "avgDbm",
        "east",
        "lat",
        "lng",
        "north",
        "quality",
        "samples",
        "south",
        "west",
      ]);
    await faults({ down: true });
    try {
      await prisma.coverageSnapshot.updateMany({
        data: { fetchedAt: new Date(Date.now() - 3_600_000) },
      });
      const cached = (await (await call(coverageLoader, get("/coverage-map"))).json()) as {
        cells: unknown[];
        stale: boolean;
      };
      expect(cached.cells).toEqual(data.cells);
      expect(cached.stale).toBe(true);
    } finally {
      await faults({ down: false });
      resetBreakers();
    }
  });
});
