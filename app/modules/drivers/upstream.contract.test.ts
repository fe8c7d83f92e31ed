/**
 * Contract test of the designed driver calls: the typed client (zod-validated) against the
 * simulator, with a fixed clock so the world is the same every run.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "../../../server/sim/index";
import * as dup from "./upstream.server";
import { createUpstream, type Upstream } from "~/services/upstream/client.server";
import { resetBreakers } from "~/services/upstream/resilience";
import { rejection, signedIn } from "../../../tests/support/contract";

const now = Date.parse("2026-03-04T02:00:00Z");
const DAY = 86_400_000;
let sim: Simulator;
let base: Upstream;
let admin: Upstream;
let other: Upstream;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 42, clock: () => now });
  base = createUpstream({ baseUrl: sim.url, timeoutMs: 20000, retries: 0 });
  admin = await signedIn(base, "admin", "admin123");
  other = await signedIn(base, "other", "other123");
});
afterAll(() => sim.close());
beforeEach(() => resetBreakers());

const iso = (ms: number) => new Date(ms).toISOString();

describe("drivers", () => {
  it("GET /drivers lists only the company's drivers; one has a licence expiring within 30 days", async () => {
    const mine = await dup.drivers(admin);
    const theirs = await dup.drivers(other);
    expect(mine.length).toBeGreaterThanOrEqual(5);
    expect(theirs.some((t) => mine.some((m) => m.id === t.id))).toBe(false);
    const soon = mine.filter((d) => Date.parse(d.licence_expiry!) - now < 30 * DAY);
    expect(soon).toHaveLength(1);
    expect(await dup.drivers(admin)).toEqual(mine);
  });

  it("POST /drivers and PATCH /drivers/driver: create, edit, deactivate; bad input 400; foreign 404", async () => {
    const d = await dup.createDriver(admin, { first_name: "Pat", last_name: "New", phone: "1" });
    expect(d).toMatchObject({ first_name: "Pat", last_name: "New", active: true });
    const e = await dup.updateDriver(admin, d.id, { last_name: "Newer", active: false });
    expect(e).toMatchObject({ last_name: "Newer", active: false });
    expect((await rejection(dup.createDriver(admin, { first_name: "Solo" }))).message).toMatch(
      /last_name/,
    );
    const bad = await rejection(dup.updateDriver(admin, d.id, { licence_expiry: "soon" }));
    expect(bad.status).toBe(400);
    expect((await rejection(dup.updateDriver(other, d.id, { first_name: "X" }))).status).toBe(404);
    expect((await dup.drivers(admin)).find((x) => x.id === d.id)?.last_name).toBe("Newer");
  });
});

describe("driver tags", () => {
  it("registers a tag (uid 8–16 hex, unique in the company), assigns, deactivates", async () => {
    const [driver] = await dup.drivers(admin);
    expect((await rejection(dup.createDriverTag(admin, { uid: "XYZ" }))).status).toBe(400);
    expect((await rejection(dup.createDriverTag(admin, { uid: "abc1234" }))).status).toBe(400);
    const t = await dup.createDriverTag(admin, { uid: "00aa11bb22", label: "Spare" });
    expect(t).toMatchObject({ uid: "00AA11BB22", driver_id: null, active: true });
    expect((await rejection(dup.createDriverTag(admin, { uid: "00AA11BB22" }))).status).toBe(409);
    // Unique in the company only: another company may hold the same uid.
    expect((await dup.createDriverTag(other, { uid: "00AA11BB22" })).uid).toBe("00AA11BB22");
    const a = await dup.updateDriverTag(admin, t.id, { driver_id: driver!.id });
    expect(a.driver_id).toBe(driver!.id);
    const off = await dup.updateDriverTag(admin, t.id, { active: false });
    expect(off).toMatchObject({ active: false, driver_id: null });
    expect((await rejection(dup.updateDriverTag(other, t.id, { label: "x" }))).status).toBe(404);
    expect((await rejection(dup.updateDriverTag(admin, t.id, { driver_id: 2001 }))).status).toBe(
      404,
    );
  });

  it("GET /drivers/tags/reads: the reads of a tag, each a trip start of a company vehicle", async () => {
    const tags = (await dup.driverTags(admin)).filter((t) => t.driver_id !== null);
    const reads = (
      await Promise.all(tags.map((t) => dup.tagReads(admin, t.id, { from: iso(now - 14 * DAY) })))
    ).flat();
    expect(reads.length).toBeGreaterThan(5);
    for (const r of reads) expect(Date.parse(r.time)).toBeGreaterThanOrEqual(now - 14 * DAY);
    expect((await rejection(dup.tagReads(other, tags[0]!.id))).status).toBe(404);
  });
});

describe("sessions and safety events", () => {
  it("GET /drivers/sessions: tag, permdriver and unidentified trips; assigning one names its driver", async () => {
    const all = await dup.driverSessions(admin, { from: iso(now - 7 * DAY) });
    const sources = new Set(all.map((s) => s.source));
    expect(sources).toEqual(new Set(["tag", "permdriver", null]));
    const un = await dup.driverSessions(admin, { from: iso(now - 7 * DAY), unidentified: true });
    expect(un.length).toBeGreaterThan(0);
    expect(un.every((s) => s.driver_id === null)).toBe(true);
    const [driver] = await dup.drivers(admin);
    const s = await dup.assignTripDriver(admin, {
      imei: un[0]!.imei,
      trip_id: un[0]!.trip_id,
      driver_id: driver!.id,
    });
    expect(s).toMatchObject({ trip_id: un[0]!.trip_id, driver_id: driver!.id, source: "manual" });
    const after = await dup.driverSessions(admin, { from: iso(now - 7 * DAY), unidentified: true });
    expect(after.some((x) => x.trip_id === un[0]!.trip_id)).toBe(false);
    const foreign = await rejection(
      dup.assignTripDriver(other, { imei: un[0]!.imei, trip_id: un[0]!.trip_id, driver_id: null }),
    );
    expect(foreign.status).toBe(404);
  });

  it("GET /drivers/events: 90 days of events at realistic rates, clean and risky drivers, deterministic", async () => {
    const from = now - 90 * DAY;
    const ev = await dup.safetyEvents(admin, { from: iso(from), to: iso(now) });
    expect(ev.length).toBeGreaterThan(200);
    expect(Date.parse(ev[0]!.time)).toBeLessThan(from + 3 * DAY);
    const kinds = new Set(ev.map((e) => e.behaviour));
    for (const b of ["harsh_braking", "speeding", "excessive_speeding", "seatbelt"])
      expect(kinds.has(b as never)).toBe(true);
    for (const e of ev.filter((x) => x.behaviour === "speeding"))
      expect(e.speed).toBeGreaterThan(e.speed_limit!);
    const byDriver = new Map<number | null, number>();
    for (const e of ev) byDriver.set(e.driver_id, (byDriver.get(e.driver_id) ?? 0) + 1);
    const counts = [...byDriver.values()];
    expect(Math.max(...counts)).toBeGreaterThan(3 * Math.min(...counts));
    const again = await dup.safetyEvents(admin, { from: iso(from), to: iso(now) });
    expect(again).toEqual(ev);
    expect((await rejection(dup.safetyEvents(admin, { from: iso(now - 100 * DAY) }))).status).toBe(
      400,
    );
    const theirs = await dup.safetyEvents(other, { from: iso(now - 7 * DAY) });
    const imeis = new Set(ev.map((e) => e.imei));
    expect(theirs.some((e) => imeis.has(e.imei))).toBe(false);
  });

  it("needs a token", async () => {
    expect((await rejection(dup.drivers(base))).status).toBe(401);
  });
});
