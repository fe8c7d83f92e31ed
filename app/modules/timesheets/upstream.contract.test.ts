/** Contract test of the timesheet calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import { listJobCodes } from "../admin/jobcodes-upstream.server";
import * as ts from "./upstream.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const driver = () => up.signIn("driver", "driver123");
const other = () => up.signIn("other", "other123");

const H = 3_600_000;
const DAY = 24 * H;
const iso = (ms: number) => new Date(ms).toISOString();
/** Brisbane midnight of the Sunday at least `weeksAgo` weeks back (seeded history is Mon–Fri). */
function sundayMidnight(weeksAgo: number) {
  const local = Math.floor((Date.now() + 10 * H) / DAY) * DAY;
  const dow = new Date(local).getUTCDay();
  return local - dow * DAY - (weeksAgo - 1) * 7 * DAY - 10 * H;
}
const range = (days = 30) => ({ from: iso(Date.now() - days * DAY), to: iso(Date.now() + H) });

describe("timesheet entries", () => {
  it("seeds weeks of history: drivers see their own, reviewers everyone's, never another company's", async () => {
    const mine = await ts.listEntries(await driver(), range());
    expect(mine.length).toBeGreaterThan(8);
    expect(new Set(mine.map((e) => e.username_id))).toEqual(new Set([1003]));
    expect(mine.every((e) => e.imei && e.jobcode_id === 702)).toBe(true);
    const all = await ts.listEntries(await admin(), range());
    expect(new Set(all.map((e) => e.username_id))).toEqual(new Set([1001, 1002, 1003, 1004]));
    const statuses = new Set(all.map((e) => e.status));
    for (const s of ["draft", "submitted", "approved", "rejected"] as const)
      expect(statuses).toContain(s);
    expect(all.find((e) => e.status === "rejected")!.review_comment).toMatch(/correct/);
    const theirs = await ts.listEntries(await other(), range());
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e) => e.username_id === 2001)).toBe(true);
    // A driver asking for someone else's entries, or a foreign person, is a 404.
    expect(
      (await rejection(ts.listEntries(await driver(), { ...range(), username_id: 1001 }))).status,
    ).toBe(404);
    expect(
      (await rejection(ts.listEntries(await admin(), { ...range(), username_id: 2001 }))).status,
    ).toBe(404);
  });

  it("clocks on with a photo and position, takes a break and clocks off; the job code counts it", async () => {
    const api = await driver();
    const before = (await listJobCodes(await admin())).find((c) => c.id === 703)!.in_use;
    const on = await ts.clock(api, {
      action: "on",
      jobcode_id: 703,
      jobsite_id: 104,
      photo: "data:image/png;base64,iVBORw0KGgo=",
      position: { lat: -27.46, lng: 153.1, accuracy_m: 12 },
    });
    expect(on).toMatchObject({
      end: null,
      status: "draft",
      jobsite_id: 104,
      photo: expect.stringMatching(/^data:image\/png/),
    });
    const again = await rejection(
      ts.clock(api, { action: "on", jobcode_id: 703, jobsite_id: 104 }),
    );
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/already clocked on since/);
    await ts.clock(api, { action: "break_start" });
    expect((await rejection(ts.clock(api, { action: "break_start" }))).message).toBe(
      "You are already on a break",
    );
    await ts.clock(api, { action: "break_end" });
    const off = await ts.clock(api, { action: "off" });
    expect(off.end).not.toBeNull();
    expect(off.breaks).toHaveLength(1);
    expect((await rejection(ts.clock(api, { action: "off" }))).message).toBe(
      "You are not clocked on",
    );
    expect((await listJobCodes(await admin())).find((c) => c.id === 703)!.in_use).toBe(before + 1);
    await ts.deleteEntry(api, off.id);
    expect((await listJobCodes(await admin())).find((c) => c.id === 703)!.in_use).toBe(before);
  });

  it("refuses an end before its start (400), an overlap (409) and an inactive job code (400)", async () => {
    const api = await driver();
    const sun = sundayMidnight(2);
    const base = { jobcode_id: 702, jobsite_id: 102 };
    const made = await ts.createEntry(api, {
      ...base,
      start: iso(sun + 7 * H),
      end: iso(sun + 12 * H),
    });
    const back = await rejection(
      ts.createEntry(api, { ...base, start: iso(sun + 14 * H), end: iso(sun + 13 * H) }),
    );
    expect([back.status, back.message]).toEqual([400, "The end must be after the start"]);
    const clash = await rejection(
      ts.createEntry(api, { ...base, start: iso(sun + 11 * H), end: iso(sun + 15 * H) }),
    );
    expect(clash.status).toBe(409);
    expect(clash.message).toMatch(
      /^This overlaps the entry of \d{4}-\d{2}-\d{2} from 07:00 to 12:00$/,
    );
    const inactive = await rejection(
      ts.createEntry(api, {
        ...base,
        jobcode_id: 705,
        start: iso(sun + 13 * H),
        end: iso(sun + 14 * H),
      }),
    );
    expect(inactive.message).toBe("Job code OLD-900 is inactive: pick another");
    const edited = await ts.updateEntry(api, made.id, {
      end: iso(sun + 13 * H),
      notes: "Yard clean-up",
    });
    expect(edited).toMatchObject({ notes: "Yard clean-up", end: iso(sun + 13 * H) });
    await ts.deleteEntry(api, made.id);
  });

  it("submits the week, refuses edits after that, and reviewers approve or reject with a comment", async () => {
    const api = await driver();
    const sun = sundayMidnight(3);
    const e = await ts.createEntry(api, {
      jobcode_id: 702,
      jobsite_id: 102,
      start: iso(sun + 6 * H),
      end: iso(sun + 9 * H),
    });
    const done = await ts.submitWeek(api, { from: iso(sun), to: iso(sun + DAY) });
    expect(done.ids).toEqual([e.id]);
    expect((await rejection(ts.updateEntry(api, e.id, { notes: "x" }))).status).toBe(409);
    expect(
      (await rejection(ts.reviewEntries(api, { ids: [e.id], decision: "approved", comment: "" })))
        .status,
    ).toBe(403);
    const boss = await admin();
    const noWhy = await rejection(
      ts.reviewEntries(boss, { ids: [e.id], decision: "rejected", comment: "" }),
    );
    expect(noWhy.message).toBe("Say why in a comment when you reject an entry");
    const r = await ts.reviewEntries(boss, {
      ids: [e.id],
      decision: "rejected",
      comment: "Wrong site",
    });
    expect(r).toEqual({ reviewed: 1, ids: [e.id], status: "rejected" });
    // Rejected entries can be corrected and submitted again, then approved.
    await ts.updateEntry(api, e.id, { jobsite_id: 103 });
    await ts.submitWeek(api, { from: iso(sun), to: iso(sun + DAY) });
    await ts.reviewEntries(boss, { ids: [e.id], decision: "approved", comment: "" });
    const [after] = await ts.listEntries(api, { from: iso(sun), to: iso(sun + DAY) });
    expect(after).toMatchObject({ status: "approved", reviewed_by: { username_id: 1001 } });
    expect(
      (
        await rejection(
          ts.reviewEntries(await other(), { ids: [e.id], decision: "approved", comment: "" }),
        )
      ).status,
    ).toBe(404);
  });
});

describe("pay periods", () => {
  it("locks a period for everyone, refuses writes in it, and reopens only with a recorded reason", async () => {
    const boss = await admin();
    const [current, last] = await ts.listPeriods(boss, 601, 2);
    expect(current!.from > last!.from).toBe(true);
    const locked = await ts.lockPeriod(boss, 601, last!.from);
    expect(locked.locked).toBe(true);
    expect((await rejection(ts.lockPeriod(boss, 601, last!.from))).status).toBe(409);
    const sun = Date.parse(`${last!.to}T00:00:00+10:00`);
    const refused = await rejection(
      ts.createEntry(await driver(), {
        jobcode_id: 702,
        jobsite_id: 102,
        start: iso(sun + 20 * H),
        end: iso(sun + 21 * H),
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      `The pay period ${last!.from} to ${last!.to} of Drivers weekly is locked: ask a payroll administrator to reopen it`,
    );
    expect((await rejection(ts.reopenPeriod(boss, 601, last!.from, " "))).message).toBe(
      "Give a reason to reopen a locked pay period",
    );
    expect((await rejection(ts.lockPeriod(await driver(), 601, last!.from))).status).toBe(403);
    const open = await ts.reopenPeriod(boss, 601, last!.from, "Missed a shift of Dan");
    expect(open.history.map((h) => [h.action, h.reason, h.by.name])).toEqual([
      ["lock", "", "Alex Morgan"],
      ["reopen", "Missed a shift of Dan", "Alex Morgan"],
    ]);
    expect((await rejection(ts.listPeriods(await other(), 601))).status).toBe(404);
    expect((await rejection(ts.lockPeriod(boss, 601, "2020-01-02"))).status).toBe(400);
  });
});

describe("allowances and payroll groups", () => {
  it("allowances: list, create, edit, delete; names unique; another company's id is a 404", async () => {
    const boss = await admin();
    expect((await ts.listAllowances(boss)).map((a) => a.name)).toContain("Meal allowance");
    const a = await ts.createAllowance(boss, {
      name: "Height allowance",
      amount: "4.1250",
      unit: "hour",
      taxable: true,
    });
    expect(a.amount).toBe("4.1250");
    expect(
      (await rejection(ts.createAllowance(boss, { ...a, name: "height allowance" }))).status,
    ).toBe(409);
    expect(
      (await rejection(ts.createAllowance(boss, { ...a, name: "X", amount: "-1" }))).status,
    ).toBe(400);
    await ts.updateAllowance(boss, a.id, {
      name: "Height allowance",
      amount: "4.50",
      unit: "shift",
      taxable: false,
    });
    const foreign = await ts.listAllowances(await other());
    expect(foreign.map((x) => x.id)).not.toContain(a.id);
    expect((await rejection(ts.deleteAllowance(await other(), a.id))).status).toBe(404);
    await ts.deleteAllowance(boss, a.id);
  });

  it("payroll groups: presets or custom rules; a person belongs to one group; foreign ids are 404", async () => {
    const boss = await admin();
    const groups = await ts.listPayrollGroups(boss);
    expect(groups.map((g) => g.name)).toEqual(["Drivers weekly", "Office fortnightly"]);
    const input: ts.PayrollGroupInput = {
      name: "Casuals",
      pay_period: "monthly",
      period_anchor: "2026-01-01",
      overtime_preset: "custom",
      overtime_rules: {
        daily: [{ after_hours: 10, multiplier: 1.5 }],
        weekly: null,
        seventh_day: null,
        public_holiday_multiplier: 2.5,
        week_starts_on: 1,
      },
      country: "AU",
      region: "QLD",
      members: [{ username_id: 1003, rate: "30", payroll_code: "" }],
      allowance_ids: [502],
    };
    const dup = await rejection(ts.createPayrollGroup(boss, input));
    expect([dup.status, dup.message]).toEqual([
      409,
      "Dan Driver is already in payroll group Drivers weekly",
    ]);
    const g = await ts.createPayrollGroup(boss, { ...input, members: [] });
    expect(g.overtime_rules?.public_holiday_multiplier).toBe(2.5);
    expect(
      (
        await rejection(
          ts.updatePayrollGroup(boss, g.id, {
            ...input,
            members: [],
            pay_period: "yearly" as never,
          }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await rejection(ts.updatePayrollGroup(await other(), g.id, { ...input, members: [] })))
        .status,
    ).toBe(404);
    expect(
      (
        await rejection(
          ts.createPayrollGroup(boss, {
            ...input,
            members: [{ username_id: 2001, rate: "1", payroll_code: "" }],
          }),
        )
      ).status,
    ).toBe(404);
    await ts.deletePayrollGroup(boss, g.id);
    expect((await ts.listPayrollGroups(await other())).map((x) => x.name)).toEqual(["Plumbers"]);
  });
});
