import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { isAllowed, type AccessRule } from "~/lib/access";
import type { SessionUser } from "~/lib/user";
import { matchPattern } from "~/lib/menu";
import { PUBLIC_ROUTES, ROUTES, type RouteEntry } from "~/modules";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import * as up from "~/services/upstream/index.server";
import * as bup from "~/modules/beacons/upstream.server";
import * as iup from "~/modules/insight-tags/upstream.server";
import { getSession } from "~/services/session.server";
import { useTestDatabase } from "../support/db";
import { APP, sendTo, signInTo } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";
import { promisedHandler } from "../support/build";
import { samplePath, type Ids } from "../support/sweep-paths";

/**
 * Issue 13, the route sweep: every path of every module, taken from the registry, through the
 * production build's request handler (so Remix decides which loaders and actions run):
 *   (a) a visitor is sent to /login (401 for data endpoints), for GET and for POST;
 *   (b) a signed-in user lacking the path's feature, permission or tsadmin allowance gets 403,
 *       and the admin who has them all is let in;
 *   (c) a device or beacon of another company is a 404.
 * Last, every file in app/routes must be a path some module declares (guarded, or public with its
 * reason): a new route that no module declares, or whose loader forgets the guard, fails here.
 *
 * Issue 15, every action: each route file with an action declares its forms' intents in its
 * manifest; the `driver` demo user posting each declared intent is refused (403, or 404 for
 * another's schedule, rule, notification or browser) and nothing changes, in our database or
 * upstream; the admin lacking an intent's permission gets 403; an intent no manifest names needs
 * every rule of its path (the driver: 403; the admin: the module's 400, not understood).
 */

/** Route files that are the app's frame, not a module's page. */
const FRAME: Record<string, string> = {
  "$.tsx": "the catch-all 404",
  "_index.tsx": "redirects to the assets list",
  "401.tsx": "error page",
  "404.tsx": "error page",
  "500.tsx": "error page",
  "dashboard.tsx": "the shell layout (the user's own menu; children guard themselves)",
  "_shell.tsx": "the shell layout (the user's own menu; children guard themselves)",
  "dashboard._index.tsx": "redirects to the assets list",
  "docs.tsx": "the public documentation's layout",
  "api.map-data.ts": "answered ahead of Remix by server/http.ts with its own session check",
};

let handle: (request: Request) => Promise<Response>;
let cookie = "";
let sessionId = "";
let admin: SessionUser;
const own: Ids = { imei: "", uuid: "", insight: "" };
const foreign: Ids = { imei: "", uuid: "", insight: "" };
const send = (method: "GET" | "POST", url: string, withCookie = cookie, body = "intent=probe") =>
  sendTo(handle, method, url, withCookie, method === "POST" ? body : undefined);
const signIn = (username: string, password: string) => signInTo(handle, username, password);
/** A concrete path for a pattern: the company's own device or beacon, sample values elsewhere. */
const sample = (pattern: string, ids: Ids = own) => samplePath(pattern, ids);

const isStream = (r: RouteEntry) => /\/api\/(live|notifications-stream)$/.test(r.pattern);

/** Runs `fn` with the admin's session changed by `change` (a user lacking one thing). */
async function asAdminWithout<T>(change: (u: SessionUser) => SessionUser, fn: () => Promise<T>) {
  const row = await prisma.session.findUniqueOrThrow({ where: { id: sessionId } });
  const data = row.data as { user: SessionUser };
  await prisma.session.update({
    where: { id: sessionId },
    data: { data: { ...data, user: change(admin) } },
  });
  try {
    return await fn();
  } finally {
    await prisma.session.update({ where: { id: sessionId }, data: { data: row.data as object } });
  }
}

function lacking(rule: AccessRule): Array<[string, (u: SessionUser) => SessionUser]> {
  const out: Array<[string, (u: SessionUser) => SessionUser]> = [];
  if (rule.feature) {
    const f = rule.feature;
    out.push([
      `feature ${f} off`,
      (u) => ({ ...u, features_enabled: { ...u.features_enabled, [f]: false } }),
    ]);
  }
  if (rule.permission) {
    const p = rule.permission;
    out.push([`without ${p}`, (u) => ({ ...u, permissions: { ...u.permissions, [p]: false } })]);
  }
  if (rule.anyPermission) {
    const none = Object.fromEntries(rule.anyPermission.map((p) => [p, false]));
    out.push([
      `without ${rule.anyPermission.join(" or ")}`,
      (u) => ({ ...u, permissions: { ...u.permissions, ...none } }),
    ]);
  }
  if (rule.tsadmin === false) out.push(["a tsadmin user", (u) => ({ ...u, tsadmin: true })]);
  return out;
}

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handler = promisedHandler(build);
  handle = (r) => handler(r, { cspNonce: "n", clientAddress: "203.0.113.11" });

  cookie = await signIn("admin", "admin123");
  sessionId = (await getSession(new Request(APP, { headers: { cookie } }))).id;
  admin = (
    (await prisma.session.findUniqueOrThrow({ where: { id: sessionId } })).data as {
      user: SessionUser;
    }
  ).user;
  // Company 1's device cache fills on its first page; company 2's comes from a second sign-in.
  expect((await send("GET", "/dashboard/fleet")).status).toBe(200);
  expect((await send("GET", "/dashboard/beacons")).status).toBe(200);
  const otherCookie = await signIn("other", "other123");
  expect((await send("GET", "/dashboard/fleet", otherCookie)).status).toBe(200);
  expect((await send("GET", "/dashboard/beacons", otherCookie)).status).toBe(200);
  const device = (companyId: number) =>
    prisma.device.findFirstOrThrow({ where: { companyId }, orderBy: { imei: "asc" } });
  const beacon = (companyId: number) =>
    prisma.beacon.findFirstOrThrow({ where: { companyId }, orderBy: { uuid: "asc" } });
  own.imei = (await device(1)).imei;
  foreign.imei = (await device(2)).imei;
  own.uuid = (await beacon(1)).uuid;
  foreign.uuid = (await beacon(2)).uuid;
  const insightOf = async (username: string, password: string) =>
    (await iup.insightTags(upstream((await upstreamAuth(username, password)).token)))[0]!.uuid;
  own.insight = await insightOf("admin", "admin123");
  foreign.insight = await insightOf("other", "other123");
});

describe("the route sweep of every module (issue 13)", () => {
  it("sends a visitor to /login (401 for data endpoints) on every path, GET and POST", async () => {
    const wrong: string[] = [];
    for (const route of ROUTES) {
      for (const method of ["GET", "POST"] as const) {
        const url = sample(route.pattern);
        const res = await send(method, url, "");
        const ok = route.api
          ? res.status === 401 || (method === "POST" && res.status === 405)
          : (res.status === 302 && (res.location ?? "").startsWith("/login")) ||
            (method === "POST" && res.status === 405);
        if (!ok)
          wrong.push(`${method} ${url} (${route.moduleId}): ${res.status} ${res.location ?? ""}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it("refuses with 403 whoever lacks the path's feature, permission or tsadmin allowance", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of ROUTES) {
      for (const [who, change] of lacking(route.rule)) {
        const url = sample(route.pattern);
        const res = await asAdminWithout(change, () => send("GET", url));
        checked++;
        if (res.status !== 403) wrong.push(`${url} (${route.moduleId}) as ${who}: ${res.status}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 300_000);

  it("lets the admin, who has every permission, open every page of every module", async () => {
    const wrong: string[] = [];
    for (const route of ROUTES) {
      if (isStream(route)) continue;
      const url = sample(route.pattern);
      const res = await send("GET", url);
      // An id that is only a sample (a report, a rule) may be unknown: 404 is an honest answer.
      const sampledId = /:(id|formid|mass_concrete_limit_id|primary|secondary)\b|\*/.test(
        route.pattern,
      );
      const refused = [401, 403].includes(res.status) || (res.status === 404 && !sampledId);
      // The push key is 503 where this process has no VAPID keys (the test environment).
      const broken =
        res.status >= 500 && !(route.pattern === "/api/push-key" && res.status === 503);
      if (refused || broken) wrong.push(`${url} (${route.moduleId}): ${res.status}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it("answers 404 for another company's device or beacon on every page that takes one", async () => {
    const wrong: string[] = [];
    let pages = 0;
    for (const route of ROUTES) {
      if (!/:(imei|uuid)\b/.test(route.pattern) || isStream(route)) continue;
      const url = sample(route.pattern, foreign);
      const res = await send("GET", url);
      pages++;
      if (res.status !== 404) wrong.push(`${url} (${route.moduleId}): ${res.status}`);
    }
    expect(pages).toBeGreaterThanOrEqual(5);
    expect(wrong).toEqual([]);
  }, 300_000);
});

/** Every declared form of every path: [route, intent] ("*" = a post without an intent). */
const ACTIONS = ROUTES.flatMap((route) =>
  Object.keys(route.actions ?? {}).map((intent) => [route, intent] as const),
);

/**
 * Driver posts the driver is let through (their own things), and what they answer: anything else
 * open to them must answer 400 or 404 (another's record, or a form that does not parse).
 */
const SELF_SERVICE: Record<string, number> = {
  "/dashboard/notifications read-all": 302, // the driver's own feed; the admin's stays unread
  // Wiki forms are open by the manifest; each needs its wiki permission, which the module checks
  // (SPEC §3 defaults for a user without explicit settings, as the driver: these four refused).
  "/dashboard/insight-tags/:uuid/wiki create-category": 403,
  "/dashboard/insight-tags/:uuid/wiki rename-category": 403,
  "/dashboard/insight-tags/:uuid/wiki delete-category": 403,
  "/dashboard/insight-tags/:uuid/wiki create-folder": 403,
};

describe("every action of every module checks who posts it (issue 15)", () => {
  const fixture = { schedule: "", rule: "", note: "", sub: "", trip: "", tripImei: "" };
  let driverCookie = "";
  let driver: SessionUser;
  let adminToken = "";

  beforeAll(async () => {
    driverCookie = await signIn("driver", "driver123");
    const id = (await getSession(new Request(APP, { headers: { cookie: driverCookie } }))).id;
    driver = (
      (await prisma.session.findUniqueOrThrow({ where: { id } })).data as { user: SessionUser }
    ).user;
    adminToken = (await upstreamAuth("admin", "admin123")).token;
    // The admin's things another user must not reach.
    const owner = { userId: admin.username_id, companyId: admin.companyid };
    fixture.schedule = (
      await prisma.reportSchedule.create({
        data: {
          ...owner,
          reportKind: "distance-per-vehicle",
          params: { imeis: [], groups: [] },
          frequency: "weekly",
          weekdays: [1],
          timeOfDay: "07:00",
          timeZone: "Australia/Brisbane",
          period: "last_week",
          format: "csv",
          recipients: ["ops@harbour.example"],
          subject: "The admin's report",
        },
      })
    ).id;
    fixture.rule = (
      await prisma.alertRule.create({
        data: { ...owner, name: "The admin's rule", kinds: ["overspeed"], channels: ["inapp"] },
      })
    ).id;
    fixture.note = (
      await prisma.notification.create({
        data: { ...owner, kind: "test", title: "For the admin", body: "Unread" },
      })
    ).id;
    fixture.sub = (
      await prisma.pushSubscription.create({
        data: {
          ...owner,
          endpoint: "https://push.example/admin-browser",
          p256dh: "BNc",
          auth: "au",
        },
      })
    ).id;
    const now = Date.now();
    for (const d of await up.iotDevices(upstream(adminToken))) {
      const entries = await up.logEntries(upstream(adminToken), d.imei, {
        from: new Date(now - 20 * 86_400_000).toISOString(),
        to: new Date(now).toISOString(),
      });
      const entry = entries.find((e) => e[2].id && e[2].driver !== driver.name);
      if (entry) {
        fixture.trip = entry[2].id!;
        fixture.tripImei = d.imei;
        break;
      }
    }
    expect(fixture.trip).not.toBe("");
  });

  /** A form that would change something, were it let through. */
  function probe(route: RouteEntry, intent: string): string {
    const fields: Record<string, string> = {
      confirm: "yes",
      // the device page, beacons and their share links
      minutes: "60",
      nickname: "Changed by the sweep",
      icon: "bus",
      permdriver: "Sweep",
      lat: "-27.4",
      lng: "153.0",
      radius: "300",
      uuid: own.uuid,
      assetName: "Sweep",
      txPower: "0",
      advIntervalMs: "1000",
      // the logbook, reports and schedules
      purpose: "private",
      description: "Changed by the sweep",
      from: "2026-03-02",
      to: "2026-03-02",
      reportKind: "distance-per-vehicle",
      frequency: "daily",
      timeOfDay: "08:00",
      timeZone: "UTC",
      period: "yesterday",
      format: "csv",
      recipients: "thief@elsewhere.example",
      subject: "Changed by the sweep",
      // alert rules, the feed and browsers: the admin's
      ruleId: fixture.rule,
      name: "Changed by the sweep",
      kinds: "offline",
      channels: "inapp",
      enabled: "false",
      // sessions (the driver's own profile form is left unparsed: a 400)
      userId: String(admin.username_id),
    };
    const ids: Record<string, string> = {
      "/dashboard/logbook": fixture.trip,
      "/dashboard/notifications": intent.startsWith("rule-")
        ? fixture.rule
        : intent === "sub-remove"
          ? fixture.sub
          : fixture.note,
      "/api/notifications": fixture.note,
    };
    fields.id = ids[route.pattern] ?? "1";
    if (route.pattern === "/api/notifications") fields.intent = "read";
    else if (intent !== "*") fields.intent = intent;
    return new URLSearchParams(fields).toString();
  }

  const target = (route: RouteEntry) => {
    const url = sample(route.pattern, { ...own, id: fixture.schedule });
    return route.pattern === "/dashboard/logbook" ? `${url}?imei=${fixture.tripImei}` : url;
  };

  /** What another user's posts could have changed: our database and the upstream's fleet. */
  async function fingerprint() {
    const byId = { orderBy: { id: "asc" as const } };
    const state = await Promise.all([
      prisma.device.findMany({
        where: { companyId: 1 },
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
      prisma.beacon.findMany({
        where: { companyId: 1 },
        orderBy: { uuid: "asc" },
        select: { uuid: true, nickname: true, assetName: true, txPower: true, advIntervalMs: true },
      }),
      prisma.shareLink.findMany(byId),
      prisma.beaconShareLink.findMany(byId),
      prisma.formLink.findMany(byId),
      prisma.reportSchedule.findMany({ ...byId, omit: { updatedAt: true } }),
      prisma.reportRun.count(),
      prisma.reportJob.count(),
      prisma.alertRule.findMany({ ...byId, omit: { updatedAt: true } }),
      prisma.notification.findMany(byId),
      prisma.pushSubscription.findMany(byId),
      (await up.iotDevices(upstream(adminToken))).map((d) => [
        d.imei,
        d.nickname,
        d.avatar,
        d.permdriver,
        d.geofence_gps,
        d.geofence_meters,
        d.tags.map((t) => t.id),
        d.groups.map((g) => g.id),
      ]),
      (await bup.beacons(upstream(adminToken))).map((b) => [b.uuid, b.nickname, b.tx_power]),
      (
        await up.logEntries(upstream(adminToken), fixture.tripImei, {
          from: new Date(Date.now() - 20 * 86_400_000).toISOString(),
          to: new Date().toISOString(),
        })
      ).find((e) => e[2].id === fixture.trip)?.[2] ?? null,
    ]);
    return JSON.parse(JSON.stringify(state)) as unknown;
  }

  it("declares a rule for the posts of every route file that has an action", () => {
    const dir = path.resolve("app/routes");
    const missing: string[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => /\.(ts|tsx)$/.test(f))) {
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      if (!/export\s+(async\s+function\s+action\b|const\s+action\b|\{[^}]*\baction\b)/.test(source))
        continue;
      const url = sample(patternOfRouteFile(file));
      if (PUBLIC_ROUTES.some((r) => matchPattern(r.pattern, url))) continue;
      if (!ROUTES.some((r) => r.actions && matchPattern(r.pattern, url))) missing.push(file);
    }
    expect(missing).toEqual([]);
    expect(ACTIONS.length).toBeGreaterThan(25);
  });

  it("refuses the driver every declared intent they may not use (403), another's record (404), and nothing changes", async () => {
    expect(driver.permissions).toMatchObject({ fleet_edit: false, reports_manage: false });
    const before = await fingerprint();
    const wrong: string[] = [];
    let refused = 0;
    for (const [route, intent] of ACTIONS) {
      const rule = route.actions![intent]!;
      const res = await send("POST", target(route), driverCookie, probe(route, intent));
      const may = isAllowed(driver, route.rule) && isAllowed(driver, rule);
      const expected = may ? (SELF_SERVICE[`${route.pattern} ${intent}`] ?? [400, 404]) : 403;
      if (!may) refused++;
      if (![expected].flat().includes(res.status))
        wrong.push(`${route.pattern} ${intent}: ${res.status}, expected ${String(expected)}`);
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(15);
    expect(await fingerprint()).toEqual(before);
  }, 300_000);

  it("shows the driver none of the forms they may not post; the admin sees them", async () => {
    const pages: Array<[string, string[]]> = [
      [
        `/dashboard/assets/device/${own.imei}`,
        ['data-testid="form-rename"', 'data-testid="form-geofence"', 'data-testid="form-share"'],
      ],
      [`/dashboard/logbook?imei=${fixture.tripImei}`, ["Edit purpose", 'aria-label="Add a trip"']],
      [`/dashboard/beacon/${own.uuid}`, ["/dashboard/beacon-config?uuid=", "Share this beacon"]],
    ];
    for (const [url, marks] of pages) {
      const [mine, admins] = [await send("GET", url, driverCookie), await send("GET", url)];
      expect([mine.status, admins.status], url).toEqual([200, 200]);
      for (const mark of marks) {
        expect(admins.text.includes(mark), `${url} as the admin: ${mark}`).toBe(true);
        expect(mine.text.includes(mark), `${url} as the driver: ${mark}`).toBe(false);
      }
    }
  }, 300_000);

  it("refuses the admin lacking an intent's permission (403); an intent no manifest names needs every rule of its path", async () => {
    const before = await fingerprint();
    const wrong: string[] = [];
    let checked = 0;
    for (const [route, intent] of ACTIONS) {
      for (const [who, change] of lacking(route.actions![intent]!)) {
        const res = await asAdminWithout(change, () =>
          send("POST", target(route), cookie, probe(route, intent)),
        );
        checked++;
        if (res.status !== 403) wrong.push(`${route.pattern} ${intent} as ${who}: ${res.status}`);
      }
    }
    for (const route of ROUTES.filter((r) => r.actions && !r.actions["*"])) {
      const res = await send("POST", target(route), cookie, "intent=constructor");
      if (res.status !== 400) wrong.push(`${route.pattern} intent=constructor: ${res.status}`);
      const rules = [route.rule, ...Object.values(route.actions!)];
      if (rules.every((r) => isAllowed(driver, r))) continue;
      const mine = await send("POST", target(route), driverCookie, "intent=constructor");
      if (mine.status !== 403)
        wrong.push(`${route.pattern} intent=constructor as the driver: ${mine.status}`);
    }
    expect(checked).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  }, 300_000);
});

/** The URL pattern of a flat-routes file name (Remix v2 conventions). */
export function patternOfRouteFile(file: string): string {
  const segments = file
    .replace(/\.(tsx|ts)$/, "")
    .replace(/\[\.\]/g, "%2E")
    .split(".")
    .map((s) => s.replace(/%2E/g, "."))
    .filter((s) => !s.startsWith("_") && s !== "")
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s === "$" ? "*" : s.replace(/^\(\$(\w+)\)$/, ":$1?").replace(/^\$(\w+)$/, ":$1")));
  return `/${segments.join("/")}`;
}

describe("every route file belongs to a module", () => {
  const dir = path.resolve("app/routes");
  const files = fs.readdirSync(dir).filter((f) => /\.(ts|tsx)$/.test(f));

  it("is declared by a module (guarded or public with a reason), or is part of the frame", () => {
    const missing: string[] = [];
    for (const file of files) {
      if (FRAME[file]) continue;
      const pattern = patternOfRouteFile(file);
      const url = sample(pattern, { imei: "1", uuid: "1" });
      const splat = pattern.endsWith("/*");
      const declared =
        ROUTES.some((r) => matchPattern(r.pattern, url)) ||
        PUBLIC_ROUTES.some((r) => matchPattern(r.pattern, url)) ||
        // A prefix's splat answers 404 inside the shell for the paths no route file serves.
        (splat && ROUTES.some((r) => r.pattern.startsWith(pattern.slice(0, -1))));
      if (!declared) missing.push(`${file} (${pattern})`);
    }
    expect(missing).toEqual([]);
  });

  it("guards each route's own loader: Remix calls it alone on client navigation (?_data)", async () => {
    const wrong: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      if (FRAME[file] || !/\bloader\b/.test(source)) continue;
      const url = sample(patternOfRouteFile(file)).replace("/*", "/unknown-path");
      if (PUBLIC_ROUTES.some((r) => matchPattern(r.pattern, url))) continue;
      const routeId = `routes/${file.replace(/\.(tsx|ts)$/, "")}`;
      const res = await handle(
        new Request(`${APP}${url}?_data=${encodeURIComponent(routeId)}`, {
          headers: { host: new URL(APP).host },
          redirect: "manual",
        }),
      );
      const to = res.headers.get("x-remix-redirect") ?? "";
      const guarded = res.status === 401 || (res.status === 204 && to.startsWith("/login"));
      if (!guarded) wrong.push(`${file}: ${res.status} ${to}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it("names no frame file that is gone", () => {
    expect(Object.keys(FRAME).filter((f) => !files.includes(f))).toEqual([]);
  });

  it("reads route file names the way Remix does", () => {
    expect(patternOfRouteFile("dashboard.logbook_.export.$format.ts")).toBe(
      "/dashboard/logbook/export/:format",
    );
    expect(patternOfRouteFile("_shell.admin.jobsite.$id.($primary).($secondary).tsx")).toBe(
      "/admin/jobsite/:id/:primary?/:secondary?",
    );
    expect(patternOfRouteFile("map-cluster-worker[.]js.ts")).toBe("/map-cluster-worker.js");
    expect(patternOfRouteFile("_shell.concrete.$.tsx")).toBe("/concrete/*");
  });
});
