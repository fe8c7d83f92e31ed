import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import {
  action as deviceAction,
  loader as deviceLoader,
} from "~/routes/dashboard.assets.device.$imei";
import { action as beaconAction } from "~/routes/dashboard.beacon.$uuid";
import { action as configAction } from "~/routes/dashboard.beacon-config";
import { action as logbookAction } from "~/routes/dashboard.logbook";
import { action as reportAction } from "~/routes/dashboard.reports.$kind";
import {
  action as scheduleAction,
  loader as scheduleLoader,
} from "~/routes/dashboard.scheduled-reports.$id";
import { loader as schedulesLoader } from "~/routes/dashboard.scheduled-reports._index";
import { action as alertsAction, loader as alertsLoader } from "~/routes/dashboard.notifications";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import type { Auth } from "~/services/company-context.server";
import { listDevices } from "~/modules/fleet/devices-read.server";
import { listBeacons } from "~/modules/beacons/beacons.server";
import * as bup from "~/modules/beacons/upstream.server";
import { loadLogbook } from "~/modules/trips/logbook.server";
import * as up from "~/services/upstream/index.server";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

/**
 * Issue 15 item 3: the changes a `driver` (only access_timesheet and complete_forms) must not make,
 * each refused on the server, with nothing changed upstream or in our database; the admin, who
 * holds the app's permissions, still makes them. Scheduled reports and alert rules belong to their
 * owner: another user without the manage permission gets 404, one with it may edit them.
 */

const DAY = 86_400_000;
let admin: Auth;
const cookies = new Map<string, string>();

async function as(username: string) {
  if (!cookies.has(username)) {
    const password = username === "driver" ? "driver123" : `${username}123`;
    const res = await call(loginAction, formPost("/login", { username, password }));
    expect(res.status, username).toBe(302);
    cookies.set(username, cookieFrom(res));
  }
  return cookies.get(username)!;
}

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  formPost(path, fields, { cookie });

/** The status of a call that may throw a Response (a refusal) or answer one. */
const statusOf = async (p: Promise<Response>) => (await p).status;

let imei = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await upstreamAuth("admin", "admin123");
  imei = (await listDevices(admin)).devices[0]!.imei;
});

async function upstreamDevice(id: string) {
  return (await up.iotDevices(upstream(admin.token))).find((d) => d.imei === id)!;
}

describe("the device page's changes need the app's permissions (fleet_edit, geofences_edit, share_links)", () => {
  const devicePost = (fields: Record<string, string>, cookie: string) =>
    call(deviceAction, post(`/dashboard/assets/device/${imei}`, fields, cookie), {
      params: { imei },
    });

  it("refuses the driver a share link, a rename, a geofence and its deletion: 403, nothing changed", async () => {
    const driver = await as("driver");
    const before = await upstreamDevice(imei);
    const links = await prisma.shareLink.count();
    const attempts: Record<string, string>[] = [
      { intent: "share", minutes: "60" },
      { intent: "rename", nickname: "Driver was here" },
      { intent: "icon", icon: "bus" },
      { intent: "geofence", lat: "-27.4", lng: "153.0", radius: "500" },
      { intent: "geofence-delete", confirm: "yes" },
    ];
    for (const fields of attempts)
      expect(await statusOf(devicePost(fields, driver)), fields.intent).toBe(403);
    expect(await prisma.shareLink.count()).toBe(links);
    const after = await upstreamDevice(imei);
    expect(after.nickname).toBe(before.nickname);
    expect(after.avatar).toBe(before.avatar);
    expect([after.geofence_gps, after.geofence_meters]).toEqual([
      before.geofence_gps,
      before.geofence_meters,
    ]);
    // The page itself stays open to the driver, without the forms they may not use.
    const page = await call(deviceLoader, get(`/dashboard/assets/device/${imei}`, driver), {
      params: { imei },
    });
    expect(page.status).toBe(200);
    expect((await page.json()).can).toMatchObject({
      rename: false,
      share: false,
      geofence: false,
    });
  });

  it("lets the admin make each of them", async () => {
    const cookie = await as("admin");
    const share = await devicePost({ intent: "share", minutes: "60" }, cookie);
    expect(await share.json()).toMatchObject({ ok: true, shareId: expect.any(String) });
    const rename = await devicePost({ intent: "rename", nickname: "Renamed by admin" }, cookie);
    expect(await rename.json()).toMatchObject({ ok: true });
    expect((await upstreamDevice(imei)).nickname).toBe("Renamed by admin");
    const fence = { intent: "geofence", lat: "-27.4", lng: "153.0", radius: "500" };
    expect(await (await devicePost(fence, cookie)).json()).toMatchObject({ ok: true });
    expect((await upstreamDevice(imei)).geofence_meters).toBe(500);
    const del = await devicePost({ intent: "geofence-delete", confirm: "yes" }, cookie);
    expect(await del.json()).toMatchObject({ ok: true });
    expect((await upstreamDevice(imei)).geofence_meters).toBeNull();
  });
});

describe("beacons: configuration (beacons_edit) and share links (share_links)", () => {
  it("refuses the driver; lets the admin", async () => {
    const driver = await as("driver");
    const b = (await listBeacons(admin)).beacons[0]!;
    const config = {
      uuid: b.uuid,
      nickname: "Driver tag",
      assetName: "",
      txPower: "0",
      advIntervalMs: "1000",
    };
    expect(
      await statusOf(call(configAction, post("/dashboard/beacon-config", config, driver))),
    ).toBe(403);
    const share = (cookie: string) =>
      call(
        beaconAction,
        post(`/dashboard/beacon/${b.uuid}`, { intent: "share", minutes: "60" }, cookie),
        {
          params: { uuid: b.uuid },
        },
      );
    expect(await statusOf(share(driver))).toBe(403);
    expect(await prisma.beaconShareLink.count()).toBe(0);
    expect(
      (await bup.beacons(upstream(admin.token))).find((x) => x.uuid === b.uuid)!.nickname,
    ).toBe(b.nickname);

    const cookie = await as("admin");
    const saved = await call(configAction, post("/dashboard/beacon-config", config, cookie));
    expect(await saved.json()).toMatchObject({ ok: true });
    expect(await (await share(cookie)).json()).toMatchObject({ ok: true });
    expect(await prisma.beaconShareLink.count()).toBe(1);
  });
});

describe("the logbook: another driver's trip needs logbook_edit_all", () => {
  it("refuses the driver a purpose change on a trip of another driver; lets the admin", async () => {
    const now = Date.now();
    let target: { imei: string; id: string; purpose: string; driver: string | null } | null = null;
    for (const d of (await listDevices(admin)).devices) {
      const book = await loadLogbook(admin, d.imei, { from: now - 20 * DAY, to: now });
      const e = book.entries.find((x) => x.driver && x.driver !== "Dan Driver");
      if (e) {
        target = e;
        break;
      }
    }
    expect(target).not.toBeNull();
    const { id, purpose } = target!;
    const other = purpose === "business" ? "private" : "business";
    const change = (cookie: string) =>
      call(
        logbookAction,
        post(
          `/dashboard/logbook?imei=${target!.imei}`,
          { intent: "purpose", id, purpose: other, description: "Changed" },
          cookie,
        ),
      );
    expect(await statusOf(change(await as("driver")))).toBe(403);
    const entry = async () =>
      (await loadLogbook(admin, target!.imei, { from: now - 20 * DAY, to: now })).entries.find(
        (e) => e.id === id,
      )!;
    expect((await entry()).purpose).toBe(purpose);

    expect(await statusOf(change(await as("admin")))).toBe(302);
    expect((await entry()).purpose).toBe(other);
  });
});

describe("reports: running one needs reports_manage", () => {
  it("refuses the driver a background report; lets the admin", async () => {
    const run = (cookie: string) =>
      call(
        reportAction,
        post(
          "/dashboard/reports/trip-summary",
          { intent: "run-job", from: "2026-03-02", to: "2026-03-02" },
          cookie,
        ),
        { params: { kind: "trip-summary" } },
      );
    expect(await statusOf(run(await as("driver")))).toBe(403);
    expect(await prisma.reportJob.count()).toBe(0);
    expect(await statusOf(run(await as("admin")))).toBe(302);
    expect(await prisma.reportJob.count()).toBe(1);
  });
});

const schedule = {
  intent: "save",
  reportKind: "distance-per-vehicle",
  frequency: "weekly",
  weekdays: "1",
  timeOfDay: "07:00",
  timeZone: "Australia/Brisbane",
  period: "last_week",
  format: "csv",
  recipients: "ops@harbour.example",
  subject: "Weekly distance",
  message: "",
  enabled: "on",
};

describe("scheduled reports belong to their owner", () => {
  it("the admin's schedule is a 404 to the driver (page, list, every form); another manager may edit it", async () => {
    const admin = await as("admin");
    const created = await call(
      scheduleAction,
      post("/dashboard/scheduled-reports/new", schedule, admin),
      { params: { id: "new" } },
    );
    expect(created.status).toBe(302);
    const id = created.headers.get("location")!.split("/").pop()!;
    const path = `/dashboard/scheduled-reports/${id}`;
    const driver = await as("driver");

    expect(await statusOf(call(scheduleLoader, get(path, driver), { params: { id } }))).toBe(404);
    const forms: Record<string, string>[] = [
      { ...schedule, recipients: "thief@elsewhere.example" },
      { intent: "disable" },
      { intent: "send-now" },
      { intent: "delete", confirm: "yes" },
    ];
    for (const fields of forms)
      expect(
        await statusOf(call(scheduleAction, post(path, fields, driver), { params: { id } })),
        fields.intent,
      ).toBe(404);
    const row = await prisma.reportSchedule.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ recipients: ["ops@harbour.example"], enabled: true });
    expect(await prisma.reportRun.count({ where: { scheduleId: id } })).toBe(0);
    const list = await (
      await call(schedulesLoader, get("/dashboard/scheduled-reports", driver))
    ).json();
    expect(JSON.stringify(list)).not.toContain(id);
    // Without reports_manage the driver cannot make one either.
    expect(
      await statusOf(
        call(scheduleAction, post("/dashboard/scheduled-reports/new", schedule, driver), {
          params: { id: "new" },
        }),
      ),
    ).toBe(403);
    expect(await prisma.reportSchedule.count()).toBe(1);

    // demo holds reports_manage: it sees the admin's schedule and may change it.
    const demo = await as("demo");
    expect(
      JSON.stringify(
        await (await call(schedulesLoader, get("/dashboard/scheduled-reports", demo))).json(),
      ),
    ).toContain(id);
    const edited = await call(
      scheduleAction,
      post(path, { ...schedule, subject: "Edited by demo" }, demo),
      { params: { id } },
    );
    expect(edited.status).toBe(302);
    expect(await prisma.reportSchedule.findUniqueOrThrow({ where: { id } })).toMatchObject({
      subject: "Edited by demo",
      userId: 1001,
    });
  });
});

describe("alert rules belong to their owner", () => {
  const rule = {
    intent: "rule-save",
    name: "Admin's speeding",
    kinds: "overspeed",
    channels: "inapp",
    timeZone: "UTC",
    enabled: "on",
  };

  it("another's rule is a 404 to the driver, who cannot make one; a manager may edit it", async () => {
    const adminCookie = await as("admin");
    const saved = await call(alertsAction, post("/dashboard/notifications", rule, adminCookie));
    expect(saved.status).toBe(302);
    const { id } = await prisma.alertRule.findFirstOrThrow({ where: { userId: 1001 } });

    const driver = await as("driver");
    const attempts: Record<string, string>[] = [
      { ...rule, ruleId: id, name: "Hijacked", channels: "email", email: "x@elsewhere.example" },
      { intent: "rule-toggle", id, enabled: "false" },
      { intent: "rule-test", id },
      { intent: "rule-delete", id, confirm: "yes" },
    ];
    for (const fields of attempts)
      expect(
        await statusOf(call(alertsAction, post("/dashboard/notifications", fields, driver))),
        fields.intent,
      ).toBe(404);
    expect(
      await statusOf(call(alertsLoader, get(`/dashboard/notifications?edit=${id}`, driver))),
    ).toBe(404);
    expect(await statusOf(call(alertsAction, post("/dashboard/notifications", rule, driver)))).toBe(
      403,
    );
    expect(await prisma.alertRule.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "Admin's speeding",
      enabled: true,
      channels: ["inapp"],
    });
    expect(await prisma.alertRule.count()).toBe(1);

    const demo = await as("demo");
    const page = await (
      await call(alertsLoader, get(`/dashboard/notifications?edit=${id}`, demo))
    ).json();
    expect(page.editing.id).toBe(id);
    const edited = await call(
      alertsAction,
      post("/dashboard/notifications", { ...rule, ruleId: id, name: "Edited by demo" }, demo),
    );
    expect(edited.status).toBe(302);
    expect(await prisma.alertRule.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "Edited by demo",
      userId: 1001,
    });
  });
});
