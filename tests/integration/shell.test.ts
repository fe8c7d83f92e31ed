import { beforeAll, describe, expect, it } from "vitest";
import { loader as accountLoader } from "~/routes/dashboard.account";
import { loader as companyLoader } from "~/routes/dashboard.company_settings";
import { action as loginAction } from "~/routes/login";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { anyRoute } from "~/modules";
import { requireModule } from "~/services/guard.server";
import { shellLoader, shellNotFoundLoader } from "~/services/shell.server";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { useSimulator } from "../support/upstream";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
});

/** What every guarded route's loader does first: its module's guard for the path. */
async function guardedLoader({ request }: LoaderFunctionArgs) {
  const entry = anyRoute(new URL(request.url).pathname);
  if (!entry) throw new Response("Not found", { status: 404 });
  const { route } = await requireModule(request, entry.moduleId);
  return json({ title: route.title, section: route.section, description: route.description });
}

const cookies = new Map<string, string>();
async function as(username: string, password: string) {
  if (!cookies.has(username)) {
    const res = await call(loginAction, formPost("/login", { username, password }));
    expect(res.status).toBe(302);
    cookies.set(username, cookieFrom(res));
  }
  return cookies.get(username)!;
}

describe("the route guard of the shell (a hidden route's loader answers 403)", () => {
  it("sends a visitor without a session to /login, remembering the path", async () => {
    const res = await call(guardedLoader, get("/admin/people"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Fpeople");
  });

  it("refuses the driver a route the menu hides from them, with no data", async () => {
    const cookie = await as("driver", "driver123");
    for (const path of ["/admin/people", "/timesheet/payroll", "/tickets/approvals"]) {
      const res = await call(guardedLoader, get(path, cookie));
      expect(res.status, path).toBe(403);
      expect(await res.text()).toBe("Forbidden");
    }
    expect((await call(companyLoader, get("/dashboard/company_settings", cookie))).status).toBe(
      403,
    );
    // The layout only serves the user's own menu (Remix may call a child's loader alone), so the
    // child guards itself: the layout answers, without the hidden entry.
    const shell = await call(shellLoader, get("/dashboard/company_settings", cookie));
    expect(shell.status).toBe(200);
    expect(JSON.stringify(await shell.json())).not.toContain("company_settings");
  });

  it("lets the admin through the same routes, naming each", async () => {
    const cookie = await as("admin", "admin123");
    const res = await call(guardedLoader, get("/admin/jobsite/4/north", cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      title: "Jobsites",
      section: "Admin",
      description: expect.stringContaining("Jobsites"),
    });
    const company = await call(companyLoader, get("/dashboard/company_settings", cookie));
    expect(company.status).toBe(200);
    expect((await company.json()).rows).toContainEqual({ name: "logbook", state: "on" });
  });

  it("keeps the tsadmin user to the restricted menu on the server too", async () => {
    const cookie = await as("tsadmin", "tsadmin123");
    expect((await call(guardedLoader, get("/concrete/pours", cookie))).status).toBe(403);
    expect((await call(guardedLoader, get("/dashboard/ftc", cookie))).status).toBe(403);
    expect((await call(guardedLoader, get("/timesheet/review", cookie))).status).toBe(200);
    const shell = await (await call(shellLoader, get("/dashboard/account", cookie))).json();
    expect(shell.menu.map((s: { id: string }) => s.id)).toEqual([
      "overview",
      "people",
      "admin",
      "account",
    ]);
    // Company data is shown in the company's zone (its app setting), whoever looks at it.
    expect(shell.timeZone).toBe("Australia/Brisbane");
    // Descriptions stay on the server.
    expect(JSON.stringify(shell.menu)).not.toContain('description":"T');
  });

  it("hides the features company 112 switched off", async () => {
    const cookie = await as("admin112", "admin123");
    expect((await call(guardedLoader, get("/dashboard/dashcam-events/9", cookie))).status).toBe(
      403,
    );
    expect((await call(guardedLoader, get("/dashboard/maintenance-board", cookie))).status).toBe(
      200,
    );
  });

  it("answers a path no module serves with a 404 for a signed-in user, the sign-in page for others", async () => {
    const cookie = await as("admin", "admin123");
    expect((await call(shellNotFoundLoader, get("/admin/no-such-page", cookie))).status).toBe(404);
    const anonymous = await call(shellNotFoundLoader, get("/admin/no-such-page"));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Fno-such-page");
  });
});

describe("the account page", () => {
  it("loads the profile from the upstream for the signed-in user", async () => {
    const cookie = await as("admin", "admin123");
    const res = await call(accountLoader, get("/dashboard/account", cookie));
    const { profile } = await res.json();
    expect(profile).toMatchObject({
      username: "admin",
      first_name: "Alex",
      companyid: 1,
      source: "upstream",
    });
  });
});
