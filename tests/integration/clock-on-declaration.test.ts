/**
 * Issue 20, the site declaration answered at clock-on (/timesheet/view, intent clock_on): the
 * company's questions are in the clock-on form; a missing answer refuses the clock-on with a clear
 * message, the typed values kept and nothing clocked on; a flagged answer clocks on, records the
 * declaration against the new entry and notifies the person's reviewer, as the covid19 page does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as covid from "~/routes/_shell.timesheet.covid19";
import * as view from "~/routes/_shell.timesheet.view";
import { prisma } from "~/services/db.server";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let driver = "";
const REVIEWER = 1001; // the driver's reviewer in the simulator's leave world

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  driver = await sessionCookie("driver", "driver123");
}, 60_000);

type Week = {
  open: { id: number } | null;
  questions: Array<{ id: number; text: string }>;
};
const week = async () =>
  (await (await call(view.loader, get("/timesheet/view", driver))).json()) as Week;
const clockOn = (fields: Record<string, string>) =>
  call(
    view.action,
    formPost("/timesheet/view", { intent: "clock_on", ...fields }, { cookie: driver }),
  );

describe("site declaration at clock-on", () => {
  it("asks the company's questions; a missing answer refuses with the typed values kept", async () => {
    const before = await week();
    expect(before.open).toBeNull();
    expect(before.questions.map((q) => q.id)).toEqual([41, 42, 43]);
    expect(before.questions[0]!.text).toMatch(/fever/);

    const res = await clockOn({
      jobcode_id: "702",
      jobsite_id: "102",
      notes: "Early start",
      q41: "no",
      q43: "yes",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      clockError: string;
      clock: { values: Record<string, string>; missing: number[] };
    };
    expect(body.clockError).toBe("Answer every site declaration question to clock on");
    expect(body.clock.missing).toEqual([42]);
    expect(body.clock.values).toMatchObject({
      jobcode_id: "702",
      jobsite_id: "102",
      notes: "Early start",
      q41: "no",
      q43: "yes",
    });
    expect((await week()).open).toBeNull();
  });

  it("a flagged answer clocks on, records the declaration on the entry and notifies the reviewer", async () => {
    const notes = () =>
      prisma.notification.count({ where: { kind: "declaration", userId: REVIEWER } });
    const told = await notes();
    const res = await clockOn({
      jobcode_id: "702",
      jobsite_id: "102",
      q41: "yes",
      q42: "no",
      q43: "yes",
    });
    expect(res.status).toBe(302);
    const open = (await week()).open!;
    expect(open).not.toBeNull();
    expect(await notes()).toBe(told + 1);
    const reg = (await (await call(covid.loader, get("/timesheet/covid19", driver))).json()) as {
      declarations: Array<{ entry_id: number | null; flagged: boolean; jobsite_id: number | null }>;
    };
    const mine = reg.declarations.find((d) => d.entry_id === open.id);
    expect(mine).toMatchObject({ flagged: true, jobsite_id: 102 });
    // Clocked on: the form (and its questions) give way to the break and clock-off buttons.
    expect((await week()).questions).toEqual([]);
    expect(
      (
        await call(
          view.action,
          formPost("/timesheet/view", { intent: "clock_off" }, { cookie: driver }),
        )
      ).status,
    ).toBe(302);
  });
});
