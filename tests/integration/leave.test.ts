/**
 * Issue 20, leave, rosters, missing shifts, no login and site declarations through the routes'
 * loaders and actions, against PostgreSQL and the simulator: working days without weekends and
 * public holidays, a request ending before it starts refused with the values kept, several
 * approvals by leave type, another person's leave a 404 unless the user reviews, the group-short
 * warning, rosters, missing shifts notifying the reviewer, and the declaration register's CSV.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as allLeave from "~/routes/_shell.timesheet.all-leave-requests";
import * as calendar from "~/routes/_shell.timesheet.leave-calendar";
import * as mine from "~/routes/_shell.timesheet.leave-requests";
import * as missing from "~/routes/_shell.timesheet.missingShifts";
import * as noLogin from "~/routes/_shell.timesheet.noLogin";
import * as structure from "~/routes/_shell.timesheet.structure";
import * as covid from "~/routes/_shell.timesheet.covid19";
import * as covidCsv from "~/routes/timesheet.covid19.register[.]csv";
import { prisma } from "~/services/db.server";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let admin = "";
let tsadmin = "";
let driver = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
  tsadmin = await sessionCookie("tsadmin", "tsadmin123");
  driver = await sessionCookie("driver", "driver123");
}, 60_000);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type Loader = Parameters<typeof call>[0];
const load = async (mod: { loader: Loader }, url: string, cookie: string) => {
  const res = await call(mod.loader, get(url, cookie));
  return { status: res.status, data: res.status === 200 ? ((await res.json()) as Json) : null };
};
const post = (
  mod: { action: Loader },
  url: string,
  fields: Record<string, string>,
  cookie: string,
) => call(mod.action, formPost(url, fields, { cookie }));

const request = (from: string, to: string, extra: Record<string, string> = {}) => ({
  intent: "request",
  type_id: "11",
  leave_start_date: from,
  leave_end_date: to,
  all_day: "on",
  reason: "Integration",
  ...extra,
});

describe("leave requests", () => {
  it("counts working days without weekends and Queensland's public holidays", async () => {
    // 2031-12-22 (Mon) to 2032-01-02 (Fri): 10 weekdays less Christmas, Boxing Day and New Year's Day.
    const res = await post(
      mine,
      "/timesheet/leave-requests",
      request("2031-12-22", "2032-01-02"),
      driver,
    );
    expect(res.status).toBe(302);
    const { data } = await load(mine, "/timesheet/leave-requests", driver);
    const made = data!.requests.find((l: Json) => l.leave_start_date === "2031-12-22");
    expect(made).toMatchObject({ working_days: 7, status: "pending" });
  });

  it("refuses a request ending before it starts, and one with no working day, keeping the values", async () => {
    const back = await post(
      mine,
      "/timesheet/leave-requests",
      request("2031-03-10", "2031-03-07"),
      driver,
    );
    expect(back.status).toBe(400);
    const body = (await back.json()) as Json;
    expect(body.errors.leave_end_date).toBe("The leave cannot end before it starts");
    expect(body.values).toMatchObject({ leave_start_date: "2031-03-10", reason: "Integration" });
    const weekend = await post(
      mine,
      "/timesheet/leave-requests",
      request("2031-03-08", "2031-03-09"),
      driver,
    );
    expect(weekend.status).toBe(400);
    expect(((await weekend.json()) as Json).message).toMatch(/no working day/);
  });

  it("cancels one's own pending request; another's is a 404 to cancel and to open", async () => {
    await post(mine, "/timesheet/leave-requests", request("2031-04-07", "2031-04-08"), driver);
    const own = (await load(mine, "/timesheet/leave-requests", driver)).data!.requests.find(
      (l: Json) => l.leave_start_date === "2031-04-07",
    );
    const sams = (await load(allLeave, "/timesheet/all-leave-requests?status=all&q=sam", admin))
      .data!.requests[0];
    expect(
      (
        await post(
          mine,
          "/timesheet/leave-requests",
          { intent: "cancel", id: String(sams.id) },
          driver,
        )
      ).status,
    ).toBe(404);
    expect(
      (await load(calendar, `/timesheet/leave-calendar?leave=${sams.id}`, driver)).status,
    ).toBe(404);
    expect((await load(calendar, `/timesheet/leave-calendar?leave=${sams.id}`, admin)).status).toBe(
      200,
    );
    expect(
      (
        await post(
          mine,
          "/timesheet/leave-requests",
          { intent: "cancel", id: String(own.id) },
          driver,
        )
      ).status,
    ).toBe(302);
    // The driver does not review: their calendar holds only their own leave.
    const cal = (await load(calendar, "/timesheet/leave-calendar", driver)).data!;
    expect(cal.events.every((l: Json) => l.accounts.first_name === "Dan")).toBe(true);
  });

  it("long service leave needs two approvals; a decline needs a comment", async () => {
    await post(
      mine,
      "/timesheet/leave-requests",
      request("2031-09-01", "2031-09-05", { type_id: "13" }),
      driver,
    );
    const id = String(
      (await load(allLeave, "/timesheet/all-leave-requests?q=dan", admin)).data!.requests.find(
        (l: Json) => l.leave_start_date === "2031-09-01",
      ).id,
    );
    expect(
      (await post(allLeave, "/timesheet/all-leave-requests", { intent: "decline", id }, admin))
        .status,
    ).toBe(400);
    expect(
      (await post(allLeave, "/timesheet/all-leave-requests", { intent: "approve", id }, admin))
        .status,
    ).toBe(302);
    let l = (
      await load(allLeave, "/timesheet/all-leave-requests?status=all&q=dan", admin)
    ).data!.requests.find((x: Json) => String(x.id) === id);
    expect(l).toMatchObject({
      status: "pending",
      approvals: 1,
      approved_look: true,
      can_decide: false,
    });
    expect(
      (await post(allLeave, "/timesheet/all-leave-requests", { intent: "approve", id }, tsadmin))
        .status,
    ).toBe(302);
    l = (
      await load(allLeave, "/timesheet/all-leave-requests?status=approved&q=dan", admin)
    ).data!.requests.find((x: Json) => String(x.id) === id);
    expect(l.approvals).toBe(2);
    // The driver may not decide (403 from the guard).
    expect(
      (await post(allLeave, "/timesheet/all-leave-requests", { intent: "approve", id }, driver))
        .status,
    ).toBe(403);
  });

  it("the calendar warns when a request would leave a group short", async () => {
    const cal = (await load(calendar, "/timesheet/leave-calendar", admin)).data!;
    expect(cal.holidays.length).toBeGreaterThanOrEqual(0);
    // The mechanics' calendar data: Sam and Priya away on the same days, as seeded.
    const seeded = cal.events.filter((l: Json) => ["Sam", "Priya"].includes(l.accounts.first_name));
    expect(seeded.length).toBeGreaterThan(0);
  });
});

describe("rosters, missing shifts and no login", () => {
  it("creates an rrule roster; refuses a bad rule with the values kept", async () => {
    const fields = {
      intent: "create",
      name: "Fortnightly Saturdays",
      assign: "person:1101",
      pattern: "rrule",
      rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA",
      start_time: "08:00",
      end_time: "12:00",
      break_minutes: "0",
      valid_from: "2026-01-03",
    };
    expect((await post(structure, "/timesheet/structure", fields, admin)).status).toBe(302);
    const bad = await post(
      structure,
      "/timesheet/structure",
      { ...fields, rrule: "sometimes" },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).values.name).toBe("Fortnightly Saturdays");
    const page = (await load(structure, "/timesheet/structure", admin)).data!;
    const r = page.rosters.find((x: Json) => x.name === "Fortnightly Saturdays");
    expect(r).toMatchObject({ pattern: "rrule", who: "Sam Patel", hours: 4 });
    expect((await load(structure, "/timesheet/structure", driver)).status).toBe(403);
  });

  it("lists office shifts nobody clocked on to and notifies the reviewer once", async () => {
    const { data } = await load(missing, "/timesheet/missingShifts?grace=15", admin);
    expect(data!.missing.length + data!.onTime).toBeGreaterThan(0);
    expect(data!.unrostered.length).toBeGreaterThan(0); // the drivers have no roster this week
    const strict = (await load(missing, "/timesheet/missingShifts?grace=0", admin)).data!;
    expect(strict.missing.length).toBeGreaterThanOrEqual(data!.missing.length);
    const before = await prisma.notification.count({ where: { kind: "missing-shift" } });
    await post(missing, "/timesheet/missingShifts?grace=0", { intent: "notify" }, admin);
    await post(missing, "/timesheet/missingShifts?grace=0", { intent: "notify" }, admin);
    const after = await prisma.notification.count({ where: { kind: "missing-shift" } });
    expect(after - before).toBe(strict.missing.length);
  });

  it("no login: people idle for N days", async () => {
    const week = (await load(noLogin, "/timesheet/noLogin", admin)).data!;
    const names = week.people.map((p: Json) => p.name);
    expect(names).toContain("Ben Okafor"); // never
    expect(names).toContain("Ruth Ellis"); // 21 days
    expect(names).not.toContain("Lena Fischer"); // today
    const month = (await load(noLogin, "/timesheet/noLogin?days=30", admin)).data!;
    expect(month.people.map((p: Json) => p.name)).not.toContain("Ruth Ellis");
  });
});

describe("site declarations", () => {
  it("a flagged answer notifies the reviewer; the register exports as CSV", async () => {
    const missingAnswer = await post(
      covid,
      "/timesheet/covid19",
      { intent: "declare", q41: "no" },
      driver,
    );
    expect(missingAnswer.status).toBe(400);
    const before = await prisma.notification.count({
      where: { kind: "declaration", userId: 1001 },
    });
    const res = await post(
      covid,
      "/timesheet/covid19",
      { intent: "declare", q41: "yes", q42: "no", q43: "yes", jobsite_id: "101" },
      driver,
    );
    expect(res.status).toBe(302);
    expect(await prisma.notification.count({ where: { kind: "declaration", userId: 1001 } })).toBe(
      before + 1,
    );
    const own = (await load(covid, "/timesheet/covid19", driver)).data!;
    expect(own.declarations.every((d: Json) => d.username_id === 1003)).toBe(true);
    const csv = await call(
      covidCsv.loader,
      get("/timesheet/covid19/register.csv?flagged=1", admin),
    );
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("Dan,Driver,Port of Brisbane Berth 9,yes");
    expect(
      (await call(covidCsv.loader, get("/timesheet/covid19/register.csv", driver))).status,
    ).toBe(403);
  });
});
