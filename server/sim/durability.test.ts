/** A simulator with a data directory keeps every accepted write, and its world, across restarts. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "./index";

const T0 = Date.parse("2026-03-04T02:00:00Z");
const HOUR = 3_600_000;
let now = T0;
const clock = () => now;
const open: Simulator[] = [];
const dirs: string[] = [];

function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "sim-durable-"));
  dirs.push(d);
  return d;
}

async function start(
  dataDir: string | undefined,
  extra: Parameters<typeof startSimulator>[0] = {},
) {
  const sim = await startSimulator({ port: 0, seed: 42, clock, dataDir, ...extra });
  open.push(sim);
  return sim;
}

async function stop(sim: Simulator) {
  open.splice(open.indexOf(sim), 1);
  await sim.close();
}

afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  now = T0;
});

type Call = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
async function call(sim: Simulator, method: string, p: string, token?: string, body?: unknown) {
  const res = await fetch(sim.url + p, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null } as Call;
}

async function login(sim: Simulator, username: string, password: string): Promise<string> {
  const r = await call(sim, "POST", "/auth/login", undefined, { username, password });
  if (!r.body.token) throw new Error(`${username} could not sign in`);
  return r.body.token;
}

const IMEI = "354800100000002";
const BEACON = (sim: Simulator) => sim.world.beacons.find((b) => b.companyid === 1)!.uuid;

describe("a durable simulator", () => {
  it("finds every kind of write after a restart, and tokens from before it still work", async () => {
    const dir = tempDir();
    let sim = await start(dir);
    const admin = await login(sim, "admin", "admin123");
    const demo = await login(sim, "demo", "demo123");
    const w = (p: string, body: unknown, token = admin, method = "POST") =>
      call(sim, method, p, token, body).then((r) => {
        expect(r.status, `${method} ${p}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
        return r.body;
      });
    await w("/user/changenickname", { imei: IMEI, nickname: "Kept across restarts" });
    await w("/user/saveGeoFence", {
      imei: IMEI,
      geofence_gps: "-27.5,153.01",
      geofence_meters: 750,
    });
    await w("/user/changeicon", { imei: IMEI, icon: "bus" });
    await w("/vehicles/vehicle?imei=" + IMEI, { permdriver: "Pat Kept" }, admin, "PATCH");
    await w("/vehicles/vehicleTags", { imei: IMEI, tag_ids: [101, 103] });
    const [entry] = (
      await call(sim, "GET", `/logbook/logentries?imei=${IMEI}&from=${T0 - 48 * HOUR}`, admin)
    ).body;
    expect(entry).toBeDefined();
    await w("/logbook/changePurpose", [
      entry[0],
      entry[1],
      { ...entry[2], purpose: "private", description: "Moved house" },
    ]);
    const manual = await w("/user/tripsv2", {
      imei: IMEI,
      logstart: new Date(T0 - 30 * HOUR).toISOString(),
      logstop: new Date(T0 - 29 * HOUR).toISOString(),
      description: "Hand-written",
    });
    await w("/website/account", {
      platform: "web",
      info: {
        first_name: "Nora",
        last_name: "New",
        email: "nora@new.example",
        password: "first-pw",
      },
    });
    const nora = await login(sim, "nora@new.example", "first-pw");
    await w("/accounts/resetPassword", { password: "second-pw" }, nora);
    await w("/user/profile", { mobile: "+61 400 999 999" }, nora, "PATCH");
    await w(
      "/appsettings/appsetting",
      { type: 7, settings: JSON.stringify({ dashcam: false }) },
      admin,
      "PUT",
    );
    await w("/beacons/config", { uuid: BEACON(sim), nickname: "Pallet jack" });
    const form = await w("/forms/submissions", {
      form_id: 301,
      answers: {
        vehicle: "Van 02",
        odometer: 1200,
        check_date: "2026-03-04",
        tyres: "OK",
        lights_ok: true,
      },
      submitted_at: new Date(T0).toISOString(),
      reference: "ref-1",
    });
    await w("/v2/notifications/push-notifications/subscribe", {
      endpoint: "https://push.example/1",
      keys: { p256dh: "p", auth: "a" },
    });
    await w("/auth/logout", {}, demo);
    const reset = await w("/__sim/reset-token", { username: "driver" }, undefined);
    expect(fs.statSync(path.join(dir, "sim", "journal.ndjson")).size).toBeGreaterThan(0);
    const before = sim.persisted();
    await stop(sim);

    now = T0 + HOUR;
    sim = await start(dir);
    expect(sim.restored).toMatchObject({ replayed: 16, refused: 0, dropped: 0 });
    expect(sim.persisted()).toEqual(before);
    const device = (await call(sim, "POST", "/user/iotdevices", admin, {})).body.find(
      (d: { imei: string }) => d.imei === IMEI,
    );
    expect(device).toMatchObject({
      nickname: "Kept across restarts",
      avatar: "bus",
      permdriver: "Pat Kept",
      geofence_gps: "-27.5,153.01",
      geofence_meters: 750,
    });
    expect(device.tags.map((t: { id: number }) => t.id)).toEqual([101, 103]);
    const entries = (
      await call(sim, "GET", `/logbook/logentries?imei=${IMEI}&from=${T0 - 48 * HOUR}`, admin)
    ).body;
    expect(
      entries.find((e: [unknown, unknown, { id: string }]) => e[2].id === entry[2].id)[2],
    ).toMatchObject({ purpose: "private", description: "Moved house" });
    expect(
      entries.some((e: [unknown, unknown, { id: string }]) => e[2].id === manual.entry[2].id),
    ).toBe(true);
    expect(
      (
        await call(sim, "POST", "/auth/login", undefined, {
          username: "nora@new.example",
          password: "first-pw",
        })
      ).body.user,
    ).toBeNull();
    const nora2 = await login(sim, "nora@new.example", "second-pw");
    expect((await call(sim, "GET", "/user/profile", nora2)).body).toMatchObject({
      mobile: "+61 400 999 999",
      companyid: 1000,
    });
    expect((await call(sim, "GET", "/user/profile", nora)).status).toBe(200);
    const flags = (await call(sim, "GET", "/appsettings/appsetting", admin)).body.find(
      (s: { type: number }) => s.type === 7,
    );
    expect(JSON.parse(flags.settings)).toEqual({ dashcam: false });
    expect(
      (await call(sim, "GET", "/beacons", admin)).body.find(
        (b: { uuid: string }) => b.uuid === BEACON(sim),
      ).nickname,
    ).toBe("Pallet jack");
    expect(
      (await call(sim, "GET", "/forms/submissions", admin)).body.map((s: { id: number }) => s.id),
    ).toEqual([form.id]);
    // A token from before the restart still works; the one signed out before it does not.
    expect((await call(sim, "GET", "/user/profile", admin)).status).toBe(200);
    expect((await call(sim, "GET", "/user/profile", demo)).status).toBe(401);
    expect((await call(sim, "GET", `/auth/tokenLogin?token=${reset.token}`)).status).toBe(200);
    // ...and expires when it would have without the restart.
    now = T0 + 48 * HOUR + 1000;
    expect((await call(sim, "GET", "/user/profile", admin)).status).toBe(401);
  });

  it("keeps the world's clock: positions and trips made while it was down are the ones an always-on simulator shows", async () => {
    const dir = tempDir();
    await stop(await start(dir));
    const alwaysOn = await start(undefined);
    now = T0 + 50 * HOUR;
    const restarted = await start(dir);
    expect(restarted.world.createdAt).toBe(T0);
    const token = await login(restarted, "admin", "admin123");
    const token2 = await login(alwaysOn, "admin", "admin123");
    const list = (s: Simulator, t: string) =>
      call(s, "POST", "/user/iotdevices", t, {}).then((r) =>
        r.body.map((d: { imei: string; position: unknown }) => [d.imei, d.position]),
      );
    expect(await list(restarted, token)).toEqual(await list(alwaysOn, token2));
    const down = `from=${new Date(T0).toISOString()}&to=${new Date(now).toISOString()}&points=0`;
    let trips = 0;
    for (const imei of ["354800100000002", "354800100000003", "354800100000004"]) {
      const a = await call(restarted, "GET", `/user/trips?imei=${imei}&${down}`, token);
      const b = await call(alwaysOn, "GET", `/user/trips?imei=${imei}&${down}`, token2);
      expect(a.body.trips).toEqual(b.body.trips);
      trips += a.body.trips.length;
    }
    expect(trips).toBeGreaterThan(3);
    // Offline devices fell silent relative to the first start, not to this one.
    const offline = (await list(restarted, token)).find(
      ([imei]: [string]) => imei === "354800100000019",
    );
    expect(Date.parse(offline[1].timestamp)).toBeLessThan(T0);
  });

  it("folds the journal into a snapshot and starts from snapshot + journal", async () => {
    const dir = tempDir();
    let sim = await start(dir, { compact: { records: 4 } });
    const token = await login(sim, "admin", "admin123");
    for (let i = 1; i <= 10; i++) {
      now += 60_000;
      const r = await call(sim, "POST", "/user/changenickname", token, {
        imei: IMEI,
        nickname: `Name ${i}`,
      });
      expect(r.status).toBe(200);
    }
    const files = path.join(dir, "sim");
    expect(fs.existsSync(path.join(files, "snapshot.json"))).toBe(true);
    // 10 writes, a snapshot after every 4th: two are left in the journal.
    expect(
      fs.readFileSync(path.join(files, "journal.ndjson"), "utf8").trim().split("\n"),
    ).toHaveLength(2);
    const before = sim.persisted();
    await stop(sim);
    sim = await start(dir, { compact: { records: 4 } });
    expect(sim.restored).toMatchObject({ snapshotSeq: 8, replayed: 2 });
    expect(sim.persisted()).toEqual(before);
    expect(sim.world.devicesByImei.get(IMEI)!.nickname).toBe("Name 10");
    // The restored device is the same object in every index of the world.
    expect(sim.world.devicesByImei.get(IMEI)).toBe(sim.world.devices.find((d) => d.imei === IMEI));
  });

  it("refuses a data directory made for another world, and stays in memory without one", async () => {
    const dir = tempDir();
    await stop(await start(dir));
    await expect(start(dir, { seed: 7 })).rejects.toThrow(/seed 42, not 7.*sim:reset/);
    const mem = await start(undefined);
    expect(mem.dir).toBeNull();
    const token = await login(mem, "admin", "admin123");
    await call(mem, "POST", "/user/changenickname", token, { imei: IMEI, nickname: "Gone" });
    await stop(mem);
    expect((await start(undefined)).world.devicesByImei.get(IMEI)!.nickname).not.toBe("Gone");
  });
});
