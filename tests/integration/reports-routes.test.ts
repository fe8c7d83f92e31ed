import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { loader as reportLoader, action as reportAction } from "~/routes/dashboard.reports.$kind";
import { loader as downloadLoader } from "~/routes/dashboard.reports.$kind.download";
import {
  action as scheduleAction,
  loader as scheduleLoader,
} from "~/routes/dashboard.scheduled-reports.$id";
import {
  loader as unsubscribeLoader,
  action as unsubscribeAction,
} from "~/routes/unsubscribe.$token";
import { prisma } from "~/services/db.server";
import { DEFAULT_SETTINGS, SETTINGS_COOKIE } from "~/lib/settings";
import { unsubscribeToken } from "~/modules/reports/report-email.server";
import { runReportJobs } from "../../app/modules/reports/report-run.server";
import { parseCsv } from "../support/csv";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get, toastOf } from "../support/remix";
import { useSimulator } from "../support/upstream";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
});

const cookies = new Map<string, string>();
async function as(username: string, password: string) {
  if (!cookies.has(username)) {
    const res = await call(loginAction, formPost("/login", { username, password }));
    expect(res.status).toBe(302);
    cookies.set(username, cookieFrom(res));
  }
  return cookies.get(username)!;
}

function post(path: string, fields: Record<string, string>, cookie: string) {
  return formPost(path, fields, { cookie });
}

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

describe("scheduled report routes", () => {
  it("an invalid recipient list is refused with a clear message, what was typed is kept, and nothing is saved", async () => {
    const cookie = await as("admin", "admin123");
    const res = await call(
      scheduleAction,
      post(
        "/dashboard/scheduled-reports/new",
        { ...schedule, recipients: "ops@example.com, nope" },
        cookie,
      ),
      { params: { id: "new" } },
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.recipients).toBe('Not a valid email address: "nope". Nothing was saved.');
    expect(body.values.recipients).toBe("ops@example.com, nope");
    expect(body.values.subject).toBe("Weekly distance");
    expect(await prisma.reportSchedule.count()).toBe(0);
  });

  it("creates, edits, disables and deletes (after confirmation) a schedule; another company gets 404", async () => {
    const cookie = await as("admin", "admin123");
    const created = await call(
      scheduleAction,
      post("/dashboard/scheduled-reports/new", schedule, cookie),
      { params: { id: "new" } },
    );
    expect(created.status).toBe(302);
    const id = /^\/dashboard\/scheduled-reports\/([^?/]+)$/.exec(
      created.headers.get("location")!,
    )![1]!;
    expect(await toastOf(created)).toMatchObject({
      type: "success",
      description: "Schedule created.",
    });
    const s = await prisma.reportSchedule.findUniqueOrThrow({ where: { id } });
    expect(s).toMatchObject({
      reportKind: "distance-per-vehicle",
      weekdays: [1],
      recipients: ["ops@example.com"],
      enabled: true,
    });
    expect(s.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    // "Next run" agrees with the rule it sits next to: 07:00 in the schedule's zone, with its year.
    const page = await (
      await call(scheduleLoader, get(`/dashboard/scheduled-reports/${id}`, cookie), {
        params: { id },
      })
    ).json();
    expect(page.describe).toContain("07:00 (Australia/Brisbane)");
    const year = new Intl.DateTimeFormat("en-AU", {
      timeZone: "Australia/Brisbane",
      year: "numeric",
    }).format(s.nextRunAt!);
    expect(page.nextRun).toMatch(new RegExp(`^\\d{1,2} \\w{3} ${year}(,| at)? 07:00$`));

    const edited = await call(
      scheduleAction,
      post(
        `/dashboard/scheduled-reports/${id}`,
        { ...schedule, subject: "Renamed", frequency: "monthly", monthDay: "31" },
        cookie,
      ),
      { params: { id } },
    );
    expect(edited.status).toBe(302);
    expect(await toastOf(edited)).toMatchObject({ description: "Changes saved." });
    expect(await prisma.reportSchedule.findUniqueOrThrow({ where: { id } })).toMatchObject({
      subject: "Renamed",
      frequency: "monthly",
      monthDay: 31,
      weekdays: [],
    });

    await call(
      scheduleAction,
      post(`/dashboard/scheduled-reports/${id}`, { intent: "disable" }, cookie),
      { params: { id } },
    );
    expect(await prisma.reportSchedule.findUniqueOrThrow({ where: { id } })).toMatchObject({
      enabled: false,
      nextRunAt: null,
    });

    const other = await as("other", "other123");
    expect(
      (
        await call(scheduleLoader, get(`/dashboard/scheduled-reports/${id}`, other), {
          params: { id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          scheduleAction,
          post(`/dashboard/scheduled-reports/${id}`, { intent: "delete", confirm: "yes" }, other),
          { params: { id } },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          scheduleAction,
          post(`/dashboard/scheduled-reports/${id}`, { intent: "send-now" }, other),
          { params: { id } },
        )
      ).status,
    ).toBe(404);

    const unknown = await call(
      scheduleAction,
      post(`/dashboard/scheduled-reports/${id}`, { intent: "archive" }, cookie),
      { params: { id } },
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ message: "That request was not understood." });

    const ask = await call(
      scheduleAction,
      post(`/dashboard/scheduled-reports/${id}`, { intent: "delete" }, cookie),
      { params: { id } },
    );
    expect(await ask.json()).toEqual({ confirmDelete: true });
    expect(await prisma.reportSchedule.count({ where: { id } })).toBe(1);
    const gone = await call(
      scheduleAction,
      post(`/dashboard/scheduled-reports/${id}`, { intent: "delete", confirm: "yes" }, cookie),
      { params: { id } },
    );
    expect(gone.headers.get("location")).toBe("/dashboard/scheduled-reports");
    expect(await toastOf(gone)).toMatchObject({ description: "Schedule deleted." });
    expect(await prisma.reportSchedule.count({ where: { id } })).toBe(0);
  });

  it("the unsubscribe link works without an account: GET only asks, POST unsubscribes; a forged token is 404", async () => {
    const s = await prisma.reportSchedule.create({
      data: {
        userId: 1,
        companyId: 1,
        reportKind: "trip-summary",
        params: {},
        frequency: "daily",
        weekdays: [],
        timeOfDay: "07:00",
        timeZone: "UTC",
        period: "yesterday",
        format: "csv",
        recipients: ["a@example.com"],
        subject: "Trips",
      },
    });
    const token = unsubscribeToken(s.id, "a@example.com");
    expect(
      await (
        await call(unsubscribeLoader, get(`/unsubscribe/${token}`), { params: { token } })
      ).json(),
    ).toEqual({ email: "a@example.com", subject: "Trips", already: false });
    expect(await prisma.reportUnsubscribe.count()).toBe(0);
    await call(unsubscribeAction, formPost(`/unsubscribe/${token}`, {}), { params: { token } });
    expect(await prisma.reportUnsubscribe.findMany()).toMatchObject([
      { scheduleId: s.id, email: "a@example.com" },
    ]);
    const forged = `${token.split(".")[0]}.AAAA`;
    expect(
      (await call(unsubscribeLoader, get(`/unsubscribe/${forged}`), { params: { token: forged } }))
        .status,
    ).toBe(404);
  });
});

describe("report routes", () => {
  it("shows a report with totals and downloads it as CSV; a foreign vehicle is 404", async () => {
    const cookie = await as("admin", "admin123");
    const res = await call(
      reportLoader,
      get("/dashboard/reports/distance-per-vehicle?from=2026-03-02&to=2026-03-03", cookie),
      { params: { kind: "distance-per-vehicle" } },
    );
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.view.headers[0]).toBe("Vehicle");
    expect(data.view.rowCount).toBeGreaterThan(5);
    expect(data.view.totals[0]).toBe("Total");
    const csv = await call(
      downloadLoader,
      get(
        "/dashboard/reports/distance-per-vehicle/download?format=csv&from=2026-03-02&to=2026-03-03",
        cookie,
      ),
      { params: { kind: "distance-per-vehicle" } },
    );
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // Named after the range's first day in the company's zone (UTC said 2026-03-01).
    expect(csv.headers.get("content-disposition")).toMatch(
      /attachment; filename="distance-per-vehicle-2026-03-02\.csv"/,
    );
    const rows = parseCsv((await csv.text()).replace(/^\uFEFF/, "").trimEnd());
    expect(rows).toHaveLength(data.view.rowCount + 2);
    expect(rows.at(-1)![2]).toBe(data.view.totals[2]);

    const other = await as("other", "other123");
    const theirs = await call(reportLoader, get(`/dashboard/reports/trip-summary`, other), {
      params: { kind: "trip-summary" },
    });
    expect(theirs.status).toBe(200);
    const mine = data.view.rows.length
      ? (await prisma.device.findFirst({ where: { companyId: 1 } }))?.imei
      : undefined;
    const imei = mine ?? "354800100000000";
    expect(
      (
        await call(reportLoader, get(`/dashboard/reports/trip-summary?imeis=${imei}`, other), {
          params: { kind: "trip-summary" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(reportLoader, get("/dashboard/reports/no-such-report", cookie), {
          params: { kind: "no-such-report" },
        })
      ).status,
    ).toBe(404);
  });

  it("imperial readers: the screen, the speed limit typed in mph and the download are in miles and mph", async () => {
    const cookie = `${await as("admin", "admin123")}; ${SETTINGS_COOKIE}=${encodeURIComponent(
      JSON.stringify({ ...DEFAULT_SETTINGS, measurement: "imperial" }),
    )}`;
    const range = "from=2026-03-02&to=2026-03-08";
    const page = async (qs: string) =>
      (await (
        await call(reportLoader, get(`/dashboard/reports/speeding?${range}&${qs}`, cookie), {
          params: { kind: "speeding" },
        })
      ).json()) as {
        form: { speedLimit: string };
        errors: Record<string, string>;
        view: { headers: string[]; rowCount: number } | null;
      };
    // 56 mph is 90 km/h: the same trips as the default limit, shown in the reader's unit.
    const mph = await page("speedUnit=imperial&speedLimit=56");
    const kmh = await page("speedLimit=90");
    expect(mph.view!.rowCount).toBe(kmh.view!.rowCount);
    expect(mph.view!.rowCount).toBeGreaterThan(0);
    expect(mph.form.speedLimit).toBe("56");
    expect(kmh.form.speedLimit).toBe("56");
    expect(mph.view!.headers.join(" ")).toContain("(mph)");
    expect(mph.view!.headers.join(" ")).not.toContain("km/h");
    const slow = await page("speedUnit=imperial&speedLimit=12");
    expect(slow.errors.speedLimit).toBe("Enter a whole speed from 13 to 155 mph");
    expect(slow.form.speedLimit).toBe("12");
    const csv = await call(
      downloadLoader,
      get(`/dashboard/reports/trip-summary/download?format=csv&${range}`, cookie),
      { params: { kind: "trip-summary" } },
    );
    const header = parseCsv((await csv.text()).replace(/^\uFEFF/, "").trimEnd())[0]!;
    expect(header).toContain("Distance (mi)");
  });

  it("a year of the fleet is offered as a background job, which reports progress, finishes and notifies", async () => {
    const cookie = await as("admin", "admin123");
    const year = await (
      await call(
        reportLoader,
        get("/dashboard/reports/distance-per-vehicle?from=2025-01-01&to=2025-12-31", cookie),
        { params: { kind: "distance-per-vehicle" } },
      )
    ).json();
    expect(year.view).toBeNull();
    expect(year.tooLarge.vehicleDays).toBeGreaterThan(1500);
    // A short range as a job, so the test stays quick; the path is the same.
    const started = await call(
      reportAction,
      post(
        "/dashboard/reports/distance-per-vehicle",
        { intent: "run-job", from: "2026-03-02", to: "2026-03-04" },
        cookie,
      ),
      { params: { kind: "distance-per-vehicle" } },
    );
    const jobId = /job=(\w+)/.exec(started.headers.get("location")!)![1]!;
    const queued = await (
      await call(
        reportLoader,
        get(`/dashboard/reports/distance-per-vehicle?job=${jobId}`, cookie),
        { params: { kind: "distance-per-vehicle" } },
      )
    ).json();
    expect(queued.job.status).toBe("queued");
    expect(await runReportJobs()).toBe(1);
    const done = await (
      await call(
        reportLoader,
        get(`/dashboard/reports/distance-per-vehicle?job=${jobId}`, cookie),
        { params: { kind: "distance-per-vehicle" } },
      )
    ).json();
    expect(done.job).toMatchObject({ status: "done", progress: 1 });
    expect(done.view.rowCount).toBeGreaterThan(5);
    expect(await prisma.notification.findMany({ where: { kind: "report_ready" } })).toHaveLength(1);
    const pdf = await call(
      downloadLoader,
      get(`/dashboard/reports/distance-per-vehicle/download?format=pdf&job=${jobId}`, cookie),
      { params: { kind: "distance-per-vehicle" } },
    );
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // Another company cannot see the job.
    const other = await as("other", "other123");
    expect(
      (
        await call(
          reportLoader,
          get(`/dashboard/reports/distance-per-vehicle?job=${jobId}`, other),
          { params: { kind: "distance-per-vehicle" } },
        )
      ).status,
    ).toBe(404);
  });

  it("cancelling a queued job stops it", async () => {
    const cookie = await as("admin", "admin123");
    const started = await call(
      reportAction,
      post(
        "/dashboard/reports/trip-summary",
        { intent: "run-job", from: "2026-03-02", to: "2026-03-02" },
        cookie,
      ),
      { params: { kind: "trip-summary" } },
    );
    const jobId = /job=(\w+)/.exec(started.headers.get("location")!)![1]!;
    await call(
      reportAction,
      post("/dashboard/reports/trip-summary", { intent: "cancel", job: jobId }, cookie),
      { params: { kind: "trip-summary" } },
    );
    expect(await runReportJobs()).toBe(0);
    expect((await prisma.reportJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe(
      "cancelled",
    );
  });

  it("an intent the report page does not know is the spec's 400, not a thrown error", async () => {
    const cookie = await as("admin", "admin123");
    const res = await call(
      reportAction,
      post("/dashboard/reports/trip-summary", { intent: "archive" }, cookie),
      { params: { kind: "trip-summary" } },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      intent: "error",
      message: "That request was not understood.",
    });
  });
});

describe("background results", () => {
  it("live in PostgreSQL (any process reads what another built), gzipped, pruned after a week", async () => {
    const { pruneResults, readResult, storeResult } =
      await import("~/modules/reports/report-results.server");
    const result = {
      kind: "trip-summary",
      params: { imeis: [], groups: [] },
      rows: Array.from({ length: 2000 }, (_, i) => [`Vehicle ${i}`, i * 1.5, null]),
      totals: [null, 2998500, null],
      range: { from: 0, to: 1, label: "a week" },
      timeZone: "Australia/Brisbane",
      chart: [],
      headline: [{ label: "Rows", value: "2000" }],
    } as unknown as Parameters<typeof storeResult>[1];
    await storeResult("resultprobe1", result);
    expect(await readResult("resultprobe1")).toEqual(result);
    const row = await prisma.reportResult.findUniqueOrThrow({ where: { jobId: "resultprobe1" } });
    expect(row.data.length).toBeLessThan(JSON.stringify(result).length / 4);
    expect(await readResult("nosuchjob")).toBeNull();
    expect(await pruneResults(Date.now() + 6 * 86_400_000)).toBe(0);
    expect(await pruneResults(Date.now() + 8 * 86_400_000)).toBeGreaterThanOrEqual(1);
    expect(await readResult("resultprobe1")).toBeNull();
  });
});
