/**
 * The drivers module against PostgreSQL and the simulator: the driver safety page from real
 * events (review workflow, dismissed events stop counting), a driver seeing only their own
 * scorecard, versioned scoring settings, and the tenant rule (another company's ids are 404).
 */
import type { SubmissionResult } from "@conform-to/react";
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { loader as safetyLoader, action as safetyAction } from "~/routes/dashboard.driversafety";
import { loader as mgmtLoader, action as mgmtAction } from "~/routes/dashboard.drivermanagement";
import { action as registerAction } from "~/routes/dashboard.driver-tag._index";
import { loader as tagLoader, action as tagAction } from "~/routes/dashboard.driver-tag.$id";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import * as dup from "~/modules/drivers/upstream.server";
import { DUPLICATE_UID } from "~/modules/drivers/tags.server";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get, toastOf } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

const cookies = new Map<string, string>();
async function cookieOf(username: string, password: string) {
  if (!cookies.has(username)) {
    const res = await call(loginAction, formPost("/login", { username, password }));
    expect(res.status).toBe(302);
    cookies.set(username, cookieFrom(res));
  }
  return cookies.get(username)!;
}
const post = (path: string, fields: Record<string, string>, cookie: string) =>
  formPost(path, fields, { cookie });

let adminCookie: string;
let otherCookie: string;
type Page = {
  fleet: { current: number | null; incidentsCurrent: number } | null;
  own: { id: number; name: string } | null;
  incidents: {
    total: number;
    rows: Array<{ id: string; status: string; driver_id: number | null }>;
  };
  leaders: Array<{ id: number }>;
  leadersTotal: number;
  settingsVersion: number;
  trend: Array<{ version: number; score: number | null; recomputed: number | null }>;
};
const page = async (cookie: string, q = "") =>
  (await (await call(safetyLoader, get(`/dashboard/driversafety${q}`, cookie))).json()) as Page;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  adminCookie = await cookieOf("admin", "admin123");
  otherCookie = await cookieOf("other", "other123");
}, 60_000);

describe("driver safety page", () => {
  it("shows the fleet score, incidents and leaderboard from the tracking service's events", async () => {
    const d = await page(adminCookie, "?days=30");
    expect(d.fleet!.current).not.toBeNull();
    expect(d.fleet!.incidentsCurrent).toBeGreaterThan(0);
    expect(d.incidents.total).toBe(d.fleet!.incidentsCurrent);
    expect(d.leaders.length).toBeGreaterThanOrEqual(5);
    expect(d.leadersTotal).toBe(d.leaders.length);
    // Only the newest incidents travel with the page; "show more" asks for as many again.
    expect(d.incidents.total).toBeGreaterThan(25);
    expect(d.incidents.rows).toHaveLength(25);
    const more = await page(adminCookie, "?days=30&incidents=50");
    expect(more.incidents.rows.map((r) => r.id).slice(0, 25)).toEqual(
      d.incidents.rows.map((r) => r.id),
    );
    expect(more.incidents.rows).toHaveLength(Math.min(50, d.incidents.total));
  }, 60_000);

  it("review workflow: dismissing needs a reason, then the incident stops counting; another company's event is 404", async () => {
    const before = await page(adminCookie, "?days=30");
    const ev = before.incidents.rows.find((r) => r.status === "needs_review")!;
    const noReason = await call(
      safetyAction,
      post(
        "/dashboard/driversafety?days=30",
        { intent: "review", eventId: ev.id, status: "dismissed" },
        adminCookie,
      ),
    );
    expect(noReason.status).toBe(400);
    expect(
      ((await noReason.json()) as { result: SubmissionResult<string[]> }).result.error?.reason,
    ).toEqual(["Say why the incident is dismissed"]);
    const ok = await call(
      safetyAction,
      post(
        "/dashboard/driversafety?days=30",
        { intent: "review", eventId: ev.id, status: "dismissed", reason: "Sensor glitch" },
        adminCookie,
      ),
    );
    expect(ok.status).toBe(302);
    expect(await toastOf(ok)).toMatchObject({ description: "Incident marked dismissed." });
    const after = await page(adminCookie, "?days=30");
    expect(after.fleet!.incidentsCurrent).toBe(before.fleet!.incidentsCurrent - 1);
    expect(after.incidents.rows.find((r) => r.id === ev.id)!.status).toBe("dismissed");
    const foreign = await call(
      safetyAction,
      post(
        "/dashboard/driversafety",
        { intent: "review", eventId: ev.id, status: "coached" },
        otherCookie,
      ),
    );
    expect(foreign.status).toBe(404);
    expect(await prisma.driverEventReview.count({ where: { companyId: 2 } })).toBe(0);
  }, 60_000);

  it("a driver sees only their own scorecard", async () => {
    const d = await page(await cookieOf("driver", "driver123"), "?days=30");
    expect(d.fleet).toBeNull();
    expect(d.own).not.toBeNull();
    const drivers = await dup.drivers(upstream((await upstreamAuth("admin", "admin123")).token));
    expect(drivers.find((x) => x.id === d.own!.id)!.email).toBe("driver@harbour.example");
    expect("leaders" in d).toBe(false);
    const other = await page(await cookieOf("driver", "driver123"), `?driver=${drivers[0]!.id}`);
    expect(other.own!.id).toBe(d.own!.id);
    const review = await call(
      safetyAction,
      post(
        "/dashboard/driversafety",
        { intent: "review", eventId: "x", status: "coached" },
        await cookieOf("driver", "driver123"),
      ),
    );
    expect(review.status).toBe(403);
  }, 60_000);
});

describe("scoring settings", () => {
  const fields = (over: Record<string, string> = {}) => ({
    intent: "settings",
    w_harsh_acceleration: "0.1",
    w_harsh_braking: "0.1",
    w_harsh_cornering: "0.1",
    w_seatbelt: "0.2",
    w_speeding: "0.2",
    w_excessive_speeding: "0.3",
    k_harsh_acceleration: "2",
    k_harsh_braking: "2",
    k_harsh_cornering: "2",
    k_seatbelt: "2",
    k_speeding: "4",
    k_excessive_speeding: "2",
    band_low: "90",
    band_mild: "75",
    band_medium: "60",
    minDistanceKm: "100",
    ...over,
  });

  it("refuses weights not adding up to 1 and a negative k, keeping what was typed", async () => {
    const res = await call(
      safetyAction,
      post("/dashboard/driversafety", fields({ w_seatbelt: "0.5", k_speeding: "-1" }), adminCookie),
    );
    expect(res.status).toBe(400);
    // Conform's reply: each rule under its field ("weights" for the sum), what was typed kept.
    const body = ((await res.json()) as { result: SubmissionResult<string[]> }).result;
    expect(body.error?.weights?.[0]).toMatch(/add up to 1/);
    expect(body.error?.k_speeding).toEqual(["k cannot be negative"]);
    expect(body.initialValue?.w_seatbelt).toBe("0.5");
    expect(await prisma.driverScoreSettings.count()).toBe(0);
  });

  it("every save is a new version; stored weeks keep theirs until an explicit recompute", async () => {
    const before = await page(adminCookie);
    expect(before.settingsVersion).toBe(0);
    expect(before.trend.every((w) => w.version === 0 && w.recomputed === null)).toBe(true);
    for (const expected of [1, 2]) {
      const res = await call(safetyAction, post("/dashboard/driversafety", fields(), adminCookie));
      expect(res.status).toBe(302);
      expect(await toastOf(res)).toMatchObject({
        description: expect.stringContaining(`version ${expected}`),
      });
    }
    const rows = await prisma.driverScoreSettings.findMany({
      where: { companyId: 1 },
      orderBy: { version: "asc" },
    });
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    const after = await page(adminCookie);
    expect(after.settingsVersion).toBe(2);
    // Past weeks were not silently rewritten: still version 0, with a preview of the new score.
    expect(after.trend.map((w) => w.score)).toEqual(before.trend.map((w) => w.score));
    expect(after.trend.every((w) => w.version === 0)).toBe(true);
    expect(after.trend.some((w) => w.recomputed !== null && w.recomputed < w.score!)).toBe(true);
    const re = await call(
      safetyAction,
      post("/dashboard/driversafety", { intent: "recompute" }, adminCookie),
    );
    expect(re.status).toBe(302);
    const now = await page(adminCookie);
    expect(now.trend.every((w) => w.version === 2 && w.recomputed === null)).toBe(true);
    // Another company still has the defaults.
    expect((await page(otherCookie)).settingsVersion).toBe(0);
  }, 60_000);
});

describe("driver management and tags: tenant rules and validation", () => {
  it("another company's driver or tag is 404 in every loader and action", async () => {
    const admin = upstream((await upstreamAuth("admin", "admin123")).token);
    const [driver] = await dup.drivers(admin);
    const [tag] = await dup.driverTags(admin);
    expect(
      (await call(mgmtLoader, get(`/dashboard/drivermanagement?edit=${driver!.id}`, otherCookie)))
        .status,
    ).toBe(404);
    for (const intent of ["deactivate", "save", "assign"]) {
      const res = await call(
        mgmtAction,
        post(
          "/dashboard/drivermanagement",
          { intent, id: String(driver!.id), first_name: "X", last_name: "Y" },
          otherCookie,
        ),
      );
      expect(res.status).toBe(404);
    }
    const tagPage = await call(tagLoader, get(`/dashboard/driver-tag/${tag!.id}`, otherCookie), {
      params: { id: String(tag!.id) },
    });
    expect(tagPage.status).toBe(404);
    const res = await call(
      tagAction,
      post(
        `/dashboard/driver-tag/${tag!.id}`,
        { intent: "unassign", id: String(tag!.id) },
        otherCookie,
      ),
    );
    expect(res.status).toBe(404);
    expect((await dup.driverTags(admin)).find((t) => t.id === tag!.id)!.driver_id).toBe(
      tag!.driver_id,
    );
  }, 60_000);

  it("a refused driver save answers with Conform's reply: the message beside the field, typed kept", async () => {
    const res = await call(
      mgmtAction,
      post(
        "/dashboard/drivermanagement",
        { intent: "save", first_name: "", last_name: "Newman", phone: "0400 000 000" },
        adminCookie,
      ),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { intent: string; result: SubmissionResult<string[]> };
    expect(body.intent).toBe("save");
    expect(body.result.error?.first_name).toEqual(["Enter a first name"]);
    expect(body.result.initialValue).toMatchObject({ last_name: "Newman", phone: "0400 000 000" });
  });

  it("deactivating asks for a confirmation first", async () => {
    const admin = upstream((await upstreamAuth("admin", "admin123")).token);
    const d = (await dup.drivers(admin)).at(-1)!;
    const ask = await call(
      mgmtAction,
      post("/dashboard/drivermanagement", { intent: "deactivate", id: String(d.id) }, adminCookie),
    );
    expect(await ask.json()).toMatchObject({ intent: "deactivate", confirmFor: d.id });
    expect((await dup.drivers(admin)).find((x) => x.id === d.id)!.active).toBe(true);
    const done = await call(
      mgmtAction,
      post(
        "/dashboard/drivermanagement",
        { intent: "deactivate", id: String(d.id), confirm: "yes" },
        adminCookie,
      ),
    );
    expect(done.status).toBe(302);
    expect((await dup.drivers(admin)).find((x) => x.id === d.id)!.active).toBe(false);
  });

  it("a tag uid must be 8–16 hex characters and unique in the company", async () => {
    const bad = await call(
      registerAction,
      post("/dashboard/driver-tag", { intent: "register", uid: "12-34-zz" }, adminCookie),
    );
    expect(bad.status).toBe(400);
    // Conform's reply: the message beside the field, what was typed kept.
    const b = ((await bad.json()) as { result: SubmissionResult<string[]> }).result;
    expect(b.error?.uid).toEqual(["A tag uid is 8 to 16 hexadecimal characters (0–9, A–F)"]);
    expect(b.initialValue?.uid).toBe("12-34-zz");
    const [tag] = await dup.driverTags(upstream((await upstreamAuth("admin", "admin123")).token));
    const dup1 = await call(
      registerAction,
      post(
        "/dashboard/driver-tag",
        { intent: "register", uid: tag!.uid.toLowerCase() },
        adminCookie,
      ),
    );
    expect(
      ((await dup1.json()) as { result: SubmissionResult<string[]> }).result.error?.uid,
    ).toEqual([DUPLICATE_UID]);
    const ok = await call(
      registerAction,
      post(
        "/dashboard/driver-tag",
        { intent: "register", uid: "DEADBEEF01", label: "Spare" },
        adminCookie,
      ),
    );
    expect(ok.status).toBe(302);
  });

  it("unidentified driving: a trip is assigned to a driver after the fact; another company's trip is 404", async () => {
    type Mgmt = {
      unidentified: Array<{ trip_id: string; imei: string }>;
      activeDrivers: Array<{ id: number }>;
    };
    const m = (await (
      await call(mgmtLoader, get("/dashboard/drivermanagement", adminCookie))
    ).json()) as Mgmt;
    expect(m.unidentified.length).toBeGreaterThan(0);
    const t = m.unidentified[0]!;
    const fields = {
      intent: "assign-trip",
      imei: t.imei,
      tripId: t.trip_id,
      driverId: String(m.activeDrivers[0]!.id),
    };
    const foreign = await call(
      mgmtAction,
      post("/dashboard/drivermanagement", fields, otherCookie),
    );
    expect(foreign.status).toBe(404);
    const res = await call(mgmtAction, post("/dashboard/drivermanagement", fields, adminCookie));
    expect(res.status).toBe(302);
    const after = (await (
      await call(mgmtLoader, get("/dashboard/drivermanagement", adminCookie))
    ).json()) as Mgmt;
    expect(after.unidentified.some((x) => x.trip_id === t.trip_id)).toBe(false);
  }, 60_000);
  it("assigning a vehicle writes its permanent driver: the list shows the driver's vehicle; another company's vehicle is 404", async () => {
    type Mgmt = {
      rows: Array<{ id: number; name: string; active: boolean; vehicle: { imei: string } | null }>;
      vehicles: Array<{ imei: string; name: string }>;
    };
    const mgmt = async (cookie: string) =>
      (await (await call(mgmtLoader, get("/dashboard/drivermanagement", cookie))).json()) as Mgmt;
    const m = await mgmt(adminCookie);
    const d = m.rows.find((r) => r.active && !r.vehicle)!;
    const car = m.vehicles.at(-1)!;
    const foreignCar = (await mgmt(otherCookie)).vehicles[0]!;
    const assign = (imei: string) =>
      call(
        mgmtAction,
        post(
          "/dashboard/drivermanagement",
          { intent: "assign", id: String(d.id), imei },
          adminCookie,
        ),
      );
    expect((await assign(foreignCar.imei)).status).toBe(404);
    const res = await assign(car.imei);
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ description: `${d.name} now drives ${car.name}.` });
    const after = await mgmt(adminCookie);
    expect(after.rows.find((r) => r.id === d.id)!.vehicle?.imei).toBe(car.imei);
  }, 60_000);
});
