/** The simulator over HTTP: auth, tenant scoping, fault injection, scale. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "./index";

const NOON = Date.parse("2026-03-04T02:00:00Z");
let sim: Simulator;
let now = NOON;

async function call(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; url?: string } = {},
) {
  const res = await fetch((opts.url ?? sim.url) + path, {
    method,
    headers: {
      "content-type": "application/json",
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function tokenOf(username: string, password: string, url?: string): Promise<string> {
  return (
    await call("POST", "/auth/login/", { body: { username, password, platform: "web" }, url })
  ).body.token;
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 42, clock: () => now });
});
afterAll(() => sim.close());

describe("auth", () => {
  it("answers 401 with a message without, with a bad or with an expired token", async () => {
    for (const token of [undefined, "garbage"]) {
      const r = await call("GET", "/user/profile", { token });
      expect(r.status).toBe(401);
      expect(r.body.message).toEqual(expect.any(String));
    }
    const token = await tokenOf("admin", "admin123");
    expect((await call("GET", "/user/profile", { token })).status).toBe(200);
    now = NOON + 172_800_000 + 1000;
    expect((await call("GET", "/user/profile", { token })).status).toBe(401);
    now = NOON;
  });

  it("issues tokens that expire 172800 s after issue", async () => {
    const token = await tokenOf("admin", "admin123");
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
    expect(payload.exp - payload.iat).toBe(172_800);
  });

  it("answers wrong credentials with 200 and no user", async () => {
    const r = await call("POST", "/auth/login/", {
      body: { username: "admin", password: "wrong" },
    });
    expect(r.status).toBe(200);
    expect(r.body.user).toBeNull();
  });
});

describe("tenant scoping", () => {
  it("shows each company only its own devices and 404s every foreign imei", async () => {
    const a = await tokenOf("admin", "admin123");
    const b = await tokenOf("other", "other123");
    const mine = (await call("POST", "/user/iotdevices", { token: a, body: { platform: "web" } }))
      .body as Array<{ imei: string; companyid: number }>;
    const theirs = (await call("POST", "/user/iotdevices", { token: b, body: { platform: "web" } }))
      .body as Array<{ imei: string; companyid: number }>;
    expect(new Set(mine.map((d) => d.companyid))).toEqual(new Set([1]));
    expect(new Set(theirs.map((d) => d.companyid))).toEqual(new Set([2]));
    const foreign = mine[0]!.imei;
    const probes: Array<[string, string, unknown?]> = [
      ["GET", `/logbook/logentries?imei=${foreign}`],
      ["GET", `/user/trips?imei=${foreign}`],
      ["GET", `/user/trackpoints?imei=${foreign}`],
      ["POST", "/user/changenickname", { imei: foreign, nickname: "x" }],
      ["POST", "/user/changeicon", { imei: foreign, icon: "car" }],
      ["PATCH", `/vehicles/vehicle?imei=${foreign}`, { permdriver: "x" }],
      ["POST", "/vehicles/vehicleTags", { imei: foreign, tag_ids: [] }],
      ["POST", "/vehicles/groups", { imei: foreign, compgroups_ids: [] }],
      [
        "POST",
        "/user/saveGeoFence",
        { imei: foreign, geofence_gps: "-27.4,153", geofence_meters: 100 },
      ],
      ["POST", "/geofences/deleteGeofence", { imei: foreign }],
      [
        "POST",
        "/user/tripsv2",
        { imei: foreign, logstart: "2026-03-01T00:00:00Z", logstop: "2026-03-01T01:00:00Z" },
      ],
      ["POST", "/user/deleteTripv2", { imei: foreign, logstart: "2026-03-01T00:00:00Z" }],
      [
        "POST",
        "/logbook/changePurpose",
        { imei: foreign, logstart: "2026-03-01T00:00:00Z", purpose: "private" },
      ],
    ];
    for (const [m, p, body] of probes)
      expect([p, (await call(m, p, { token: b, body })).status]).toEqual([p, 404]);
    const positions = (await call("POST", "/user/positions", { token: b, body: {} })).body
      .positions as Array<{ imei: string }>;
    expect(positions.some((p) => p.imei === foreign)).toBe(false);
    const events = (await call("GET", "/v2/events", { token: b })).body.events as Array<{
      companyid: number;
    }>;
    expect(events.every((e) => e.companyid === 2)).toBe(true);
  });
});

describe("faults", () => {
  it("can be set over HTTP and through setFaults, and never block /__sim", async () => {
    const token = await tokenOf("admin", "admin123");
    await call("POST", "/__sim/faults", { body: { down: true } });
    expect((await call("GET", "/user/profile", { token })).status).toBe(503);
    expect((await call("GET", "/__sim/health")).status).toBe(200);
    sim.setFaults({ down: false, errorRate: 1 });
    expect([500, 503]).toContain((await call("GET", "/user/profile", { token })).status);
    sim.setFaults({ errorRate: 0, latencyMs: 200 });
    const t0 = Date.now();
    expect((await call("GET", "/user/profile", { token })).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    sim.setFaults({ latencyMs: 0 });
    expect((await call("POST", "/__sim/faults", { body: { errorRate: 2 } })).status).toBe(400);
  });

  it("leaves timed-out calls unanswered until the client gives up, and close() ends them", async () => {
    const own = await startSimulator({ port: 0, faults: { timeoutRate: 1 } });
    const pending = fetch(`${own.url}/user/profile`).then(
      (r) => r.status,
      () => "closed",
    );
    const aborted = await fetch(`${own.url}/user/profile`, {
      signal: AbortSignal.timeout(200),
    }).then(
      () => "answered",
      (e: Error) => e.name,
    );
    expect(aborted).toBe("TimeoutError");
    const t0 = Date.now();
    await own.close();
    expect(await pending).toBe("closed");
    expect(Date.now() - t0).toBeLessThan(1000);
  }, 10_000);
});

describe("scale", () => {
  // Speed is measured by `npm run bench` (upstream-latency.bench.ts), not asserted here.
  it("serves the device list of a 10,000-device company", async () => {
    const big = await startSimulator({ port: 0, devices: 10_000 });
    try {
      const token = await tokenOf("admin", "admin123", big.url);
      const r = await call("POST", "/user/iotdevices", {
        token,
        body: { platform: "web" },
        url: big.url,
      });
      expect(r.body.length).toBe(10_000);
      expect(new Set(r.body.map((d: { imei: string }) => d.imei)).size).toBe(10_000);
      const stats = (await call("GET", "/__sim/stats?companyid=1", { url: big.url })).body;
      expect(stats.total).toBe(10_000);
    } finally {
      await big.close();
    }
  }, 30_000);
});
