/**
 * Issue 20, timesheets through the routes' loaders and actions against PostgreSQL and the
 * simulator: my week (clock on and off, entries refused with their typed values kept, submit),
 * review with the telematics check, payroll locks and export, the job report, and who sees whose
 * timesheet (404 unless the user reviews the person's group).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as view from "~/routes/_shell.timesheet.view";
import * as reviewRoute from "~/routes/_shell.timesheet.review";
import * as payroll from "~/routes/_shell.timesheet.payroll";
import * as payrollExport from "~/routes/timesheet.payroll.export.$format";
import * as jobReport from "~/routes/_shell.timesheet.reports.job";
import * as overtime from "~/routes/_shell.timesheet.overtime";
import * as allowances from "~/routes/_shell.admin.allowances";
import * as payrollGroups from "~/routes/_shell.admin.payrollgroups";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let admin = "";
let driver = "";
let tsadmin = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  [admin, driver, tsadmin] = await Promise.all([
    sessionCookie("admin", "admin123"),
    sessionCookie("driver", "driver123"),
    sessionCookie("tsadmin", "tsadmin123"),
  ]);
}, 60_000);

type Json = Record<string, unknown> & { [k: string]: never | unknown };
const page = async (loader: unknown, path: string, cookie: string) => {
  const res = await call(loader as never, get(path, cookie));
  return { status: res.status, data: res.status === 200 ? ((await res.json()) as Json) : null };
};
const post = (action: unknown, path: string, fields: Record<string, string>, cookie: string) =>
  call(action as never, formPost(path, fields, { cookie }));

describe("my timesheet", () => {
  it("clocks on and off, and refuses an end before its start or an overlap with the values kept", async () => {
    expect(
      (await post(view.action, "/timesheet/view", { intent: "clock_on" }, driver)).status,
    ).toBe(400);
    const on = await post(
      view.action,
      "/timesheet/view",
      // Company 1 asks three site declaration questions at clock-on (clock-on-declaration.test.ts).
      {
        intent: "clock_on",
        jobcode_id: "702",
        jobsite_id: "102",
        q41: "no",
        q42: "no",
        q43: "yes",
      },
      driver,
    );
    expect(on.status).toBe(302);
    const week = (await page(view.loader, "/timesheet/view", driver)).data!;
    expect(week.open).toMatchObject({ onBreak: false });
    expect(
      (await post(view.action, "/timesheet/view", { intent: "break_start" }, driver)).status,
    ).toBe(302);
    expect(
      (await post(view.action, "/timesheet/view", { intent: "clock_off" }, driver)).status,
    ).toBe(302);
    const after = (await page(view.loader, "/timesheet/view", driver)).data!;
    expect(after.open).toBeNull();

    const fields = {
      intent: "create",
      start: "2026-01-04T09:00",
      end: "2026-01-04T08:00",
      break_minutes: "0",
      jobcode_id: "702",
    };
    const back = await post(view.action, "/timesheet/view", fields, driver);
    expect(back.status).toBe(400);
    const body = (await back.json()) as {
      result: { initialValue: Record<string, string>; error: Record<string, string[]> };
    };
    expect(body.result.error.end).toEqual(["The end must be after the start"]);
    expect(body.result.initialValue.start).toBe("2026-01-04T09:00");
    // A Sunday: no seeded shift.
    const ok = { ...fields, start: "2026-01-04T07:00", end: "2026-01-04T12:00" };
    expect((await post(view.action, "/timesheet/view", ok, driver)).status).toBe(302);
    const clash = await post(
      view.action,
      "/timesheet/view",
      { ...ok, start: "2026-01-04T11:00", end: "2026-01-04T13:00" },
      driver,
    );
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { message: string }).message).toBe(
      "This overlaps the entry of 2026-01-04 from 07:00 to 12:00",
    );
  });

  it("submits the week; someone else's timesheet is a 404 unless the user reviews their group", async () => {
    const jan = (await page(view.loader, "/timesheet/view?week=2026-01-04", driver)).data!;
    expect(jan.toSubmit).toBe(1);
    expect(jan.totals).toMatchObject({ total: 300 });
    expect(
      (
        await post(
          view.action,
          "/timesheet/view?week=2026-01-04",
          { intent: "submit", week: "2025-12-29" },
          driver,
        )
      ).status,
    ).toBe(302);
    expect(
      (await page(view.loader, "/timesheet/view?week=2026-01-04", driver)).data!.toSubmit,
    ).toBe(0);
    expect((await page(view.loader, "/timesheet/view?person=1001", driver)).status).toBe(404);
    // tsadmin has admin_timesheet: everyone of the company (a pure reviewer: context.server.test.ts).
    expect((await page(view.loader, "/timesheet/view?person=1003", tsadmin)).status).toBe(200);
    expect((await page(view.loader, "/timesheet/view?person=1004", driver)).status).toBe(404);
    const other = (await page(view.loader, "/timesheet/view?person=1003", admin)).data!;
    expect(other).toMatchObject({ own: false, person: { name: "Dan Driver" } });
    expect((await page(view.loader, "/timesheet/view?person=2001", admin)).status).toBe(404);
  });
});

describe("review", () => {
  it("shows each submitted entry with its telematics check, and approves or rejects with a comment", async () => {
    expect((await page(reviewRoute.loader, "/timesheet/review", driver)).status).toBe(403);
    const d = (await page(reviewRoute.loader, "/timesheet/review?group=601&margin=0.5", admin))
      .data as {
      entries: { id: number; check: { text: string; flags: string[] } }[];
      period: { from: string };
    };
    expect(d.entries.length).toBeGreaterThan(0);
    for (const e of d.entries)
      expect(e.check.text).toMatch(
        /^clocked \d+\.\d h · vehicle active \d+\.\d h · on site \d+\.\d h$/,
      );
    const [first, second] = d.entries;
    const noWhy = await post(
      reviewRoute.action,
      "/timesheet/review",
      { intent: "reject", ids: String(first!.id), group: "601", period: d.period.from },
      admin,
    );
    expect(noWhy.status).toBe(400);
    expect(await noWhy.json()).toEqual({
      errors: { comment: "Say why in a comment when you reject an entry" },
    });
    const ok = await post(
      reviewRoute.action,
      "/timesheet/review",
      {
        intent: "reject",
        ids: String(first!.id),
        comment: "Wrong jobsite",
        group: "601",
        period: d.period.from,
      },
      admin,
    );
    expect(ok.status).toBe(302);
    expect(
      (
        await post(
          reviewRoute.action,
          "/timesheet/review",
          { intent: "approve", ids: String(second!.id), group: "601", period: d.period.from },
          admin,
        )
      ).status,
    ).toBe(302);
    const after = (
      await page(
        reviewRoute.loader,
        `/timesheet/review?group=601&period=${d.period.from}&status=all`,
        admin,
      )
    ).data as {
      entries: { id: number; status: string; review_comment: string }[];
    };
    expect(after.entries.find((e) => e.id === first!.id)).toMatchObject({
      status: "rejected",
      review_comment: "Wrong jobsite",
    });
    expect(after.entries.find((e) => e.id === second!.id)!.status).toBe("approved");
  });
});

describe("payroll", () => {
  it("lines per person and category with their rule; lock, reopen with a reason, export CSV and XLSX", async () => {
    const d = (await page(payroll.loader, "/timesheet/payroll?group=602", admin)).data as {
      period: { from: string; locked: boolean };
      run: {
        lines: { person: string; category: string; rule: string; amount: string }[];
        totalAmount: string;
      };
    };
    expect(d.run.lines.length).toBeGreaterThan(0);
    expect(d.run.lines.every((l) => l.rule.length > 0)).toBe(true);
    expect(d.run.lines.map((l) => l.category)).toContain("Allowance: Site allowance");
    const sum = d.run.lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
    expect((sum / 100).toFixed(2)).toBe(d.run.totalAmount);
    const from = d.period.from;
    expect(
      (
        await post(
          payroll.action,
          "/timesheet/payroll",
          { intent: "lock", group: "602", period: from },
          admin,
        )
      ).status,
    ).toBe(302);
    const noReason = await post(
      payroll.action,
      "/timesheet/payroll",
      { intent: "reopen", group: "602", period: from },
      admin,
    );
    expect(noReason.status).toBe(400);
    expect(
      (
        await post(
          payroll.action,
          "/timesheet/payroll",
          { intent: "lock", group: "602", period: from },
          tsadmin,
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await post(
          payroll.action,
          "/timesheet/payroll",
          { intent: "reopen", group: "602", period: from, reason: "Late approval" },
          admin,
        )
      ).status,
    ).toBe(302);
    const again = (await page(payroll.loader, `/timesheet/payroll?group=602&period=${from}`, admin))
      .data as {
      period: { locked: boolean; history: { action: string; reason: string }[] };
    };
    expect(again.period.locked).toBe(false);
    expect(again.period.history.map((h) => [h.action, h.reason])).toEqual([
      ["lock", ""],
      ["reopen", "Late approval"],
    ]);
    const csv = await call(
      payrollExport.loader as never,
      get(`/timesheet/payroll/export/csv?group=602&period=${from}`, admin),
      { params: { format: "csv" } },
    );
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toMatch(
      /^\uFEFF?Person,Payroll code,Pay category,Hours,Rate,Multiplier,Amount,Rule\r\n/,
    );
    expect(text.trim().split("\r\n").length).toBe(d.run.lines.length + 1);
    const xlsx = await call(
      payrollExport.loader as never,
      get(`/timesheet/payroll/export/xlsx?group=602&period=${from}`, admin),
      { params: { format: "xlsx" } },
    );
    expect(xlsx.headers.get("content-type")).toMatch(/spreadsheetml/);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    expect((await page(payroll.loader, "/timesheet/payroll", driver)).status).toBe(403);
  });
});

describe("reports and administration", () => {
  it("job report by job code, jobsite and person; overtime with the presets; allowances refuse a duplicate", async () => {
    const rep = (
      await page(jobReport.loader, "/timesheet/reports/job?from=2025-10-01&to=2026-12-31", admin)
    ).data as {
      rows: { jobcode: string; person: string; hours: number; cost: string | null }[];
      notice: string | null;
    };
    expect(rep.notice).toMatch(/at most 93 days/);
    expect(rep.rows.some((r) => r.jobcode.startsWith("DRV-100") && r.cost !== null)).toBe(true);
    const ot = (await page(overtime.loader, "/timesheet/overtime?group=601", admin)).data as {
      presets: { id: string; rules: string[] }[];
      people: { name: string }[];
    };
    expect(ot.presets.find((p) => p.id === "us_federal")!.rules[0]).toMatch(/over 40 h at 1.5×/);
    expect(ot.people.map((p) => p.name)).toContain("Dan Driver");
    const dup = await post(
      allowances.action,
      "/admin/allowances",
      { intent: "create", name: "meal allowance", amount: "3", unit: "day" },
      admin,
    );
    expect(dup.status).toBe(409);
    // Conform's reply: the refusal as the form's error, what was typed kept.
    expect(await dup.json()).toMatchObject({
      result: {
        status: "error",
        error: { "": ["An allowance named Meal allowance already exists"] },
        initialValue: { name: "meal allowance" },
      },
    });
    const noRate = await post(
      payrollGroups.action,
      "/admin/payrollgroups",
      {
        intent: "create",
        name: "Night crew",
        pay_period: "weekly",
        period_anchor: "2026-01-05",
        overtime_preset: "none",
        member: "1001",
        rate_1001: "lots",
      },
      admin,
    );
    expect(noRate.status).toBe(400);
    expect(await noRate.json()).toMatchObject({
      result: {
        error: { "": ["Enter an hourly rate like 32.50 for every member"] },
        initialValue: { name: "Night crew", member: "1001", rate_1001: "lots" },
      },
    });
    expect(
      (
        await post(
          allowances.action,
          "/admin/allowances",
          { intent: "create", name: "Boots", amount: "1.5", unit: "shift", taxable: "on" },
          admin,
        )
      ).status,
    ).toBe(302);
  });
});
