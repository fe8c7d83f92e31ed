import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { summarizeLogEntries } from "~/modules/trips/logbook-summary";
import { dayKey, startOfDay, utcToZonedLocal } from "~/lib/zoned-days";
import { action as loginAction } from "~/routes/login";
import { action as logbookRouteAction } from "~/routes/dashboard.logbook";
import { loader as vehicleDashboardLoader } from "~/routes/dashboard.vehicle-dashboard.$imei";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import {
  addLogbookTrip,
  changeTripPurpose,
  deleteLogbookTrip,
  DUPLICATE_TRIP_MESSAGE,
  loadLogbook,
} from "~/modules/trips/logbook.server";
import { getTrips, listVehicles, requireVehicle, tripTrack } from "~/modules/trips/trips.server";
import { type Auth } from "~/services/company-context.server";
import { coverageAnswers } from "~/modules/trips/trip-cache.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import * as up from "~/services/upstream/index.server";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";
import type { Simulator } from "../../server/sim/index";

let sim: Simulator;
let admin: Auth;
let other: Auth;
const DAY = 86_400_000;
// A settled month (it ended more than SETTLED_MS before now), the same range in every test.
const MONTH_TO = Math.floor(Date.now() / DAY) * DAY - DAY;
const MONTH_FROM = MONTH_TO - 30 * DAY;

const signIn = upstreamAuth;

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator({ clock: () => Date.now() }); // follows a faked Date too
  admin = await signIn("admin", "admin123");
  other = await signIn("other", "other123");
});

/** A vehicle of company 1 that drove in the last week. */
async function movingVehicle(): Promise<string> {
  const now = Date.now();
  for (const v of await listVehicles(admin)) {
    const list = await up.trips(upstream(admin.token), v.imei, {
      from: new Date(now - 7 * DAY).toISOString(),
      to: new Date(now).toISOString(),
      points: false,
    });
    if (list.length >= 3) return v.imei;
  }
  throw new Error("no moving vehicle in the simulator");
}

describe("trip cache", () => {
  it("lists only the company's trip-making vehicles, sorted by nickname, and 404s a foreign one", async () => {
    const mine = await listVehicles(admin);
    const theirs = await listVehicles(other);
    expect(mine.length).toBeGreaterThan(5);
    const names = mine.map((v) => v.nickname.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(mine.every((v) => ![21, 57, 77].includes(v.deviceTypeId))).toBe(true);
    const thrown = (() => {
      try {
        requireVehicle(theirs, mine[0]!.imei);
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it("a month opens from the cache the second time, and keeps answering when the upstream is down", async () => {
    const imei = await movingVehicle();
    const [from, to] = [MONTH_FROM, MONTH_TO];
    const first = await getTrips(admin, [imei], from, to);
    expect(first.fetched).toBe(1);
    expect(first.trips.length).toBeGreaterThan(10);
    expect(first.trips.every((t) => t.max_speed !== null && t.imei === imei)).toBe(true);
    const direct = await up.trips(upstream(admin.token), imei, {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      points: false,
    });
    expect(first.trips.map((t) => t.id)).toEqual(direct.map((t) => t.id));

    sim.setFaults({ down: true });
    try {
      // Served from the cache: no upstream call at all (speed is measured by npm run bench).
      const second = await getTrips(admin, [imei], from, to);
      expect(second.fetched).toBe(0);
      expect(second.stale).toBe(false);
      expect(second.trips).toEqual(first.trips);
    } finally {
      sim.setFaults({ down: false });
    }
  });

  it("another company never sees cached trips", async () => {
    const imei = await movingVehicle();
    const rows = await getTrips(other, [imei], MONTH_FROM, MONTH_TO);
    // The foreign company's query filters by its own company id: nothing, however warm the cache.
    expect(rows.trips).toEqual([]);
    // And a range that is not cached goes to the upstream, which refuses the foreign vehicle: 404.
    await expect(getTrips(other, [imei], MONTH_FROM - 3 * DAY, MONTH_TO)).rejects.toMatchObject({
      status: 404,
    });
    expect(await prisma.trip.count({ where: { imei, companyId: 1 } })).toBeGreaterThan(0);
  });

  it("answers from the cache, marked stale, when a new range cannot be fetched", async () => {
    const imei = await movingVehicle();
    sim.setFaults({ failPaths: ["/user/trips"] });
    try {
      const now = Date.now();
      const r = await getTrips(admin, [imei], now - 2 * DAY, now);
      expect(r.stale).toBe(true);
      expect(r.fetched).toBe(0);
      // Never fetched whole: what there is would give wrong totals.
      expect(r.partial).toBe(true);
    } finally {
      sim.setFaults({ failPaths: [] });
    }
  });

  it("a range fetched whole once is stale, not partial, when the upstream fails later", async () => {
    const imei = await movingVehicle();
    const now = Date.now();
    const first = await getTrips(admin, [imei], now - 3 * DAY, now, "trips", now);
    expect(first).toMatchObject({ stale: false, partial: false });
    sim.setFaults({ failPaths: ["/user/trips"] });
    try {
      // Ten minutes on, the range's newest part is due a refresh, which fails.
      const later = await getTrips(admin, [imei], now - 3 * DAY, now, "trips", now + 600_000);
      expect(later).toMatchObject({ stale: true, partial: false });
      expect(later.trips.map((t) => t.id)).toEqual(first.trips.map((t) => t.id));
    } finally {
      sim.setFaults({ failPaths: [] });
    }
  });

  it("a page waits past its short wait when nothing of the range is cached, and no longer once it is", async () => {
    const imei = await movingVehicle();
    const [from, to] = [MONTH_FROM - 40 * DAY, MONTH_FROM - 33 * DAY];
    // Slower than the page's wait (50 ms here), well inside the call's timeout.
    sim.setFaults({ latencyMs: 600 });
    try {
      const first = await getTrips(admin, [imei], from, to, "trips", Date.now(), { waitMs: 50 });
      expect(first).toMatchObject({ stale: false, fetched: 1, partial: false });
      expect(first.trips.length).toBeGreaterThan(0);
      // The week is now known; a longer range that includes it is not waited for past 50 ms.
      const second = await getTrips(admin, [imei], from - 2 * DAY, to, "trips", Date.now(), {
        waitMs: 50,
      });
      // Only a week of the longer range is in: no totals of it (issue 17, honest figures).
      expect(second).toMatchObject({ stale: true, fetched: 0, partial: true });
      expect(second.trips.map((t) => t.id)).toEqual(first.trips.map((t) => t.id));
    } finally {
      sim.setFaults({ latencyMs: 0 });
    }
  });

  it("coverage rules: settled ranges last, ranges reaching now expire", () => {
    const now = Date.parse("2026-03-10T12:00:00Z");
    const c = (fromAt: string, toAt: string, syncedAt: number) => ({
      fromAt: new Date(fromAt),
      toAt: new Date(toAt),
      syncedAt: new Date(syncedAt),
    });
    const settled = c(
      "2026-02-01T00:00:00Z",
      "2026-03-01T00:00:00Z",
      Date.parse("2026-03-05T00:00:00Z"),
    );
    expect(
      coverageAnswers(
        settled,
        Date.parse("2026-02-01T00:00:00Z"),
        Date.parse("2026-03-01T00:00:00Z"),
        now,
      ),
    ).toBe(true);
    expect(
      coverageAnswers(
        settled,
        Date.parse("2026-01-31T00:00:00Z"),
        Date.parse("2026-03-01T00:00:00Z"),
        now,
      ),
    ).toBe(false);
    const live = c("2026-03-01T00:00:00Z", "2026-03-10T11:58:00Z", now - 2 * 60_000);
    expect(
      coverageAnswers(
        live,
        Date.parse("2026-03-01T00:00:00Z"),
        Date.parse("2026-03-11T00:00:00Z"),
        now,
      ),
    ).toBe(true);
    expect(
      coverageAnswers(
        live,
        Date.parse("2026-03-01T00:00:00Z"),
        Date.parse("2026-03-11T00:00:00Z"),
        now + 10 * 60_000,
      ),
    ).toBe(false);
  });

  it("the replay track of a cached trip comes with timed points; a foreign trip is 404", async () => {
    const imei = await movingVehicle();
    const { trips } = await getTrips(admin, [imei], MONTH_FROM, MONTH_TO);
    const { points } = await tripTrack(admin, trips[0]!.id);
    expect(points.length).toBeGreaterThan(5);
    expect(points[0]!.t).toBeLessThanOrEqual(points[points.length - 1]!.t);
    await expect(tripTrack(other, trips[0]!.id)).rejects.toMatchObject({ status: 404 });
  });

  it("knows the company's time zone", async () => {
    expect(await companyTimeZone(admin)).toBe("Australia/Brisbane");
  });
});

describe("logbook service", () => {
  it("matches the upstream's log entries, and writes show at once", async () => {
    const imei = await movingVehicle();
    const now = Date.now();
    const from = now - 20 * DAY;
    const raw = await up.logEntries(upstream(admin.token), imei, {
      from: new Date(from).toISOString(),
      to: new Date(now).toISOString(),
    });
    const book = await loadLogbook(admin, imei, { from, to: now });
    const expected = summarizeLogEntries(raw);
    expect(book.summary.totalKmsTravelled).toBe(expected.totalKmsTravelled);
    expect(book.summary.businessKmsTravelled).toBe(expected.businessKmsTravelled);
    expect(book.entries.length).toBe(raw.length);

    const target = book.entries.find((e) => e.purpose === "business")!;
    await changeTripPurpose(admin, target.id, "private", "Weekend run");
    let again = await loadLogbook(admin, imei, { from, to: now });
    expect(again.entries.find((e) => e.id === target.id)).toMatchObject({
      purpose: "private",
      description: "Weekend run",
    });
    const upstreamNow = await up.logEntries(upstream(admin.token), imei, {
      from: new Date(from).toISOString(),
      to: new Date(now).toISOString(),
    });
    expect(upstreamNow.find((e) => e[2].id === target.id)![2]).toMatchObject({
      purpose: "private",
      description: "Weekend run",
    });

    await deleteLogbookTrip(admin, target.id);
    again = await loadLogbook(admin, imei, { from, to: now });
    expect(again.entries.some((e) => e.id === target.id)).toBe(false);
    await expect(deleteLogbookTrip(other, again.entries[0]!.id)).rejects.toMatchObject({
      status: 404,
    });

    const logstart = new Date(now - 3 * DAY).toISOString();
    const logstop = new Date(now - 3 * DAY + 1_800_000).toISOString();
    const added = await addLogbookTrip(
      admin,
      { imei, logstart, logstop, purpose: "business", description: "Site visit" },
      again.entries,
    );
    expect(added.saved).toBe(true);
    again = await loadLogbook(admin, imei, { from, to: now });
    expect(again.entries.filter((e) => e.logstart === logstart)).toHaveLength(1);
    const dup = await addLogbookTrip(
      admin,
      { imei, logstart, logstop, purpose: "private", description: "Again" },
      again.entries,
    );
    expect(dup).toEqual({ saved: false, duplicate: true, message: DUPLICATE_TRIP_MESSAGE });
    // The upstream applies the same rule when our cache does not know the trip.
    const dup2 = await addLogbookTrip(
      admin,
      { imei, logstart, logstop, purpose: "private", description: "Again" },
      [],
    );
    expect(dup2.saved).toBe(false);
  });
});

describe("logbook: a hand-typed odometer must fit the vehicle's readings (issue 38)", () => {
  it("refuses 100 → 120 km between trips near 247,000 km, next to the field; a fitting pair is saved", async () => {
    const imei = await movingVehicle();
    const tz = "Australia/Brisbane";
    const now = Date.now();
    const book = await loadLogbook(admin, imei, { from: now - 10 * DAY, to: now - DAY });
    // Two trips in a row with half an hour or more between them, for a trip typed in between.
    const list = book.entries;
    const k = list.findIndex(
      (e, i) => i > 0 && e.startMs - list[i - 1]!.stopMs >= 1_800_000 && e.startOdometer > 1000,
    );
    expect(k).toBeGreaterThan(0);
    const [before, after] = [list[k - 1]!, list[k]!];
    const cookie = cookieFrom(
      await call(loginAction, formPost("/login", { username: "admin", password: "admin123" })),
    );
    const add = (start: number, end: number) =>
      call(
        logbookRouteAction,
        formPost(
          `/dashboard/logbook?imei=${imei}`,
          {
            intent: "add",
            logstart: utcToZonedLocal(before.stopMs + 300_000, tz),
            logstop: utcToZonedLocal(before.stopMs + 900_000, tz),
            purpose: "business",
            description: "Typed by hand",
            driver: "",
            start_odometer: String(start),
            end_odometer: String(end),
          },
          { cookie },
        ),
      );
    const refused = await add(100, 120);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as {
      fieldErrors: Record<string, string>;
      fields: Record<string, string>;
    };
    expect(body.fieldErrors.start_odometer).toMatch(
      /^The odometer already read [\d,.]+ km at .+; the start reading cannot be lower\.$/,
    );
    expect(body.fieldErrors.end_odometer).toMatch(/is too far below it\.$/);
    expect(body.fields.start_odometer).toBe("100");
    expect(
      (await loadLogbook(admin, imei, { from: now - 10 * DAY, to: now })).entries.some(
        (e) => e.description === "Typed by hand",
      ),
    ).toBe(false);

    // Readings between the trip before and the trip after fit and are saved.
    const fits = await add(before.endOdometer, after.startOdometer);
    if (fits.status !== 302) expect(await fits.json()).toBeUndefined();
    expect(fits.status).toBe(302);

    // A bad trip that reached the logbook anyway (another client) is left out of the totals, by name.
    const clean = await loadLogbook(admin, imei, { from: now - 10 * DAY, to: now - DAY });
    const saved = await addLogbookTrip(
      admin,
      {
        imei,
        logstart: new Date(after.stopMs + 60_000).toISOString(),
        logstop: new Date(after.stopMs + 120_000).toISOString(),
        purpose: "business",
        description: "Bad reading",
        start_odometer: 100,
        end_odometer: 120,
      },
      [],
    );
    expect(saved.saved).toBe(true);
    const withBad = await loadLogbook(admin, imei, { from: now - 10 * DAY, to: now - DAY });
    expect(withBad.summary.totalKmsTravelled).toBe(clean.summary.totalKmsTravelled);
    expect(withBad.summary.businessPercent).toBe(clean.summary.businessPercent);
    expect(withBad.summary.leftOut.map((t) => t.startOdometer)).toEqual([100]);
  });
});

describe("vehicle dashboard", () => {
  afterEach(() => vi.useRealTimers());

  it("lists today's trips for the company's day (Australia/Brisbane), not the server's", async () => {
    const imei = await movingVehicle();
    const tz = await companyTimeZone(admin);
    expect(tz).toBe("Australia/Brisbane");
    // Early in Brisbane's day there may be no trip yet "today" (none before 06:18 one morning):
    // then the clock (app and simulator alike) moves on to that day's noon, when the company's
    // and UTC days differ most.
    const hour = Number(
      new Intl.DateTimeFormat("en", { timeZone: tz, hour: "numeric", hourCycle: "h23" }).format(),
    );
    if (hour < 12)
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (12 - hour) * 3_600_000 });
    const cookie = cookieFrom(
      await call(loginAction, formPost("/login", { username: "admin", password: "admin123" })),
    );
    const now = Date.now();
    const dayStart = startOfDay(dayKey(now, tz), tz);
    const res = await call(
      vehicleDashboardLoader,
      get(`/dashboard/vehicle-dashboard/${imei}`, cookie),
      { params: { imei } },
    );
    const data = (await res.json()) as { trips: { id: string; start: string }[]; timeZone: string };
    expect(data.timeZone).toBe(tz);
    const truth = await getTrips(admin, [imei], dayStart, Date.now());
    // Couriers drive around the clock, so the company's day and the UTC day hold different trips.
    expect(truth.trips.length).toBeGreaterThan(0);
    expect(data.trips.map((t) => t.id).sort()).toEqual(
      truth.trips
        .filter((t) => Date.parse(t.start.time) <= now)
        .map((t) => t.id)
        .sort(),
    );
    expect(data.trips.every((t) => Date.parse(t.start) >= dayStart)).toBe(true);
  });
});
