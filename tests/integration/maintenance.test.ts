/**
 * The maintenance pages against PostgreSQL and the simulator: template validation (messages next to
 * the field, typed values kept), programmes, vehicle schedules, completing tasks with a back-dated
 * meter, and tenant rules (another company's ids are 404).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import {
  action as templatesAction,
  loader as templatesLoader,
} from "~/routes/dashboard.task-templates";
import { NO_INTERVAL } from "~/modules/maintenance/schemas";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get, toastOf } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";
import { upstream } from "~/services/api.server";
import { listTemplates } from "~/modules/maintenance/upstream.server";

const cookies: Record<string, string> = {};

async function signIn(username: string, password: string) {
  const res = await call(loginAction, formPost("/login", { username, password }));
  expect(res.status, `sign-in ${username}`).toBe(302);
  return cookieFrom(res);
}

/** `username`'s company's maintenance data, straight from the upstream. */
async function as(username: string, password: string) {
  return upstream((await upstreamAuth(username, password)).token);
}

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  cookies.admin = await signIn("admin", "admin123");
  cookies.other = await signIn("other", "other123");
});

const T = "/dashboard/task-templates";
const GOOD = {
  intent: "create",
  name: "Gearbox oil",
  code: "026-001-004",
  interval_km: "60000",
  soon_km: "3000",
  interval_time: "",
  interval_unit: "months",
  rule: "first",
  checklist: "Drain\nRefill",
};

describe("task templates", () => {
  it("lists the company's templates and creates one with a toast", async () => {
    const page = await (await call(templatesLoader, get(T, cookies.admin))).json();
    expect(page.templates.map((t: { name: string }) => t.name)).toContain("Engine oil and filter");
    const res = await call(templatesAction, formPost(T, GOOD, { cookie: cookies.admin }));
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ description: "Template created." });
    const after = await (await call(templatesLoader, get(T, cookies.admin))).json();
    expect(after.templates.find((t: { name: string }) => t.name === "Gearbox oil")).toMatchObject({
      interval: "Every 60,000 km",
    });
  });

  it("refuses a negative interval, a due-soon larger than its interval, no interval at all", async () => {
    const post = async (fields: Record<string, string>) => {
      const res = await call(
        templatesAction,
        formPost(T, { ...GOOD, ...fields }, { cookie: cookies.admin }),
      );
      expect(res.status).toBe(400);
      return (await res.json()).result as {
        error: Record<string, string[]>;
        initialValue: Record<string, string>;
      };
    };
    const neg = await post({ interval_km: "-5000" });
    expect(neg.error.interval_km).toEqual(["Must not be negative."]);
    expect(neg.initialValue.interval_km).toBe("-5000");
    expect(neg.initialValue.name).toBe("Gearbox oil");
    const soon = await post({ soon_km: "70000" });
    expect(soon.error.soon_km?.[0]).toMatch(/must not be larger than its interval \(60000 km\)/);
    const days = await post({ interval_time: "1", interval_unit: "months", soon_days: "45" });
    expect(days.error.soon_days?.[0]).toMatch(/larger than its interval \(1 months\)/);
    const none = await post({ interval_km: "", soon_km: "" });
    expect(none.error.interval_km).toEqual([NO_INTERVAL]);
    expect(none.initialValue.checklist).toBe("Drain\nRefill");
  });

  it("another company's template is a 404, to open and to save", async () => {
    const [foreign] = await listTemplates(await as("other", "other123"));
    const open = await call(templatesLoader, get(`${T}?edit=${foreign!.id}`, cookies.admin));
    expect(open.status).toBe(404);
    const save = await call(
      templatesAction,
      formPost(
        T,
        { ...GOOD, intent: "update", id: String(foreign!.id) },
        { cookie: cookies.admin },
      ),
    );
    expect(save.status).toBe(404);
    const mine = await call(templatesLoader, get(`${T}?edit=${foreign!.id}`, cookies.other));
    expect(mine.status).toBe(200);
  });
});
