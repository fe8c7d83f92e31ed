/**
 * Property: whatever sequence of writes (accepted or refused, at whatever times, with snapshots
 * taken wherever) a durable simulator answered, the simulator restarted on its data directory
 * holds exactly the state the live one held.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "./index";

const T0 = Date.parse("2026-03-04T02:00:00Z");
const HOUR = 3_600_000;
const IMEIS = [2, 3, 4, 9, 21].map((i) => `3548001${String(i).padStart(8, "0")}`);
const ICONS = ["car", "truck", "van", "bus", "rocket"];

type Op =
  | { k: "rename"; d: number; name: string }
  | { k: "icon"; d: number; icon: string }
  | { k: "fence"; d: number; lat: number; lng: number; m: number }
  | { k: "unfence"; d: number }
  | { k: "driver"; d: number; name: string | null }
  | { k: "tags"; d: number; ids: number[] }
  | { k: "purpose"; d: number; trip: number; purpose: string }
  | { k: "deleteTrip"; d: number; trip: number }
  | { k: "manual"; d: number; hoursAgo: number }
  | { k: "signup"; n: number }
  | { k: "password"; pw: string }
  | { k: "profile"; first: string }
  | { k: "flags"; on: boolean }
  | { k: "beacon"; b: number; name: string }
  | { k: "form"; ref: number }
  | { k: "clip"; minutesAgo: number; seconds: number }
  | { k: "logout" }
  | { k: "resetToken" }
  | { k: "tick"; ms: number }
  | { k: "compact" };

const d = fc.nat({ max: IMEIS.length - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constant("rename"), d, name: fc.string({ maxLength: 70 }) }),
  fc.record({ k: fc.constant("icon"), d, icon: fc.constantFrom(...ICONS) }),
  fc.record({
    k: fc.constant("fence"),
    d,
    lat: fc.double({ min: -95, max: 95, noNaN: true }),
    lng: fc.double({ min: -185, max: 185, noNaN: true }),
    m: fc.integer({ min: 0, max: 200_000 }),
  }),
  fc.record({ k: fc.constant("unfence"), d }),
  fc.record({ k: fc.constant("driver"), d, name: fc.option(fc.string(), { nil: null }) }),
  fc.record({ k: fc.constant("tags"), d, ids: fc.subarray([101, 102, 103, 104, 105, 106, 999]) }),
  fc.record({
    k: fc.constant("purpose"),
    d,
    trip: fc.nat(30),
    purpose: fc.constantFrom("business", "private", "bogus"),
  }),
  fc.record({ k: fc.constant("deleteTrip"), d, trip: fc.nat(30) }),
  fc.record({ k: fc.constant("manual"), d, hoursAgo: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ k: fc.constant("signup"), n: fc.nat(3) }),
  fc.record({ k: fc.constant("password"), pw: fc.string({ maxLength: 8 }) }),
  fc.record({ k: fc.constant("profile"), first: fc.string({ maxLength: 60 }) }),
  fc.record({ k: fc.constant("flags"), on: fc.boolean() }),
  fc.record({ k: fc.constant("beacon"), b: fc.nat(3), name: fc.string({ maxLength: 70 }) }),
  fc.record({ k: fc.constant("form"), ref: fc.nat(3) }),
  fc.record({
    k: fc.constant("clip"),
    minutesAgo: fc.integer({ min: -5, max: 9 * 24 * 60 }),
    seconds: fc.integer({ min: 0, max: 700 }),
  }),
  fc.record({ k: fc.constant("logout") }),
  fc.record({ k: fc.constant("resetToken") }),
  fc.record({ k: fc.constant("tick"), ms: fc.integer({ min: 0, max: 6 * HOUR }) }),
  fc.record({ k: fc.constant("compact") }),
);

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
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function login(sim: Simulator, username: string, password: string) {
  return (await call(sim, "POST", "/auth/login", undefined, { username, password })).body
    .token as string;
}

/** Applies one operation as a client would; refused calls are part of the property too. */
async function apply(sim: Simulator, o: Op, s: { admin: string; now: number }) {
  const post = (p: string, body: unknown, token = s.admin, method = "POST") =>
    call(sim, method, p, token, body);
  const imei = "d" in o ? IMEIS[o.d] : "";
  const trip = async (i: number) => {
    const list = (await call(sim, "GET", `/logbook/logentries?imei=${imei}`, s.admin)).body;
    return list.length ? list[i % list.length] : null;
  };
  switch (o.k) {
    case "rename":
      return post("/user/changenickname", { imei, nickname: o.name });
    case "icon":
      return post("/user/changeicon", { imei, icon: o.icon });
    case "fence":
      return post("/user/saveGeoFence", {
        imei,
        geofence_gps: `${o.lat},${o.lng}`,
        geofence_meters: o.m,
      });
    case "unfence":
      return post("/geofences/deleteGeofence", { imei });
    case "driver":
      return post(`/vehicles/vehicle?imei=${imei}`, { permdriver: o.name }, s.admin, "PATCH");
    case "tags":
      return post("/vehicles/vehicleTags", { imei, tag_ids: o.ids });
    case "purpose": {
      const e = await trip(o.trip);
      return e && post("/logbook/changePurpose", [e[0], e[1], { ...e[2], purpose: o.purpose }]);
    }
    case "deleteTrip": {
      const e = await trip(o.trip);
      return e && post("/user/deleteTripv2", e);
    }
    case "manual":
      return post("/user/tripsv2", {
        imei,
        logstart: new Date(s.now - o.hoursAgo * HOUR).toISOString(),
        logstop: new Date(s.now - o.hoursAgo * HOUR + 1800_000).toISOString(),
      });
    case "signup":
      return post("/website/account", {
        info: { first_name: "P", last_name: `${o.n}`, email: `p${o.n}@x.example`, password: "pw" },
      });
    case "password":
      return post("/accounts/resetPassword", { password: o.pw });
    case "profile":
      return post("/user/profile", { first_name: o.first }, s.admin, "PATCH");
    case "flags":
      return post(
        "/appsettings/appsetting",
        { type: 7, settings: JSON.stringify({ dashcam: o.on }) },
        s.admin,
        "PUT",
      );
    case "beacon":
      return post("/beacons/config", {
        uuid: sim.world.beacons.filter((b) => b.companyid === 1)[o.b]!.uuid,
        nickname: o.name,
      });
    case "clip": {
      // Company 1's type 27 camera (7 days of footage): some windows are refused.
      const from = s.now - o.minutesAgo * 60_000;
      return post("/dashcam/clips", {
        imei: "354800100000015",
        from: new Date(from).toISOString(),
        to: new Date(from + o.seconds * 1000).toISOString(),
      });
    }
    case "form":
      return post("/forms/submissions", {
        form_id: 302,
        answers: {},
        submitted_at: new Date(s.now).toISOString(),
        reference: `r${o.ref}`,
      });
    case "logout": {
      const t = await login(sim, "demo", "demo123");
      return post("/auth/logout", {}, t);
    }
    case "resetToken":
      return post("/__sim/reset-token", { username: "driver" }, undefined);
    case "tick":
      s.now += o.ms;
      return null;
    case "compact":
      sim.compact();
      return null;
  }
}

describe("replaying the journal", () => {
  it("rebuilds the live state exactly, for any sequence of writes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 2, max: 40 }),
        async (ops, records) => {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sim-prop-"));
          const s = { admin: "", now: T0 };
          const clock = () => s.now;
          const opts = { port: 0, seed: 42, devices: 21, clock, dataDir: dir };
          let live: Simulator | null = null;
          let again: Simulator | null = null;
          try {
            live = await startSimulator({ ...opts, compact: { records } });
            s.admin = await login(live, "admin", "admin123");
            let accepted = 0;
            for (const o of ops) {
              const r = await apply(live, o, s);
              if (r && r.status < 300) accepted++;
            }
            const expected = live.persisted();
            await live.close();
            live = null;
            s.now += 3 * 24 * HOUR;
            again = await startSimulator({ ...opts, compact: { records } });
            expect(again.restored.refused).toBe(0);
            expect(again.restored.replayed).toBeLessThanOrEqual(accepted);
            expect(again.persisted()).toEqual(expected);
          } finally {
            await live?.close();
            await again?.close();
            fs.rmSync(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
