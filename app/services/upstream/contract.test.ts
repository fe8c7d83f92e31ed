/**
 * Contract test: the typed client against the simulator, for every call. The simulator runs
 * in-process on a free port with a controllable clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "../../../server/sim/index";
import { createUpstream, type Upstream } from "./client.server";
import * as api from "./index.server";
import { MESSAGES } from "./errors";
import { resetBreakers } from "./resilience";
import { APP_PERMISSIONS, EVENT_KINDS, PERMISSIONS, type LogEntry } from "./schemas";
import { rejection, signedIn } from "../../../tests/support/contract";

let now = Date.parse("2026-03-04T02:00:00Z"); // Wednesday noon in Brisbane
let sim: Simulator;
let base: Upstream;
let admin: Upstream;
let other: Upstream;

const signIn = (username: string, password: string) => signedIn(base, username, password);

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 42, clock: () => now });
  base = createUpstream({
    baseUrl: sim.url,
    timeoutMs: 2000,
    retries: 2,
    backoffBaseMs: 5,
    backoffCapMs: 20,
  });
  admin = await signIn("admin", "admin123");
  other = await signIn("other", "other123");
});
afterAll(() => sim.close());
beforeEach(() => resetBreakers());
beforeEach(() =>
  sim.setFaults({
    latencyMs: 0,
    errorRate: 0,
    timeoutRate: 0,
    down: false,
    failPaths: [],
    errorBody: "json",
  }),
);

describe("account calls", () => {
  it("login returns token and user, or the SPEC message on a 200 without user", async () => {
    const ok = await api.login(base, { username: "admin", password: "admin123" });
    expect(ok.ok && ok.user).toMatchObject({ companyid: 1, name: "Alex Morgan", tsadmin: false });
    expect(await api.login(base, { username: "admin", password: "nope" })).toEqual({
      ok: false,
      message: MESSAGES.badCredentials,
    });
    expect(await api.login(base, { username: "nobody", password: "x" })).toEqual({
      ok: false,
      message: MESSAGES.badCredentials,
    });
  });

  it("signUp succeeds with 201, then a duplicate email fails with the sign-up message", async () => {
    const info = {
      first_name: "Sam",
      last_name: "New",
      email: "sam@new.example",
      password: "pw-123456",
    };
    await api.signUp(base, info);
    expect((await api.login(base, { username: info.email, password: info.password })).ok).toBe(
      true,
    );
    const e = await rejection(api.signUp(base, info));
    expect(e.message).toBe(MESSAGES.signUpFailed);
    expect(e.status).toBe(409);
    expect(e.body).toMatchObject({ message: "Email already in use" });
  });

  it("token login, reset password, then login with the new password", async () => {
    const res = await fetch(`${sim.url}/__sim/reset-token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "driver" }),
    });
    const { token } = (await res.json()) as { token: string };
    const bearer = await api.tokenLogin(base, token);
    await api.resetPassword(base.withToken(bearer), "n3w-pass");
    expect((await api.login(base, { username: "driver", password: "n3w-pass" })).ok).toBe(true);
    expect((await api.login(base, { username: "driver", password: "driver123" })).ok).toBe(false);
    // Reset tokens are single use.
    expect((await rejection(api.tokenLogin(base, token))).message).toBe(MESSAGES.tokenLoginFailed);
    expect((await rejection(api.tokenLogin(base, ""))).message).toBe(MESSAGES.tokenLoginFailed);
  });

  it("profile, permissions, app settings, feature flags, last photo", async () => {
    expect(await api.profile(admin)).toMatchObject({
      username_id: 1001,
      first_name: "Alex",
      last_name: "Morgan",
      companyid: 1,
      groups: expect.any(Array),
    });
    const perms = await api.permissions(admin);
    expect(perms.edit_permissions && perms.complete_forms && perms.tickets_edit).toBe(true);
    const settings = await api.appSettings(admin);
    expect(settings.some((x) => x.type === 7)).toBe(true);
    const flags = await api.featureFlags(admin);
    expect(flags).toMatchObject({ dashcam: true, logbook: true, concrete_curing: true });
    const flags112 = await api.featureFlags(await signIn("admin112", "admin123"));
    expect(flags112.dashcam).toBe(false);
    expect(await api.lastPhoto(admin, 1001)).toMatch(/\.svg$/);
    const tsadmin = await api.profile(await signIn("tsadmin", "tsadmin123"));
    expect(tsadmin.tsadmin).toBe(true);
  });

  it("permissions: every name of the contract, the app's own ones only for those who may change things", async () => {
    expect(Object.keys(await api.permissions(admin)).sort()).toEqual([...PERMISSIONS].sort());
    const granted = async (username: string, password: string) => {
      const p = await api.permissions(await signIn(username, password));
      return APP_PERMISSIONS.filter((name) => p[name] === true);
    };
    expect(await granted("admin", "admin123")).toEqual([...APP_PERMISSIONS]);
    expect(await granted("demo", "demo123")).toEqual([...APP_PERMISSIONS]);
    expect(await granted("tsadmin", "tsadmin123")).toEqual([]);
    expect(await granted("driver", "n3w-pass")).toEqual([]); // its password after the recovery test
  });

  it("featureFlags returns {} when the upstream fails", async () => {
    sim.setFaults({ down: true });
    expect(await api.featureFlags(admin)).toEqual({});
  });

  it("subscribePush accepts a browser subscription", async () => {
    await api.subscribePush(admin, {
      endpoint: "https://push.example/abc",
      keys: { p256dh: "BPk", auth: "xyz" },
    });
  });

  it("an expired token is refused, and logout revokes the token", async () => {
    const u = await signIn("demo", "demo123");
    now += 172_801_000;
    const e = await rejection(api.profile(u));
    expect(e.status).toBe(401);
    now -= 172_801_000;
    const v = await signIn("demo", "demo123");
    await api.logout(v);
    expect((await rejection(api.profile(v))).status).toBe(401);
    expect((await rejection(api.logout(v))).message).toBe(MESSAGES.logoutFailed);
  });
});

describe("device calls", () => {
  it("iotDevices lists only the caller's company with positions", async () => {
    const mine = await api.iotDevices(admin);
    const theirs = await api.iotDevices(other);
    expect(mine.length).toBe(24);
    expect(mine.every((d) => d.imei.startsWith("3548001"))).toBe(true);
    expect(theirs.every((d) => d.imei.startsWith("3548002"))).toBe(true);
    expect(mine.filter((d) => d.position).length).toBeGreaterThan(20);
  });

  it("positions returns fixes since a time, and only changes after asOf", async () => {
    const all = await api.positions(admin);
    expect(all.positions.length).toBe(24);
    now += 60_000;
    const delta = await api.positions(admin, { since: all.asOf });
    expect(delta.positions.length).toBeLessThan(all.positions.length);
    for (const p of delta.positions)
      expect(Date.parse(p.timestamp)).toBeGreaterThan(Date.parse(all.asOf));
  });

  it("every device edit works on an own device and answers 404 for a foreign imei", async () => {
    const [d] = await api.iotDevices(admin);
    const foreign = (await api.iotDevices(other))[0]!.imei;
    const imei = d!.imei;
    const tags = await api.companyTags(admin);
    const groups = await api.compGroups(admin);
    expect(await api.changeNickname(admin, imei, "Truck Renamed")).toEqual({
      imei,
      nickname: "Truck Renamed",
    });
    expect(await api.changeIcon(admin, imei, "truck")).toEqual({ imei, avatar: "truck" });
    expect(await api.setPermDriver(admin, imei, "Jo Driver")).toEqual({
      imei,
      permdriver: "Jo Driver",
    });
    expect(await api.setVehicleTags(admin, imei, [tags[0]!.id])).toEqual({
      imei,
      tag_ids: [tags[0]!.id],
    });
    expect(await api.setVehicleGroups(admin, imei, [groups[0]!.id])).toEqual({
      imei,
      compgroups_ids: [groups[0]!.id],
    });
    expect(
      await api.saveGeofence(admin, { imei, geofence_gps: "-27.47,153.02", geofence_meters: 300 }),
    ).toEqual({ imei, geofence_gps: "-27.47,153.02", geofence_meters: 300 });
    const after = (await api.iotDevices(admin)).find((x) => x.imei === imei)!;
    expect(after).toMatchObject({
      nickname: "Truck Renamed",
      avatar: "truck",
      permdriver: "Jo Driver",
      geofence_meters: 300,
    });
    expect(after.tags.map((t) => t.id)).toEqual([tags[0]!.id]);
    expect(await api.deleteGeofence(admin, imei)).toEqual({
      imei,
      geofence_gps: null,
      geofence_meters: null,
    });
    expect((await api.iotDevices(admin)).find((x) => x.imei === imei)).toMatchObject({
      geofence_gps: null,
      geofence_meters: null,
    });

    const calls: Array<() => Promise<unknown>> = [
      () => api.changeNickname(admin, foreign, "x"),
      () => api.changeIcon(admin, foreign, "car"),
      () => api.setPermDriver(admin, foreign, null),
      () => api.setVehicleTags(admin, foreign, []),
      () => api.setVehicleGroups(admin, foreign, []),
      () => api.deleteGeofence(admin, foreign),
      () =>
        api.saveGeofence(admin, { imei: foreign, geofence_gps: "-27.4,153", geofence_meters: 100 }),
      () => api.logEntries(admin, foreign),
      () => api.trips(admin, foreign),
      () => api.trackpoints(admin, foreign),
    ];
    for (const c of calls) expect((await rejection(c())).status).toBe(404);
  });

  it("validation errors carry the upstream's message", async () => {
    const [d] = await api.iotDevices(admin);
    const e = await rejection(api.changeIcon(admin, d!.imei, "spaceship"));
    expect([e.status, e.message]).toEqual([400, 'Unknown icon "spaceship"']);
    expect((await rejection(api.setVehicleTags(admin, d!.imei, [999_999]))).message).toMatch(
      /Unknown tag/,
    );
  });

  it("companyTags are type 2 and groups are sorted case-insensitively", async () => {
    const tags = await api.companyTags(admin);
    expect(tags.length).toBeGreaterThan(0);
    expect(tags.every((t) => t.type === 2)).toBe(true);
    const names = (await api.compGroups(admin)).map((g) => g.nickname);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(names).toContain("depot crew");
  });
});

describe("trips and logbook", () => {
  const imeiOf = async () =>
    (await api.iotDevices(admin)).find((d) => d.device_type_id === 3)!.imei;

  it("logEntries are triples with odometers; changePurpose and deleteTrip persist", async () => {
    const imei = await imeiOf();
    const entries = await api.logEntries(admin, imei, {
      from: new Date(now - 14 * 86_400_000).toISOString(),
    });
    expect(entries.length).toBeGreaterThan(5);
    const [a, b, meta] = entries[0]!;
    expect(b.obdodometer).toBeGreaterThan(a.obdodometer);
    expect(meta).toMatchObject({ imei, logstart: expect.any(String), logstop: expect.any(String) });

    const changed = await api.changePurpose(admin, entries[0]!, "private", "Weekend move");
    expect(changed[2]).toMatchObject({ purpose: "private", description: "Weekend move" });
    await api.deleteTrip(admin, entries[1]!);
    const again = await api.logEntries(admin, imei, {
      from: new Date(now - 14 * 86_400_000).toISOString(),
    });
    expect(again.length).toBe(entries.length - 1);
    expect(again[0]![2]).toMatchObject({ purpose: "private", description: "Weekend move" });
    expect(again.some((e) => e[2].logstart === entries[1]![2].logstart)).toBe(false);
    expect((await rejection(api.deleteTrip(admin, entries[1]!))).status).toBe(404);
  });

  it("saveTrip adds a manual trip and ignores one with the same logstart and logstop", async () => {
    const imei = await imeiOf();
    const trip = {
      imei,
      logstart: "2026-03-01T23:00:00.000Z",
      logstop: "2026-03-01T23:30:00.000Z",
      purpose: "business" as const,
      description: "Site visit",
      start_odometer: 100,
      end_odometer: 112.5,
    };
    const first = await api.saveTrip(admin, trip);
    expect(first).toMatchObject({ saved: true, duplicate: false });
    const second = await api.saveTrip(admin, trip);
    expect(second).toMatchObject({ saved: false, duplicate: true });
    const existing: LogEntry = (await api.logEntries(admin, imei))[0]!;
    expect(
      await api.saveTrip(admin, {
        imei,
        logstart: existing[2].logstart,
        logstop: existing[2].logstop,
      }),
    ).toMatchObject({ duplicate: true });
  });

  it("trips carry replay points and trackpoints sample the track", async () => {
    const imei = await imeiOf();
    const list = await api.trips(admin, imei, {
      from: new Date(now - 3 * 86_400_000).toISOString(),
    });
    expect(list.length).toBeGreaterThan(0);
    const t = list[0]!;
    expect(t.points!.length).toBeGreaterThan(10);
    expect(t.distance_km).toBeCloseTo(t.end.odometer - t.start.odometer, 0);
    expect(t.max_speed).toBeGreaterThanOrEqual(t.avg_speed);
    const tp = await api.trackpoints(admin, imei, {
      from: t.start.time,
      to: t.end.time,
      intervalS: 30,
    });
    expect(tp.points.length).toBeGreaterThan(2);
    expect(tp.points.some((p) => p.speed > 0)).toBe(true);
  });
});

describe("events", () => {
  it("cover every kind within ten minutes and page with next", async () => {
    const since = new Date(now - 10 * 60_000).toISOString();
    const page = await api.events(admin, { since });
    // Every alert kind (ignition events, no alerts, may come too).
    const kinds = new Set<string>(page.events.map((e) => e.kind));
    expect(EVENT_KINDS.filter((k) => !kinds.has(k))).toEqual([]);
    expect(page.events.every((e) => e.companyid === 1)).toBe(true);
    const small = await api.events(admin, { since, limit: 3 });
    expect(small).toMatchObject({ hasMore: true });
    const next = await api.events(admin, { since: small.next, limit: 500 });
    expect([...small.events, ...next.events].map((e) => e.id)).toEqual(
      page.events.map((e) => e.id),
    );
  });
});

describe("errors, timeouts and retries", () => {
  it("maps an error body to its message and an empty body to 'Something went wrong'", async () => {
    sim.setFaults({ failPaths: ["/user/changenickname"] });
    const [d] = await api.iotDevices(admin);
    expect((await rejection(api.changeNickname(admin, d!.imei, "x"))).message).toBe(
      "Internal server error (simulated)",
    );
    sim.setFaults({ errorBody: "text" });
    expect((await rejection(api.changeNickname(admin, d!.imei, "x"))).message).toBe(
      "Internal server error (simulated)",
    );
    sim.setFaults({ errorBody: "empty" });
    const e = await rejection(api.changeNickname(admin, d!.imei, "x"));
    expect([e.status, e.kind, e.message, e.body]).toEqual([500, "http", MESSAGES.generic, null]);
  });

  it("times out with kind 'timeout' when the upstream is slow", async () => {
    sim.setFaults({ latencyMs: 1000 });
    const fast = createUpstream({
      baseUrl: sim.url,
      token: admin.options.token,
      timeoutMs: 150,
      retries: 0,
    });
    const t0 = Date.now();
    const e = await rejection(api.profile(fast));
    expect([e.kind, e.status]).toEqual(["timeout", 504]);
    expect(Date.now() - t0).toBeLessThan(900);
  });

  it("reports an unreachable upstream", async () => {
    const dead = createUpstream({ baseUrl: "http://127.0.0.1:9", timeoutMs: 1000, retries: 0 });
    expect((await rejection(api.profile(dead))).kind).toBe("unreachable");
  });

  it("retries idempotent reads but never mutations", async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    // The circuit breaker (resilience.test.ts) would open after these failures; keep it out of this test.
    const up = createUpstream({
      baseUrl: sim.url,
      token: admin.options.token,
      retries: 3,
      backoffBaseMs: 1,
      backoffCapMs: 5,
      fetch: counting,
      breaker: { failureThreshold: 1000 },
    });
    sim.setFaults({ errorRate: 1 });
    await rejection(api.iotDevices(up));
    expect(calls).toBe(4);
    calls = 0;
    await rejection(api.changeNickname(up, "354800100000001", "x"));
    expect(calls).toBe(1);
    // With a flaky upstream a read eventually succeeds.
    sim.setFaults({ errorRate: 0.5 });
    calls = 0;
    const profiles = await Promise.all(
      Array.from({ length: 5 }, () => api.profile(up).catch(() => null)),
    );
    expect(profiles.filter(Boolean).length).toBeGreaterThanOrEqual(4);
    expect(calls).toBeGreaterThan(5);
  });

  it("turns a response that breaks the contract into kind 'invalid_response'", async () => {
    const lying: typeof fetch = async () =>
      new Response(JSON.stringify([{ imei: 5 }]), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    const up = createUpstream({ baseUrl: sim.url, fetch: lying, retries: 0 });
    const e = await rejection(api.iotDevices(up));
    expect([e.kind, e.status]).toEqual(["invalid_response", 502]);
  });
});

describe("designed account calls: PATCH /user/profile and PUT /appsettings/appsetting", () => {
  it("updateProfile changes the caller's profile, returns the user, and GET /user/profile agrees", async () => {
    const demo = await signIn("demo", "demo123");
    const before = await api.profile(demo);
    const after = await api.updateProfile(demo, {
      first_name: "Dana",
      last_name: "Renamed",
      email: "dana.renamed@example.test",
      mobile: "+61 400 111 222",
    });
    expect(after).toMatchObject({
      username_id: before.username_id,
      username: before.username,
      companyid: before.companyid,
      first_name: "Dana",
      last_name: "Renamed",
      name: "Dana Renamed",
      email: "dana.renamed@example.test",
      mobile: "+61 400 111 222",
    });
    expect(await api.profile(demo)).toMatchObject({
      name: "Dana Renamed",
      email: "dana.renamed@example.test",
    });
    // Absent fields stay; mobile null clears it.
    expect(await api.updateProfile(demo, { mobile: null })).toMatchObject({
      first_name: "Dana",
      mobile: null,
    });
    // The new email signs in; the username still does.
    expect(
      (await api.login(base, { username: "dana.renamed@example.test", password: "demo123" })).ok,
    ).toBe(true);
    await api.updateProfile(demo, {
      first_name: before.first_name,
      last_name: before.last_name,
      email: before.email ?? undefined,
      mobile: before.mobile ?? null,
    });
  });

  it("updateProfile refuses another user's email with 409 and bad input with 400 and a message", async () => {
    const driver = await signIn("tsadmin", "tsadmin123"); // "driver" has a new password after the recovery test
    const taken = (await api.profile(admin)).email!;
    const conflict = await rejection(api.updateProfile(driver, { email: taken.toUpperCase() }));
    expect([conflict.kind, conflict.status, conflict.message]).toEqual([
      "http",
      409,
      "Email already in use",
    ]);
    // Keeping one's own email is not a conflict.
    const own = (await api.profile(driver)).email!;
    expect((await api.updateProfile(driver, { email: own })).email).toBe(own);
    const cases: Array<[Parameters<typeof api.updateProfile>[1], string]> = [
      [{ email: "not-an-email" }, "email is not a valid email address"],
      [{ first_name: "  " }, "first_name is required"],
      [{ last_name: "x".repeat(51) }, "last_name must be at most 50 characters"],
      [{ mobile: "call me" }, "mobile is not a valid phone number"],
    ];
    for (const [input, message] of cases) {
      const e = await rejection(api.updateProfile(driver, input));
      expect([e.status, e.message], JSON.stringify(input)).toEqual([400, message]);
    }
    expect((await api.profile(driver)).first_name).not.toBe("");
  });

  it("updateProfile needs a token", async () => {
    expect((await rejection(api.updateProfile(base, { first_name: "X" }))).status).toBe(401);
  });

  it("putAppSetting replaces the company's type 7 entry for an admin; featureFlags reads it back", async () => {
    const signedUp = {
      first_name: "Flag",
      last_name: "Owner",
      email: "flags@contract.example",
      password: "pw-123456",
    };
    await api.signUp(base, signedUp);
    const owner = await signIn(signedUp.email, signedUp.password);
    const flags = { ...(await api.featureFlags(owner)), logbook: false, dashcam: false };
    const entry = await api.putAppSetting(owner, { type: 7, settings: JSON.stringify(flags) });
    expect(entry).toMatchObject({ type: 7 });
    expect(JSON.parse(entry.settings!)).toEqual(flags);
    expect(await api.featureFlags(owner)).toMatchObject({
      logbook: false,
      dashcam: false,
      timesheet: true,
    });
    expect(await api.saveFeatureFlags(owner, { ...flags, logbook: true })).toMatchObject({
      logbook: true,
      dashcam: false,
    });
    // Tenant scope: company 1 is untouched.
    expect(await api.featureFlags(admin)).toMatchObject({ logbook: true, dashcam: true });
  });

  it("putAppSetting answers 403 without edit_permissions and 400 for settings that are not flags", async () => {
    const demo = await signIn("demo", "demo123");
    const before = await api.featureFlags(demo);
    const forbidden = await rejection(api.saveFeatureFlags(demo, { logbook: false }));
    expect([forbidden.status, forbidden.message]).toEqual([
      403,
      "You do not have permission to change company settings",
    ]);
    expect(await api.featureFlags(demo)).toEqual(before);
    const notJson = await rejection(api.putAppSetting(admin, { type: 7, settings: "{nope" }));
    expect([notJson.status, notJson.message]).toEqual([400, "settings must be JSON text"]);
    const notFlags = await rejection(
      api.putAppSetting(admin, { type: 7, settings: JSON.stringify({ logbook: "yes" }) }),
    );
    expect([notFlags.status, notFlags.message]).toEqual([
      400,
      "settings of type 7 must be a JSON object of feature name to boolean",
    ]);
    expect(await api.featureFlags(admin)).toEqual(before);
  });
});
