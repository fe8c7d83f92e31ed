/**
 * Issue 19, job codes (admin/jobcodes) through the route's loader and action, against PostgreSQL and
 * the simulator: codes_view reads, admin_timesheet changes; a code in use refuses deletion with the
 * upstream's message and can be made inactive; typed values are kept on a refusal; 404 for another
 * company's code.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/_shell.admin.jobcodes";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";
import { listJobCodes } from "~/modules/admin/jobcodes-upstream.server";
import { upstream } from "~/services/api.server";

let sim: Awaited<ReturnType<typeof useSimulator>>;
let admin = "";
type Code = { id: number; code: string; active: boolean; in_use: number };
type Page = { codes: Code[]; canManage: boolean; total: number };

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  admin = await sessionCookie("admin", "admin123");
}, 60_000);

const page = async (qs = "", cookie = admin) => {
  const res = await call(loader, get(`/admin/jobcodes${qs}`, cookie));
  return { status: res.status, data: res.status === 200 ? ((await res.json()) as Page) : null };
};
const post = (fields: Record<string, string>, cookie = admin) =>
  call(action, formPost("/admin/jobcodes", fields, { cookie }));

describe("job codes", () => {
  it("creates a code, refuses a duplicate with the typed values kept, searches and filters", async () => {
    const made = await post({ intent: "create", code: "site-7", name: "Site 7", active: "on" });
    expect(made.status).toBe(302);
    const dup = await post({ intent: "create", code: "SITE-7", name: "Again", active: "on" });
    expect(dup.status).toBe(400);
    const body = (await dup.json()) as {
      message: string;
      result: { initialValue: Record<string, string> };
    };
    expect(body.message).toBe("Job code SITE-7 already exists");
    expect(body.result.initialValue.name).toBe("Again");
    expect((await page("?q=site-7")).data!.codes.map((c) => c.code)).toEqual(["SITE-7"]);
    const inactive = (await page("?state=inactive")).data!.codes;
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((c) => !c.active)).toBe(true);
  });

  it("a code in use: deletion asks first, then is refused with the count; made inactive instead", async () => {
    const used = (await page()).data!.codes.find((c) => c.code === "MNT-200")!;
    const ask = await post({ intent: "delete", id: String(used.id) });
    expect(await ask.json()).toEqual({ confirmFor: used.id });
    const refused = await post({ intent: "delete", id: String(used.id), confirm: "yes" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      refused: {
        id: used.id,
        message: "MNT-200 is used by 17 timesheet entries: make it inactive instead",
      },
    });
    expect((await post({ intent: "deactivate", id: String(used.id) })).status).toBe(302);
    expect((await page()).data!.codes.find((c) => c.id === used.id)!.active).toBe(false);
    // An unused code goes.
    const spare = (await page()).data!.codes.find((c) => c.code === "SITE-7")!;
    expect((await post({ intent: "delete", id: String(spare.id), confirm: "yes" })).status).toBe(
      302,
    );
    expect((await page()).data!.codes.map((c) => c.code)).not.toContain("SITE-7");
  });

  it("people with codes_view only read; without it the page is a 403; another company's code is a 404", async () => {
    const tsadmin = await sessionCookie("tsadmin", "tsadmin123");
    // tsadmin manages timesheets but lacks codes_view.
    expect((await page("", tsadmin)).status).toBe(403);
    const driver = await sessionCookie("driver", "driver123");
    expect((await page("", driver)).status).toBe(403);
    const demo = sim.world.users.find((u) => u.username === "demo")!;
    const was = demo.permissions.admin_timesheet;
    demo.permissions.admin_timesheet = false;
    try {
      const reader = await sessionCookie("demo", "demo123");
      const view = await page("", reader);
      expect(view.data!.canManage).toBe(false);
      expect(view.data!.total).toBeGreaterThan(3);
      expect((await post({ intent: "create", code: "NOPE", name: "No" }, reader)).status).toBe(403);
    } finally {
      demo.permissions.admin_timesheet = was;
    }
    const other = await upstreamAuth("other", "other123");
    const theirs = (await listJobCodes(upstream(other.token)))[0]!;
    expect((await page(`?edit=${theirs.id}`)).status).toBe(404);
    expect((await post({ intent: "deactivate", id: String(theirs.id) })).status).toBe(404);
  });
});
