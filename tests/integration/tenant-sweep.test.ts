/// <reference types="vite/client" />
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { notifyUser } from "~/modules/notifications/notifications.server";
import { startReportJob } from "~/modules/reports/report-jobs.server";
import { createBeaconShareLink } from "~/modules/beacons/beacon-sharing.server";
import { createFormLink } from "~/modules/forms/form-links.server";
import { listBeacons } from "~/modules/beacons/beacons.server";
import { createShareLink } from "~/modules/fleet/sharing.server";
import { getTrips, TRIP_DEVICES } from "~/modules/trips/trips.server";
import * as up from "~/services/upstream/index.server";
import * as dup from "~/modules/drivers/upstream.server";
import * as mup from "~/modules/maintenance/upstream.server";
import * as iup from "~/modules/insight-tags/upstream.server";
import { useTestDatabase } from "../support/db";
import { sendTo, signInTo } from "../support/remix";
import { useSimulator } from "../support/upstream";
import type { ModuleSweep, SweepCase, SweepContext } from "./tenant-sweep/kit";
import { promisedHandler } from "../support/build";

/**
 * Issue 8 (ASVS V8), the tenant sweep: company 2 (`other`) owns one of everything that has an
 * id; company 1 (`admin`) asks for each of them through every route that takes an id — in the
 * path, the query or a form field, loaders and actions — and gets 404 every time, and nothing of
 * company 2 changes. Requests go through the production build's request handler, so Remix's own
 * routing decides which loaders and actions run (layouts included).
 *
 * The guard at the end reads app/routes: a route file with a `$param` or an action that this
 * sweep does not exercise (and that is not listed below with the reason) fails the test.
 */

// ------------------------------------------------------------------ route files not swept, and why

/** Public views where the id is itself the secret (128+ random bits): whoever holds it may look. */
const PUBLIC_WITH_TOKEN: Record<string, string> = {
  "sharing.$id.tsx":
    "the share link's id is the token (tests/integration/devices.test.ts: expiry, revocation, guessing)",
  "unsubscribe.$token.tsx":
    "a signed per-recipient unsubscribe token (tests/integration/reports-routes.test.ts: forged token 404)",
  "forms.$id.tsx":
    "the fill-in link's id is the token; its action takes answers only (tests/integration/forms.test.ts: guessed, expired, revoked 404)",
  "verify.$code.tsx":
    "the certificate's code is its own proof: an HMAC over every printed field (tests/integration/certificate-verify.test.ts: changed field, random code, rotated key)",
  "insight-tag.$uuid.tsx":
    "the public page printed on the label: only the fields its company chose, a contact form (tests/integration/insight-tags.test.ts)",
};

/** `$` segments that name no company's data. */
const NOT_A_COMPANY_ID: Record<string, string> = {
  "$.tsx": "catch-all 404",
  "dashboard.$.tsx": "catch-all 404 inside the shell",
  "docs.$.tsx": "public documentation pages",
  "media.$.ts":
    "upstream images by path, fetched with the caller's own token (the upstream decides)",
  "dashboard.reports.$kind.tsx":
    "a report kind from the fixed catalogue (its imeis/job ids are swept below)",
  "dashboard.reports.$kind.download.tsx":
    "a report kind from the fixed catalogue (its imeis/job ids are swept below)",
  "dashboard.logbook_.export.$format.ts": "csv or pdf (its imei is swept below)",
};

/** Actions that take no company id: the session's own user or company, or no session at all. */
const ACTIONS_WITHOUT_IDS: Record<string, string> = {
  "login.tsx": "sign-in",
  "admin_login.tsx": "sign-in",
  "register.tsx": "sign-up",
  "demo.tsx": "demo sign-in",
  "logout.tsx": "sign-out",
  "recoverAccount.tsx": "recovery token from the upstream's email",
  "dashboard.account.tsx": "the session's own profile",
  "dashboard.company_settings.tsx": "the session's own company (nothing posted names a company)",
  "display-settings.tsx": "the visitor's own display-settings cookie, no account data",
  "dashboard.insight-tag._index.tsx":
    "registers a new tag (a taken uuid is a conflict, 400, whoever holds it: the label's public URL is global)",
  "unsubscribe.$token.tsx": PUBLIC_WITH_TOKEN["unsubscribe.$token.tsx"]!,
  "forms.$id.tsx": PUBLIC_WITH_TOKEN["forms.$id.tsx"]!,
  "verify.$code.tsx":
    "the certificate's code is its own proof: an HMAC over every printed field (tests/integration/certificate-verify.test.ts: changed field, random code, rotated key)",
  "insight-tag.$uuid.tsx": PUBLIC_WITH_TOKEN["insight-tag.$uuid.tsx"]!,
};

/** A prefix's splat: it answers 404 for any path and never reads an id. */
function isStub(source: string) {
  const code = source
    .replace(/^import .*$/gm, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .trim();
  return (
    /^export \{ shellNotFoundLoader as loader \}/.test(code) &&
    !/params|formData|prisma|upstream/.test(code)
  );
}

// ------------------------------------------------------------------ the app, the two companies

let handle: (request: Request) => Promise<Response>;
const cookies: Record<"admin" | "other", string> = { admin: "", other: "" };

type Ids = {
  /** An installation certificate of company 2's device. */
  certificateB: string;
  userB: number;
  imeiB: string;
  imeiA: string;
  tripB: string;
  scheduleB: string;
  shareB: string;
  ruleB: string;
  notificationB: string;
  subscriptionB: { id: string; endpoint: string };
  jobB: string;
  beaconB: string;
  beaconA: string;
  beaconShareB: string;
  formLinkB: string;
  formSubmissionB: string;
  formB: number;
  driverB: number;
  driverA: number;
  tagB: number;
  tagA: number;
  eventB: string;
  unidentifiedB: { imei: string; tripId: string };
  templateB: number;
  templateA: number;
  programmeB: number;
  taskB: number;
  personB: number;
  maintImeiB: string;
  insightB: { uuid: string; category: number; folder: number; file: number; page: number };
  insightA: { uuid: string; category: number; folder: number };
};
let ids: Ids;

/** The modules' own parts of the sweep (tenant-sweep/<module>.sweep.ts), with what each seeded. */
const moduleSweeps = Object.entries(
  import.meta.glob<{ default: ModuleSweep<unknown> }>("./tenant-sweep/*.sweep.ts", {
    eager: true,
  }),
).map(([file, m]) => ({ file, sweep: m.default, seeded: undefined as unknown }));
let sweepCtx: SweepContext;
const moduleCases = (): SweepCase[] => moduleSweeps.flatMap((m) => m.sweep.cases(m.seeded));
const moduleSnapshots = async () =>
  Promise.all(moduleSweeps.map((m) => m.sweep.snapshot(sweepCtx, m.seeded)));

const request = (
  method: "GET" | "POST" | "DELETE",
  url: string,
  cookie: string,
  body?: Record<string, string | string[]> | { json: unknown },
) => sendTo(handle, method, url, cookie, body);
const signIn = (username: string, password: string) => signInTo(handle, username, password);

const schedule = {
  intent: "save",
  reportKind: "distance-per-vehicle",
  frequency: "weekly",
  weekdays: "1",
  timeOfDay: "07:00",
  timeZone: "Australia/Brisbane",
  period: "last_week",
  format: "pdf",
  recipients: "ops@example.com",
  subject: "Weekly distance",
  message: "",
  enabled: "on",
};

/** Everything of company 2 that a request of company 1 could change (volatile columns left out). */
async function companyTwo() {
  const token = await up.login(upstream(null), { username: "other", password: "other123" });
  if (!token.ok) throw new Error("other cannot sign in");
  const upstreamDevices = (await up.iotDevices(upstream(token.token))).map((d) =>
    JSON.stringify([
      d.imei,
      d.nickname,
      d.avatar,
      d.permdriver,
      d.geofence_gps,
      d.geofence_meters,
      d.tags,
      d.groups,
    ]),
  );
  return {
    upstreamDevices,
    devices: await prisma.device.findMany({
      where: { companyId: 2 },
      orderBy: { imei: "asc" },
      select: {
        imei: true,
        nickname: true,
        avatar: true,
        permdriver: true,
        tags: true,
        groups: true,
        geofenceGps: true,
        geofenceMeters: true,
      },
    }),
    trips: await prisma.trip.findMany({
      where: { companyId: 2 },
      orderBy: { id: "asc" },
      select: { id: true, data: true },
    }),
    shares: await prisma.shareLink.findMany({ where: { companyId: 2 }, orderBy: { id: "asc" } }),
    schedules: await prisma.reportSchedule.findMany({
      where: { companyId: 2 },
      orderBy: { id: "asc" },
    }),
    runs: await prisma.reportRun.count({ where: { schedule: { companyId: 2 } } }),
    rules: await prisma.alertRule.findMany({ where: { companyId: 2 }, orderBy: { id: "asc" } }),
    notifications: await prisma.notification.findMany({
      where: { companyId: 2 },
      orderBy: { id: "asc" },
    }),
    subscriptions: await prisma.pushSubscription.findMany({
      where: { companyId: 2 },
      orderBy: { id: "asc" },
    }),
    jobs: await prisma.reportJob.findMany({
      where: { companyId: 2 },
      orderBy: { id: "asc" },
      select: { id: true, status: true, cancelRequested: true },
    }),
    sessions: await prisma.session.count({ where: { companyId: 2 } }),
    beacons: await prisma.beacon.findMany({
      where: { companyId: 2 },
      orderBy: { uuid: "asc" },
      select: { uuid: true, nickname: true, assetName: true, txPower: true, advIntervalMs: true },
    }),
    beaconShares: await prisma.beaconShareLink.findMany({
      where: { companyId: 2 },
      orderBy: { id: "asc" },
    }),
    formLinks: await prisma.formLink.findMany({ where: { companyId: 2 }, orderBy: { id: "asc" } }),
    formSubmissions: await prisma.formSubmission.findMany({
      where: { companyId: 2 },
      orderBy: { id: "asc" },
    }),
    ...(await driversAndMaintenance(upstream(token.token))),
    // What a user could change; a GPS tag's last position and battery move on their own.
    insightTags: (await iup.insightTags(upstream(token.token))).map(
      ({ last_position: _p, battery: _b, ...t }) => t,
    ),
    insightWiki: ids ? await iup.wiki(upstream(token.token), ids.insightB.uuid) : null,
  };
}

/** Company 2's drivers, tags, the unidentified trip, reviews, scoring and maintenance records. */
async function driversAndMaintenance(u: ReturnType<typeof upstream>) {
  const from = new Date(Date.now() - 20 * 86_400_000).toISOString();
  const trip = ids.unidentifiedB;
  return {
    drivers: await dup.drivers(u),
    driverTags: await dup.driverTags(u),
    unidentifiedTrip: (await dup.driverSessions(u, { from, imei: trip.imei })).find(
      (x) => x.trip_id === trip.tripId,
    ),
    reviews: await prisma.driverEventReview.findMany({ where: { companyId: 2 } }),
    scoreSettings: await prisma.driverScoreSettings.count({ where: { companyId: 2 } }),
    scoreWeeks: await prisma.driverScoreWeek.count({ where: { companyId: 2 } }),
    templates: await mup.listTemplates(u),
    programmes: await mup.listProgrammes(u),
    maintSchedules: await mup.listSchedules(u),
    tasks: await mup.listTasks(u),
    services: await mup.listHistory(u),
    assets: await mup.listAssetStates(u),
  };
}

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handler = promisedHandler(build);
  handle = (r) => handler(r, { cspNonce: "n", clientAddress: "203.0.113.9" });

  cookies.admin = await signIn("admin", "admin123");
  cookies.other = await signIn("other", "other123");
  // Both companies' device caches fill on their first page.
  expect((await request("GET", "/dashboard/fleet", cookies.admin)).status).toBe(200);
  expect((await request("GET", "/dashboard/fleet", cookies.other)).status).toBe(200);

  const session = await prisma.session.findFirst({ where: { companyId: 2 } });
  const userB = session!.userId;
  const b = await up.login(upstream(null), { username: "other", password: "other123" });
  if (!b.ok) throw new Error("other cannot sign in");
  const authB = { token: b.token, companyId: 2 };
  const devicesB = await prisma.device.findMany({
    where: { companyId: 2 },
    orderBy: { imei: "asc" },
  });
  const imeiB = devicesB.find((d) => TRIP_DEVICES.includes(d.deviceTypeId))!.imei;
  const imeiA = (await prisma.device.findFirst({
    where: { companyId: 1 },
    orderBy: { imei: "asc" },
  }))!.imei;

  // A trip (and so a logbook entry) of company 2.
  const now = Date.now();
  const trips = await getTrips(authB, [imeiB], now - 20 * 86_400_000, now);
  expect(trips.trips.length, "company 2's vehicle has trips").toBeGreaterThan(0);
  // A schedule and a report job, made through the routes as company 2's user.
  const created = await request("POST", "/dashboard/scheduled-reports/new", cookies.other, {
    ...schedule,
    imeis: imeiB,
  });
  expect(created.status).toBe(302);
  const scheduleB = created.location!.match(/scheduled-reports\/([^/?]+)/)![1]!;
  const job = await startReportJob({ userId: userB, companyId: 2 }, "distance-per-vehicle", {
    imeis: [imeiB],
    groups: [],
  });
  // An alert rule through the page, a notification, a browser subscription, a share link.
  const rule = await request("POST", "/dashboard/notifications", cookies.other, {
    intent: "rule-save",
    name: "Theirs",
    kinds: "overspeed",
    channels: "inapp",
    imeis: imeiB,
  });
  expect(rule.status).toBe(302);
  const ruleB = (await prisma.alertRule.findFirst({ where: { companyId: 2 } }))!.id;
  const notificationB = (await notifyUser({
    userId: userB,
    companyId: 2,
    kind: "info",
    title: "For company 2",
    body: "b",
    push: false,
  }))!.id;
  const keys = {
    p256dh:
      "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  };
  const sub = await prisma.pushSubscription.create({
    data: {
      userId: userB,
      companyId: 2,
      endpoint: "https://push.example/company-2",
      p256dh: keys.p256dh,
      auth: keys.auth,
    },
  });
  const share = await createShareLink(authB, userB, imeiB, 60);
  // A beacon of each company, and a share link of company 2's beacon.
  const beaconB = (await listBeacons(authB)).beacons[0]!.uuid;
  const a = await up.login(upstream(null), { username: "admin", password: "admin123" });
  if (!a.ok) throw new Error("admin cannot sign in");
  const beaconA = (await listBeacons({ token: a.token, companyId: 1 })).beacons[0]!.uuid;
  const beaconShare = await createBeaconShareLink(authB, userB, beaconB, 60);
  // A fill-in link of company 2's first form, and answers that came through it (already forwarded, so nothing moves during the sweep).
  const formLink = await createFormLink(authB, userB, {
    formId: 311,
    label: "Southside subbies",
    minutes: 60,
  });
  const formSubmission = await prisma.formSubmission.create({
    data: {
      linkId: formLink.id,
      companyId: 2,
      formId: 311,
      answers: { vehicle: "SSP-1" },
      addressKey: "k",
      forwardedAt: new Date(),
      upstreamId: "1",
    },
  });

  // Drivers: a driver, a tag, a safety event and an unidentified trip of company 2 (and a driver
  // and a tag of company 1, to pair with them); maintenance: a template, a programme, a task, an
  // assignee and a scheduled vehicle of company 2 (and a template of company 1).
  const upB = upstream(b.token);
  const upA = upstream(a.token);
  const from = new Date(now - 20 * 86_400_000).toISOString();
  const eventB = (await dup.safetyEvents(upB, { from, to: new Date(now).toISOString() })).at(-1)!;
  const unidentifiedB = (await dup.driverSessions(upB, { from, unidentified: true })).at(-1)!;
  const schedulesB = await mup.listSchedules(upB);
  const tasksB = await mup.listTasks(upB);

  // Insight tags: a tag of each company with a category and a folder (company 2's with a file).
  const wikiOf = async (u: ReturnType<typeof upstream>) => {
    const tag = (await iup.insightTags(u))[0]!;
    const category = await iup.createCategory(u, tag.uuid, "Sweep");
    const folder = await iup.createFolder(u, category.id, "Sweep folder");
    return { uuid: tag.uuid, category: category.id, folder: folder.id };
  };
  const insightA = await wikiOf(upA);
  const insightB0 = await wikiOf(upB);
  const fileB = await iup.uploadFile(
    upB,
    { folderId: insightB0.folder, name: "theirs.txt", contentType: "text/plain" },
    new Blob(["For company 2"]).stream(),
  );

  const pageB = await iup.createPage(upB, {
    folderId: insightB0.folder,
    title: "Theirs",
    body: "For company 2",
  });

  const certificateB = (
    await prisma.installationCertificate.create({
      data: {
        companyId: 2,
        imei: imeiB,
        deviceName: "Theirs",
        installer: "Their installer",
        checks: [],
        issuedBy: 2001,
      },
    })
  ).id;

  ids = {
    certificateB,
    insightA,
    insightB: { ...insightB0, file: fileB.id, page: pageB.id },
    driverB: (await dup.drivers(upB))[0]!.id,
    driverA: (await dup.drivers(upA)).find((d) => d.active)!.id,
    tagB: (await dup.driverTags(upB))[0]!.id,
    tagA: (await dup.driverTags(upA))[0]!.id,
    eventB: eventB.id,
    unidentifiedB: { imei: unidentifiedB.imei, tripId: unidentifiedB.trip_id },
    templateB: (await mup.listTemplates(upB))[0]!.id,
    templateA: (await mup.listTemplates(upA))[0]!.id,
    programmeB: (await mup.listProgrammes(upB))[0]!.id,
    taskB: (tasksB.find((t) => t.status !== "done" && t.status !== "cancelled") ?? tasksB[0]!).id,
    personB: (await mup.listPeople(upB))[0]!.id,
    maintImeiB: schedulesB[0]!.imei,
    userB,
    imeiB,
    imeiA,
    tripB: trips.trips[0]!.id,
    scheduleB,
    shareB: share.id,
    ruleB,
    notificationB,
    subscriptionB: { id: sub.id, endpoint: sub.endpoint },
    jobB: job.id,
    beaconB,
    beaconA,
    beaconShareB: beaconShare.id,
    formLinkB: formLink.id,
    formSubmissionB: formSubmission.id,
    formB: 311,
  };

  sweepCtx = {
    upA,
    upB,
    authA: { token: a.token, companyId: 1 },
    authB,
    imeiA,
    imeiB,
    request: (as, method, url, body) => request(method, url, cookies[as], body),
  };
  for (const m of moduleSweeps) m.seeded = await m.sweep.seed(sweepCtx);
}, 300_000);

// ------------------------------------------------------------------ the sweep

type Case = {
  file: string;
  method: "GET" | "POST" | "DELETE";
  url: string;
  body?: Record<string, string | string[]> | { json: unknown };
};

/** Every request company 1 could make with an id of company 2, by the route file that answers it. */
function cases(i: Ids): Case[] {
  return [...coreCases(i), ...moduleCases()];
}

function coreCases(i: Ids): Case[] {
  const device = (intent: string, fields: Record<string, string> = {}): Case => ({
    file: "dashboard.assets.device.$imei.tsx",
    method: "POST",
    url: `/dashboard/assets/device/${i.imeiB}`,
    body: { intent, ...fields },
  });
  const scheduleUrl = `/dashboard/scheduled-reports/${i.scheduleB}`;
  const notifications = (fields: Record<string, string>): Case => ({
    file: "dashboard.notifications.tsx",
    method: "POST",
    url: "/dashboard/notifications",
    body: fields,
  });
  return [
    // A vehicle of company 2, in the path.
    {
      file: "dashboard.assets.device.$imei.tsx",
      method: "GET",
      url: `/dashboard/assets/device/${i.imeiB}`,
    },
    device("rename", { nickname: "Hijacked" }),
    device("icon", { icon: "bus" }),
    device("permdriver", { permdriver: "Mallory" }),
    device("tags", { tag: "1" }),
    device("groups", { group: "1" }),
    device("geofence", { lat: "-27.4", lng: "153.0", radius: "300" }),
    device("geofence-delete"),
    device("geofence-delete", { confirm: "yes" }),
    device("share", { minutes: "60" }),
    device("share-revoke", { id: i.shareB }),
    device("share-revoke", { id: i.shareB, confirm: "yes" }),
    device("no-such-intent"),
    {
      file: "dashboard.vehicle-dashboard.$imei.tsx",
      method: "GET",
      url: `/dashboard/vehicle-dashboard/${i.imeiB}`,
    },
    {
      file: "dashboard.recover-offline-device.$imei.tsx",
      method: "GET",
      url: `/dashboard/recover-offline-device/${i.imeiB}`,
    },
    { file: "assets.dashboard.$imei.tsx", method: "GET", url: `/assets/dashboard/${i.imeiB}` },
    { file: "assets.details.$imei.tsx", method: "GET", url: `/assets/details/${i.imeiB}` },
    // Company 2's share token on company 1's vehicle (the token is only good for its own vehicle).
    {
      file: "assets.dashboard.$imei.tsx",
      method: "GET",
      url: `/assets/dashboard/${i.imeiA}?share=${i.shareB}`,
    },
    {
      file: "assets.details.$imei.tsx",
      method: "GET",
      url: `/assets/details/${i.imeiA}?share=${i.shareB}`,
    },
    // Company 2's share link, revoked from a vehicle page of company 1.
    {
      file: "dashboard.assets.device.$imei.tsx",
      method: "POST",
      url: `/dashboard/assets/device/${i.imeiA}`,
      body: { intent: "share-revoke", id: i.shareB },
    },
    {
      file: "dashboard.assets.device.$imei.tsx",
      method: "POST",
      url: `/dashboard/assets/device/${i.imeiA}`,
      body: { intent: "share-revoke", id: i.shareB, confirm: "yes" },
    },
    // A vehicle of company 2, in the query.
    { file: "dashboard.trips.tsx", method: "GET", url: `/dashboard/trips?imei=${i.imeiB}` },
    { file: "dashboard.logbook.tsx", method: "GET", url: `/dashboard/logbook?imei=${i.imeiB}` },
    {
      file: "dashboard.logbook_.export.$format.ts",
      method: "GET",
      url: `/dashboard/logbook/export/csv?imei=${i.imeiB}`,
    },
    {
      file: "dashboard.logbook_.export.$format.ts",
      method: "GET",
      url: `/dashboard/logbook/export/pdf?imei=${i.imeiB}`,
    },
    { file: "dashboard.timeline.tsx", method: "GET", url: `/dashboard/timeline?imei=${i.imeiB}` },
    {
      file: "dashboard.reports.$kind.tsx",
      method: "GET",
      url: `/dashboard/reports/trip-summary?imeis=${i.imeiB}`,
    },
    {
      file: "dashboard.reports.$kind.download.tsx",
      method: "GET",
      url: `/dashboard/reports/trip-summary/download?format=csv&imeis=${i.imeiB}`,
    },
    {
      file: "dashboard.reports.$kind.tsx",
      method: "POST",
      url: "/dashboard/reports/distance-per-vehicle",
      body: { intent: "run-job", imeis: i.imeiB },
    },
    {
      file: "dashboard.scheduled-reports.$id.tsx",
      method: "POST",
      url: "/dashboard/scheduled-reports/new",
      body: { ...schedule, imeis: i.imeiB },
    },
    // A trip / logbook entry of company 2.
    { file: "api.trip-track.$id.ts", method: "GET", url: `/api/trip-track/${i.tripB}` },
    {
      file: "dashboard.logbook.tsx",
      method: "POST",
      url: "/dashboard/logbook",
      body: { intent: "purpose", id: i.tripB, purpose: "private", description: "" },
    },
    {
      file: "dashboard.logbook.tsx",
      method: "POST",
      url: "/dashboard/logbook",
      body: { intent: "delete", id: i.tripB },
    },
    {
      file: "dashboard.logbook.tsx",
      method: "POST",
      url: "/dashboard/logbook",
      body: { intent: "delete", id: i.tripB, confirm: "yes" },
    },
    {
      file: "dashboard.logbook.tsx",
      method: "POST",
      url: `/dashboard/logbook?imei=${i.imeiB}`,
      body: {
        intent: "add",
        logstart: "2024-01-02T08:00",
        logstop: "2024-01-02T09:00",
        purpose: "business",
        start_odometer: "1",
        end_odometer: "2",
      },
    },
    // A schedule of company 2.
    { file: "dashboard.scheduled-reports.$id.tsx", method: "GET", url: scheduleUrl },
    ...["enable", "disable", "send-now", "delete"].map((intent): Case => ({
      file: "dashboard.scheduled-reports.$id.tsx",
      method: "POST",
      url: scheduleUrl,
      body: { intent },
    })),
    {
      file: "dashboard.scheduled-reports.$id.tsx",
      method: "POST",
      url: scheduleUrl,
      body: { intent: "delete", confirm: "yes" },
    },
    {
      file: "dashboard.scheduled-reports.$id.tsx",
      method: "POST",
      url: scheduleUrl,
      body: schedule,
    },
    // A report job of company 2.
    {
      file: "dashboard.reports.$kind.tsx",
      method: "GET",
      url: `/dashboard/reports/distance-per-vehicle?job=${i.jobB}`,
    },
    {
      file: "dashboard.reports.$kind.download.tsx",
      method: "GET",
      url: `/dashboard/reports/distance-per-vehicle/download?format=csv&job=${i.jobB}`,
    },
    {
      file: "dashboard.reports.$kind.tsx",
      method: "POST",
      url: "/dashboard/reports/distance-per-vehicle",
      body: { intent: "cancel", job: i.jobB },
    },
    // An alert rule, a notification and a browser subscription of company 2's user.
    {
      file: "dashboard.notifications.tsx",
      method: "GET",
      url: `/dashboard/notifications?edit=${i.ruleB}`,
    },
    notifications({
      intent: "rule-save",
      ruleId: i.ruleB,
      name: "Mine now",
      kinds: "overspeed",
      channels: "inapp",
    }),
    notifications({
      intent: "rule-save",
      name: "Watching theirs",
      kinds: "overspeed",
      channels: "inapp",
      imeis: i.imeiB,
    }),
    notifications({ intent: "rule-toggle", id: i.ruleB, enabled: "false" }),
    notifications({ intent: "rule-test", id: i.ruleB }),
    notifications({ intent: "rule-delete", id: i.ruleB }),
    notifications({ intent: "rule-delete", id: i.ruleB, confirm: "yes" }),
    notifications({ intent: "read", id: i.notificationB }),
    notifications({ intent: "sub-remove", id: i.subscriptionB.id }),
    notifications({ intent: "sub-remove", id: i.subscriptionB.id, confirm: "yes" }),
    {
      file: "api.notifications.ts",
      method: "POST",
      url: "/api/notifications",
      body: { intent: "read", id: i.notificationB },
    },
    {
      file: "api.push-subscriptions.ts",
      method: "DELETE",
      url: "/api/push-subscriptions",
      body: { json: { endpoint: i.subscriptionB.endpoint } },
    },
    // A beacon of company 2 (path or form), and its share link.
    { file: "dashboard.beacon.$uuid.tsx", method: "GET", url: `/dashboard/beacon/${i.beaconB}` },
    {
      file: "dashboard.assets.beacon.$uuid.tsx",
      method: "GET",
      url: `/dashboard/assets/beacon/${i.beaconB}`,
    },
    {
      file: "dashboard.beacon.$uuid.tsx",
      method: "POST",
      url: `/dashboard/beacon/${i.beaconB}`,
      body: { intent: "share", minutes: "60" },
    },
    {
      file: "dashboard.beacon.$uuid.tsx",
      method: "POST",
      url: `/dashboard/beacon/${i.beaconB}`,
      body: { intent: "share-revoke", id: i.beaconShareB },
    },
    {
      file: "dashboard.beacon.$uuid.tsx",
      method: "POST",
      url: `/dashboard/beacon/${i.beaconB}`,
      body: { intent: "share-revoke", id: i.beaconShareB, confirm: "yes" },
    },
    {
      file: "dashboard.assets.beacon.$uuid.tsx",
      method: "POST",
      url: `/dashboard/assets/beacon/${i.beaconB}`,
      body: { intent: "share", minutes: "60" },
    },
    {
      file: "dashboard.beacon.$uuid.tsx",
      method: "POST",
      url: `/dashboard/beacon/${i.beaconA}`,
      body: { intent: "share-revoke", id: i.beaconShareB },
    },
    {
      file: "dashboard.beacon.$uuid.tsx",
      method: "POST",
      url: `/dashboard/beacon/${i.beaconA}`,
      body: { intent: "share-revoke", id: i.beaconShareB, confirm: "yes" },
    },
    {
      file: "dashboard.beacon-config.tsx",
      method: "POST",
      url: "/dashboard/beacon-config",
      body: {
        uuid: i.beaconB,
        nickname: "Hijacked",
        assetName: "",
        txPower: "0",
        advIntervalMs: "1000",
      },
    },
    { file: "beacons.dashboard.$uuid.tsx", method: "GET", url: `/beacons/dashboard/${i.beaconB}` },
    {
      file: "beacons.dashboard.$uuid.tsx",
      method: "GET",
      url: `/beacons/dashboard/${i.beaconA}?share=${i.beaconShareB}`,
    },
    // A fill-in link, its answers and a form of company 2.
    {
      file: "dashboard.dashboard-forms.tsx",
      method: "GET",
      url: `/dashboard/dashboard-forms?link=${i.formLinkB}`,
    },
    ...(
      [
        { intent: "link-revoke", id: i.formLinkB },
        { intent: "link-revoke", id: i.formLinkB, confirm: "yes" },
        { intent: "submission-retry", id: i.formSubmissionB },
        { intent: "link-create", formId: String(i.formB), label: "Mine now", minutes: "60" },
      ] as Record<string, string>[]
    ).map((body): Case => ({
      file: "dashboard.dashboard-forms.tsx",
      method: "POST",
      url: "/dashboard/dashboard-forms",
      body,
    })),
    ...driverCases(i),
    ...maintenanceCases(i),
    ...insightTagCases(i),
    // Company 2's user, whose sessions an admin of company 1 tries to end.
    {
      file: "dashboard.sessions.tsx",
      method: "POST",
      url: "/dashboard/sessions",
      body: { userId: String(i.userB) },
    },
    {
      file: "dashboard.sessions.tsx",
      method: "POST",
      url: "/dashboard/sessions",
      body: { userId: String(i.userB), confirm: "yes" },
    },
    // The installation check: their device, on opening, while checking, when issuing, and a
    // certificate of theirs asked for under our device.
    { file: "_shell.installation.$imei.tsx", method: "GET", url: `/installation/${i.imeiB}` },
    {
      file: "_shell.installation.$imei.tsx",
      method: "GET",
      url: `/installation/${i.imeiB}?since=${Date.now() - 60_000}`,
    },
    {
      file: "_shell.installation.$imei.tsx",
      method: "POST",
      url: `/installation/${i.imeiB}?since=${Date.now() - 60_000}`,
      body: { intent: "issue", installer: "Someone Else" },
    },
    {
      file: "installation.$imei.certificate.$id.ts",
      method: "GET",
      url: `/installation/${i.imeiB}/certificate/${i.certificateB}`,
    },
    {
      file: "installation.$imei.certificate.$id.ts",
      method: "GET",
      url: `/installation/${i.imeiA}/certificate/${i.certificateB}`,
    },
  ];
}

const post =
  (file: string, url: string) =>
  (body: Record<string, string | string[]>): Case => ({
    file,
    method: "POST",
    url,
    body,
  });

/** Drivers: a driver, a tag, a safety event and an unidentified trip of company 2. */
function driverCases(i: Ids): Case[] {
  const tag = post("dashboard.driver-tag.$id.tsx", `/dashboard/driver-tag/${i.tagB}`);
  const tagIndex = post("dashboard.driver-tag._index.tsx", "/dashboard/driver-tag");
  const manage = post("dashboard.drivermanagement.tsx", "/dashboard/drivermanagement");
  const safety = post("dashboard.driversafety.tsx", "/dashboard/driversafety");
  const [tagB, driverB, driverA] = [i.tagB, i.driverB, i.driverA].map(String) as [
    string,
    string,
    string,
  ];
  const trip = i.unidentifiedB;
  return [
    { file: "dashboard.driver-tag.$id.tsx", method: "GET", url: `/dashboard/driver-tag/${tagB}` },
    tag({ intent: "assign", id: tagB, driverId: driverA }),
    tag({ intent: "unassign", id: tagB }),
    tag({ intent: "deactivate", id: tagB }),
    tag({ intent: "deactivate", id: tagB, confirm: "yes" }),
    // Company 1's own tag, given company 2's driver.
    tag({ intent: "assign", id: String(i.tagA), driverId: driverB }),
    tagIndex({ intent: "register", uid: "0A0B0C0D0E0F", label: "Theirs", driverId: driverB }),
    tagIndex({ intent: "unassign", id: tagB }),
    {
      file: "dashboard.drivermanagement.tsx",
      method: "GET",
      url: `/dashboard/drivermanagement?edit=${driverB}`,
    },
    manage({ intent: "save", id: driverB, first_name: "Mallory", last_name: "Hijack" }),
    manage({ intent: "deactivate", id: driverB }),
    manage({ intent: "deactivate", id: driverB, confirm: "yes" }),
    manage({ intent: "reactivate", id: driverB }),
    manage({ intent: "assign", id: driverB, imei: i.imeiA }),
    manage({ intent: "assign", id: driverA, imei: i.imeiB }),
    manage({ intent: "assign-trip", imei: trip.imei, tripId: trip.tripId, driverId: driverA }),
    manage({ intent: "assign-trip", imei: i.imeiA, tripId: trip.tripId, driverId: driverA }),
    manage({ intent: "assign-trip", imei: i.imeiA, tripId: trip.tripId, driverId: driverB }),
    {
      file: "dashboard.driversafety.tsx",
      method: "GET",
      url: `/dashboard/driversafety?driver=${driverB}`,
    },
    {
      file: "dashboard.driversafety.tsx",
      method: "GET",
      url: `/dashboard/driversafety?days=30&idriver=${driverB}`,
    },
    {
      file: "dashboard.driversafety.tsx",
      method: "GET",
      url: `/dashboard/driversafety?days=30&vehicle=${i.unidentifiedB.imei}`,
    },
    // The review step is the only form here that names an id ("settings" and "recompute" act on
    // the session's own company and post none).
    safety({ intent: "review", eventId: i.eventB, status: "coached", note: "" }),
    safety({ intent: "review", eventId: i.eventB, status: "dismissed", reason: "Not them" }),
  ];
}

/** Insight tags: a tag of company 2, its wiki category, folder and file (and company 1's own wiki given them). */
function insightTagCases(i: Ids): Case[] {
  const b = i.insightB;
  const a = i.insightA;
  const wikiB = post(
    "dashboard.insight-tags.$uuid.wiki.tsx",
    `/dashboard/insight-tags/${b.uuid}/wiki`,
  );
  const wikiA = post(
    "dashboard.insight-tags.$uuid.wiki.tsx",
    `/dashboard/insight-tags/${a.uuid}/wiki`,
  );
  const tagB = post("dashboard.insight-tag.$uuid.tsx", `/dashboard/insight-tag/${b.uuid}`);
  const upload = "dashboard.insight-tags.$uuid.wiki_.upload.ts";
  const file = "dashboard.insight-tags.$uuid.wiki_.files.$id.ts";
  const [cat, fol, fil, pag] = [b.category, b.folder, b.file, b.page].map(String) as [
    string,
    string,
    string,
    string,
  ];
  const permissions = "dashboard.insight-tags.wiki-permissions.tsx";
  return [
    {
      file: "dashboard.insight-tag.$uuid.tsx",
      method: "GET",
      url: `/dashboard/insight-tag/${b.uuid}`,
    },
    tagB({ intent: "public-fields", field: ["name", "position"], ownerContact: "Mallory" }),
    tagB({ intent: "retire", retired: "yes" }),
    {
      file: "dashboard.insight-tags.$uuid.wiki.tsx",
      method: "GET",
      url: `/dashboard/insight-tags/${b.uuid}/wiki`,
    },
    {
      file: "dashboard.insight-tags.$uuid.wiki.tsx",
      method: "GET",
      url: `/dashboard/insight-tags/${a.uuid}/wiki?folder=${fol}`,
    },
    {
      file: "dashboard.insight-tags.$uuid.wiki.tsx",
      method: "GET",
      url: `/dashboard/insight-tags/${a.uuid}/wiki?category=${cat}`,
    },
    wikiB({ intent: "create-category", name: "Mine now" }),
    wikiA({ intent: "rename-category", id: cat, name: "Mine now" }),
    wikiA({ intent: "delete-category", id: cat, confirm: "yes" }),
    wikiA({ intent: "create-folder", categoryId: cat, name: "Mine now" }),
    wikiA({ intent: "rename-folder", id: fol, name: "Mine now" }),
    wikiA({ intent: "delete-folder", id: fol, confirm: "yes" }),
    wikiA({ intent: "delete-file", id: fil, confirm: "yes" }),
    {
      file: "dashboard.insight-tags.$uuid.wiki.tsx",
      method: "GET",
      url: `/dashboard/insight-tags/${a.uuid}/wiki?page=${pag}`,
    },
    wikiA({ intent: "create-page", folderId: fol, title: "Mine now", body: "x" }),
    wikiA({ intent: "edit-page", id: pag, title: "Mine now", body: "x" }),
    wikiA({ intent: "delete-page", id: pag, confirm: "yes" }),
    // Company 2's user, whose wiki permissions an admin of company 1 tries to read and set.
    {
      file: permissions,
      method: "GET",
      url: `/dashboard/insight-tags/wiki-permissions?user=${i.userB}`,
    },
    post(
      permissions,
      "/dashboard/insight-tags/wiki-permissions",
    )({
      intent: "set-wiki-permissions",
      userId: String(i.userB),
      wiki_create_category: "allow",
    }),
    {
      file: upload,
      method: "POST",
      url: `/dashboard/insight-tags/${b.uuid}/wiki/upload?folder=${fol}`,
      body: { x: "1" },
    },
    {
      file: upload,
      method: "POST",
      url: `/dashboard/insight-tags/${a.uuid}/wiki/upload?folder=${fol}`,
      body: { x: "1" },
    },
    { file, method: "GET", url: `/dashboard/insight-tags/${b.uuid}/wiki/files/${fil}` },
    { file, method: "GET", url: `/dashboard/insight-tags/${a.uuid}/wiki/files/${fil}` },
  ];
}

/** Maintenance: a template, a programme, a task, an assignee and a vehicle of company 2. */
function maintenanceCases(i: Ids): Case[] {
  const templates = post("dashboard.task-templates.tsx", "/dashboard/task-templates");
  const programmes = post("dashboard.task-groups.tsx", "/dashboard/task-groups");
  const tasks = post("dashboard.tasks.tsx", "/dashboard/tasks");
  const taskBoard = post("dashboard.maintenance-board.tsx", "/dashboard/maintenance-board");
  const assetBoard = post("dashboard.asset-board.tsx", "/dashboard/asset-board");
  const template = { name: "Mine now", interval_unit: "months", interval_time: "6", rule: "first" };
  const today = new Date().toISOString().slice(0, 10);
  const [templateB, templateA, taskB] = [i.templateB, i.templateA, i.taskB].map(String) as [
    string,
    string,
    string,
  ];
  return [
    {
      file: "dashboard.task-templates.tsx",
      method: "GET",
      url: `/dashboard/task-templates?edit=${templateB}`,
    },
    templates({ intent: "update", id: templateB, ...template }),
    {
      file: "dashboard.task-groups.tsx",
      method: "GET",
      url: `/dashboard/task-groups?edit=${i.programmeB}`,
    },
    programmes({
      intent: "update",
      id: String(i.programmeB),
      name: "Mine now",
      template_ids: templateA,
    }),
    programmes({ intent: "create", name: "Theirs too", template_ids: templateB }),
    programmes({
      intent: "create",
      name: "Theirs too",
      template_ids: templateA,
      imeis: i.maintImeiB,
    }),
    { file: "dashboard.tasks.tsx", method: "GET", url: `/dashboard/tasks?complete=${taskB}` },
    { file: "dashboard.tasks.tsx", method: "GET", url: `/dashboard/tasks?imei=${i.maintImeiB}` },
    { file: "dashboard.tasks.tsx", method: "GET", url: `/dashboard/tasks?edit=${taskB}` },
    tasks({ intent: "update", task_id: taskB, notes: "Mine now" }),
    tasks({ intent: "remove-photo", task_id: taskB, photo: `${"a".repeat(32)}.png` }),
    {
      file: "dashboard.tasks_.$id.photos.ts",
      method: "POST",
      url: `/dashboard/tasks/${taskB}/photos`,
      body: { x: "1" },
    },
    {
      file: "dashboard.tasks_.$id.photos.ts",
      method: "GET",
      url: `/dashboard/tasks/${taskB}/photos`,
    },
    {
      file: "dashboard.tasks_.$id.photos.$photo.ts",
      method: "GET",
      url: `/dashboard/tasks/${taskB}/photos/${"a".repeat(32)}.png`,
    },
    {
      file: "dashboard.asset-board.tsx",
      method: "GET",
      url: "/dashboard/asset-board?site=201",
    },
    tasks({ intent: "create", title: "Theirs", imei: i.maintImeiB }),
    tasks({ intent: "create", title: "Theirs", assignee_id: String(i.personB) }),
    tasks({
      intent: "complete",
      task_id: taskB,
      done_at: today,
      odometer_km: "999999",
      engine_hours: "99999",
    }),
    {
      file: "dashboard.vehicle-maintenance.tsx",
      method: "GET",
      url: `/dashboard/vehicle-maintenance?imei=${i.maintImeiB}`,
    },
    {
      file: "dashboard.maintenance-board.tsx",
      method: "GET",
      url: `/dashboard/maintenance-board?imei=${i.maintImeiB}`,
    },
    {
      file: "dashboard.maintenance-board.tsx",
      method: "GET",
      url: `/dashboard/maintenance-board?assignee=${i.personB}`,
    },
    {
      file: "dashboard.asset-board.tsx",
      method: "GET",
      url: `/dashboard/asset-board?imei=${i.maintImeiB}`,
    },
    taskBoard({ intent: "move", id: taskB, to: "on_hold" }),
    taskBoard({ intent: "move", id: taskB, to: "done" }),
    assetBoard({ intent: "move", id: i.maintImeiB, to: "in_workshop" }),
  ];
}

describe("tenant sweep: company 1 asks for every id of company 2", () => {
  it(
    "gets 404 from every loader and action, and nothing of company 2 changes",
    { timeout: 300_000 },
    async () => {
      const before = await companyTwo();
      const beforeModules = await moduleSnapshots();
      // The drivers and maintenance records watched below are there to be changed.
      expect(before.unidentifiedTrip?.driver_id, "the unidentified trip").toBeNull();
      expect([before.driverTags, before.programmes, before.tasks].map((l) => l.length > 0)).toEqual(
        [true, true, true],
      );
      const wrong: string[] = [];
      for (const c of cases(ids)) {
        const res = await request(c.method, c.url, cookies.admin, c.body);
        const label = `${c.method} ${c.url} ${c.body ? JSON.stringify(c.body) : ""}`;
        if (res.status !== 404)
          wrong.push(`${res.status} ${label}${res.location ? ` -> ${res.location}` : ""}`);
        // Whatever the status, nothing of company 2 may show.
        for (const secret of [
          ids.shareB,
          ids.tripB,
          ids.beaconShareB,
          ids.formLinkB,
          ids.formSubmissionB,
          "For company 2",
          "Theirs",
          "Southside subbies",
          ...moduleSweeps.flatMap((m) => m.sweep.secrets?.(m.seeded) ?? []),
        ])
          if (res.text.includes(secret)) wrong.push(`leaks ${secret}: ${label}`);
      }
      expect(wrong).toEqual([]);
      expect(await companyTwo()).toEqual(before);
      expect(await moduleSnapshots()).toEqual(beforeModules);
    },
  );

  it(
    "the same requests as company 2's own user are not 404 (the sweep's ids are real)",
    { timeout: 300_000 },
    async () => {
      const own = [
        `/dashboard/assets/device/${ids.imeiB}`,
        `/dashboard/vehicle-dashboard/${ids.imeiB}`,
        `/dashboard/trips?imei=${ids.imeiB}`,
        `/dashboard/logbook?imei=${ids.imeiB}`,
        `/api/trip-track/${ids.tripB}`,
        `/dashboard/scheduled-reports/${ids.scheduleB}`,
        `/dashboard/reports/distance-per-vehicle?job=${ids.jobB}`,
        `/dashboard/notifications?edit=${ids.ruleB}`,
        `/sharing/${ids.shareB}`,
        `/dashboard/beacon/${ids.beaconB}`,
        `/dashboard/dashboard-forms?link=${ids.formLinkB}`,
        `/dashboard/driver-tag/${ids.tagB}`,
        `/dashboard/drivermanagement?edit=${ids.driverB}`,
        `/dashboard/driversafety?driver=${ids.driverB}`,
        `/dashboard/driversafety?days=30&idriver=${ids.driverB}`,
        `/dashboard/driversafety?days=30&vehicle=${ids.unidentifiedB.imei}`,
        `/dashboard/task-templates?edit=${ids.templateB}`,
        `/dashboard/task-groups?edit=${ids.programmeB}`,
        `/dashboard/tasks?complete=${ids.taskB}`,
        `/dashboard/tasks?edit=${ids.taskB}`,
        `/dashboard/asset-board?site=201`,
        `/dashboard/tasks?imei=${ids.maintImeiB}`,
        `/dashboard/vehicle-maintenance?imei=${ids.maintImeiB}`,
        `/dashboard/maintenance-board?imei=${ids.maintImeiB}`,
        `/dashboard/maintenance-board?assignee=${ids.personB}`,
        `/dashboard/asset-board?imei=${ids.maintImeiB}`,
        `/dashboard/insight-tag/${ids.insightB.uuid}`,
        `/dashboard/insight-tags/${ids.insightB.uuid}/wiki?folder=${ids.insightB.folder}`,
        `/dashboard/insight-tags/${ids.insightB.uuid}/wiki/files/${ids.insightB.file}`,
        ...moduleSweeps.flatMap((m) => m.sweep.own(m.seeded)),
      ];
      for (const url of own)
        expect((await request("GET", url, cookies.other)).status, url).toBe(200);
      expect(
        (await request("GET", `/beacons/dashboard/${ids.beaconB}?share=${ids.beaconShareB}`, ""))
          .status,
      ).toBe(200);
      expect((await request("GET", `/forms/${ids.formLinkB}`, "")).status).toBe(200);
    },
  );

  it("covers every route file with a $param and every action (new ones must join the sweep)", () => {
    const dir = path.resolve("app/routes");
    const files = fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f));
    const swept = new Set(cases(ids).map((c) => c.file));
    const sweptActions = new Set(
      cases(ids)
        .filter((c) => c.method !== "GET")
        .map((c) => c.file),
    );
    const missing: string[] = [];
    for (const f of files) {
      const source = fs.readFileSync(path.join(dir, f), "utf8");
      if (
        f.includes("$") &&
        !swept.has(f) &&
        !PUBLIC_WITH_TOKEN[f] &&
        !NOT_A_COMPANY_ID[f] &&
        !isStub(source)
      )
        missing.push(`${f}: a $param route outside the sweep`);
      const hasAction =
        /export (async )?function action\b|export const action\b|export \{[^}]*\baction\b/.test(
          source,
        );
      if (hasAction && !sweptActions.has(f) && !ACTIONS_WITHOUT_IDS[f])
        missing.push(`${f}: an action outside the sweep`);
    }
    // Every case names a real route file (no stale entries).
    for (const f of [
      ...swept,
      ...Object.keys(PUBLIC_WITH_TOKEN),
      ...Object.keys(NOT_A_COMPANY_ID),
      ...Object.keys(ACTIONS_WITHOUT_IDS),
    ]) {
      if (!files.includes(f)) missing.push(`${f}: listed but no such route file`);
    }
    expect(missing).toEqual([]);
  });
});
