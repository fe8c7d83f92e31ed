/**
 * Issue 36: nobody reviews their own timesheet. tsadmin (admin_timesheet and review_timesheet) had
 * `POST /timesheet/review intent=approve ids=<own entry>` approved; now their own entries are not
 * listed and every decision on one is refused, through the route's real loader and action.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as reviewRoute from "~/routes/_shell.timesheet.review";
import { OWN_ENTRY_MESSAGE } from "~/modules/timesheets/context.server";
import { useTestDatabase } from "../support/db";
import { APP, call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

const TSADMIN_ID = 1002;
let admin = "";
let tsadmin = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  [admin, tsadmin] = await Promise.all([
    sessionCookie("admin", "admin123"),
    sessionCookie("tsadmin", "tsadmin123"),
  ]);
}, 60_000);

type Page = {
  groups: { id: number }[];
  period: { from: string } | null;
  entries: { id: number; username_id: number; status: string }[];
};
const page = async (path: string, cookie: string) => {
  const res = await call(reviewRoute.loader as never, get(path, cookie));
  expect(res.status, path).toBe(200);
  return (await res.json()) as Page;
};

/** tsadmin's submitted entry as another reviewer (admin) sees it, with its group and period. */
async function ownSubmittedEntry() {
  const { groups } = await page("/timesheet/review", admin);
  for (const g of groups) {
    const d = await page(`/timesheet/review?group=${g.id}&status=all`, admin);
    const e = d.entries.find((x) => x.username_id === TSADMIN_ID && x.status === "submitted");
    if (e) return { entry: e, group: String(g.id), period: d.period!.from };
  }
  throw new Error("the simulator seeds no submitted entry of tsadmin");
}

describe("a reviewer and their own timesheet", () => {
  it("is not listed, and approving or rejecting it is refused; another reviewer still can", async () => {
    const { entry, group, period } = await ownSubmittedEntry();
    const where = `group=${group}&period=${period}`;

    const mine = await page(`/timesheet/review?${where}&status=all`, tsadmin);
    expect(mine.entries.length).toBeGreaterThan(0); // the others of the group are there
    expect(mine.entries.filter((e) => e.username_id === TSADMIN_ID)).toEqual([]);

    const decisions: Record<string, string>[] = [
      { intent: "approve" },
      { intent: "reject", comment: "Wrong jobsite" },
    ];
    for (const fields of decisions) {
      const res = await call(
        reviewRoute.action as never,
        formPost(
          "/timesheet/review",
          { ...fields, ids: String(entry.id), group, period },
          { cookie: tsadmin },
        ),
      );
      expect(res.status, fields.intent).toBe(409);
      expect(await res.json()).toEqual({ message: OWN_ENTRY_MESSAGE });
    }
    // Mixed with someone else's in a bulk decision: nothing of it is taken.
    const other = mine.entries.find((e) => e.status === "submitted");
    expect(other).toBeDefined();
    if (other) {
      const body = new URLSearchParams([
        ["intent", "approve"],
        ["ids", String(other.id)],
        ["ids", String(entry.id)],
        ["group", group],
        ["period", period],
      ]);
      const bulk = await call(
        reviewRoute.action as never,
        new Request(`${APP}/timesheet/review`, {
          method: "POST",
          body,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: APP,
            cookie: tsadmin,
          },
        }),
      );
      expect(bulk.status).toBe(409);
    }
    const after = await page(`/timesheet/review?${where}&status=all`, admin);
    expect(after.entries.find((e) => e.id === entry.id)!.status).toBe("submitted");
    const seen = await page(`/timesheet/review?${where}&status=all`, tsadmin);
    expect(seen.entries.find((e) => e.id === other!.id)!.status).toBe("submitted");

    const byAdmin = await call(
      reviewRoute.action as never,
      formPost(
        "/timesheet/review",
        { intent: "approve", ids: String(entry.id), group, period },
        { cookie: admin },
      ),
    );
    expect(byAdmin.status).toBe(302);
    const done = await page(`/timesheet/review?${where}&status=all`, admin);
    expect(done.entries.find((e) => e.id === entry.id)!.status).toBe("approved");
  });
});
