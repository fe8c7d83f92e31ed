import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  matchPattern,
  searchMenu,
  visibleMenu as visibleIn,
  type MenuSection,
  type MenuUser,
} from "~/lib/menu";
import { anyRoute, DEVICE_PATHS, MENU, MENU_RULES, moduleRoute, ROUTES } from "~/modules";

const visibleMenu = (user: MenuUser, menu: MenuSection[] = MENU) =>
  visibleIn(user, menu, MENU_RULES);
const ruleForPath = (path: string) => anyRoute(path)?.rule;
const isDevicePath = (path: string) => DEVICE_PATHS.some((p) => matchPattern(p, path));

const ALL_PERMISSIONS = [
  "edit_permissions",
  "people_view",
  "jobsites_view",
  "groups_view",
  "codes_view",
  "admin_timesheet",
  "access_timesheet",
  "review_timesheet",
  "tickets_view",
  "tickets_add",
  "tickets_edit",
  "forms_view",
  "forms_add",
  "forms_edit",
  "complete_forms",
];

const admin: MenuUser = {
  tsadmin: false,
  permissions: Object.fromEntries(ALL_PERMISSIONS.map((p) => [p, true])),
  features_enabled: {},
};
const driver: MenuUser = {
  tsadmin: false,
  permissions: { access_timesheet: true },
  features_enabled: {},
};
const tsadmin: MenuUser = { ...admin, tsadmin: true };

function titles(menu: ReturnType<typeof visibleMenu>) {
  return menu.flatMap((s) =>
    s.items.flatMap((i) => [i.title, ...(i.children ?? []).map((c) => c.title)]),
  );
}

function hrefs(menu = MENU) {
  return menu.flatMap((s) =>
    s.items.flatMap((i) => [
      i.href,
      ...(i.match ?? []),
      ...(i.children ?? []).flatMap((c) => [c.href, ...(c.match ?? [])]),
    ]),
  );
}

describe("MENU", () => {
  it("has the sections of SPEC §2.10 in order", () => {
    expect(MENU.map((s) => s.title)).toEqual([
      "Overview",
      "Reporting & Insights",
      "Maintenance",
      "Fleet & Assets",
      "People & Operations",
      "Admin",
      "Concrete Monitoring",
      "My Account",
    ]);
  });

  it("holds every route of SPEC §2.3–2.8", () => {
    const paths = hrefs();
    for (const p of [
      "/dashboard/ftc",
      "/dashboard/purchase-subscriptions",
      "/dashboard/insight-tags/:uuid/wiki",
      "/dashboard/createAutomations/:id",
      "/dashboard/scheduled-reports/:id",
      "/dashboard/vehicle-distance-mobile",
      "/concrete/pour-device-link/:id/:imei",
      "/concrete/rule/:mass_concrete_limit_id",
      "/forms/buildform/:formid",
      "/tickets/approvals",
      "/timesheet/reports/job",
      "/timesheet/covid19",
      "/admin/jobsite/:id/:primary?/:secondary?",
      "/admin/accdevlink",
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe("visibleMenu", () => {
  it("shows the admin everything", () => {
    const t = titles(visibleMenu(admin));
    expect(t).toContain("Company");
    expect(t).toContain("Payroll");
    expect(t).toContain("Concrete Dashboard");
  });

  it("hides items whose permission the user lacks", () => {
    const t = titles(visibleMenu(driver));
    expect(t).not.toContain("Company");
    expect(t).not.toContain("People");
    expect(t).not.toContain("Payroll");
    expect(t).toContain("My Timesheet");
    expect(t).not.toContain("Forms Dashboard");
    expect(visibleMenu(driver).map((s) => s.title)).not.toContain("Admin");
  });

  it("hides items whose feature is explicitly false, never for an absent flag", () => {
    const off = visibleMenu({
      ...admin,
      features_enabled: { concrete_curing: false, logbook: false },
    });
    expect(off.map((s) => s.title)).not.toContain("Concrete Monitoring");
    expect(titles(off)).not.toContain("Logbook");
    expect(
      titles(visibleMenu({ ...admin, features_enabled: { concrete_curing: true } })),
    ).toContain("Pours");
  });

  it("hides a parent whose feature is off along with its children", () => {
    const t = titles(visibleMenu({ ...admin, features_enabled: { timesheet: false } }));
    expect(t).not.toContain("Timesheet");
    expect(t).not.toContain("My Timesheet");
  });

  it("gives a tsadmin user the restricted menu", () => {
    const menu = visibleMenu(tsadmin);
    // SPEC §6: people_view and admin_timesheet give tsadmin People, Allowances and Payroll Groups.
    expect(menu.map((s) => s.title)).toEqual([
      "Overview",
      "People & Operations",
      "Admin",
      "My Account",
    ]);
    expect(menu.find((s) => s.id === "people")!.items.map((i) => i.title)).toEqual(["Timesheet"]);
    expect(titles(menu)).not.toContain("Devices Offline");
  });
});

describe("searchMenu", () => {
  it("is case-insensitive on titles", () => {
    const result = searchMenu(MENU, "lOgBoOk");
    expect(titles(result)).toEqual(["Logbook"]);
  });

  it("keeps a parent that matches by a child, with only the matching children", () => {
    const result = searchMenu(MENU, "leave cal");
    expect(result).toHaveLength(1);
    expect(result[0].items).toHaveLength(1);
    expect(result[0].items[0].title).toBe("Timesheet");
    expect(result[0].items[0].children!.map((c) => c.title)).toEqual(["Leave Calendar"]);
  });

  it("keeps every child of a parent that matches by its own title", () => {
    const result = searchMenu(MENU, "timesheet");
    const parent = result.flatMap((s) => s.items).find((i) => i.id === "timesheet")!;
    expect(parent.children!.length).toBe(12);
  });

  it("returns the menu unchanged for an empty query and nothing for a miss", () => {
    expect(searchMenu(MENU, "  ")).toBe(MENU);
    expect(searchMenu(MENU, "zzzz")).toEqual([]);
  });
});

describe("ruleForPath", () => {
  it("finds the rule of a menu link", () => {
    expect(ruleForPath("/dashboard/company_settings")).toEqual({
      permission: "edit_permissions",
      tsadmin: false,
    });
    expect(ruleForPath("/dashboard/dashboard-forms")).toMatchObject({
      feature: "forms",
      permission: "forms_view",
    });
  });

  it("finds the rule of a detail page through its item's patterns, with the parent's feature", () => {
    expect(ruleForPath("/concrete/pour-device-link/7/3567")).toEqual({
      feature: "concrete_curing",
      tsadmin: false,
    });
    expect(ruleForPath("/admin/jobsite/4")).toMatchObject({ permission: "jobsites_view" });
    expect(ruleForPath("/admin/jobsite/4/a/b")).toMatchObject({ permission: "jobsites_view" });
    // Installers fit devices: the installation check needs fleet_edit.
    expect(ruleForPath("/installation/123")).toEqual({ permission: "fleet_edit" });
    expect(ruleForPath("/timesheet/payroll")).toEqual({
      feature: "timesheet",
      permission: "admin_timesheet",
    });
  });

  it("needs only a session for the paths whose module asks for nothing more", () => {
    expect(ruleForPath("/dashboard/account")).toEqual({});
  });

  it("knows no rule for a path no module declares (the guard refuses it)", () => {
    expect(anyRoute("/nowhere")).toBeNull();
    expect(moduleRoute("fleet", "/admin/people")).toBeNull();
    expect(moduleRoute("admin", "/admin/people")?.rule).toEqual({ permission: "people_view" });
  });

  it("applies a module's own rule to every path it serves", () => {
    expect(moduleRoute("beacons", "/dashboard/assets/beacon/ab-cd")?.rule).toMatchObject({
      feature: "ble_beacons",
    });
    expect(ROUTES.filter((r) => r.moduleId === "beacons").every((r) => r.rule.feature)).toBe(true);
  });

  it("declares each path of a module once", () => {
    const keys = ROUTES.map((r) => `${r.moduleId} ${r.pattern}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});

describe("device pages", () => {
  it("recognises device routes", () => {
    expect(isDevicePath("/dashboard/vehicle-dashboard/356000")).toBe(true);
    expect(isDevicePath("/dashboard/assets/beacon/ab-cd")).toBe(true);
    expect(isDevicePath("/installation/1")).toBe(true);
    expect(isDevicePath("/dashboard/assets")).toBe(false);
    expect(isDevicePath("/dashboard/beacon")).toBe(false);
  });

  it("matches patterns segment by segment", () => {
    expect(matchPattern("/a/:id", "/a/1/")).toBe(true);
    expect(matchPattern("/a/:id", "/a")).toBe(false);
    expect(matchPattern("/a/:id?", "/a")).toBe(true);
    expect(matchPattern("/a/:id", "/a/1/2")).toBe(false);
    expect(matchPattern("/media/*", "/media/photos/x.svg")).toBe(true);
    expect(matchPattern("/media/*", "/other")).toBe(false);
  });
});

describe("the route files", () => {
  it("serve every path a module declares with a page of its own (a prefix's splat is only a 404)", () => {
    const dir = path.resolve("app/routes");
    const files = fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f));
    const patternOf = (file: string) =>
      `/${file
        .replace(/\.tsx?$/, "")
        .replace(/\[\.\]/g, "%2E")
        .split(".")
        .filter((s) => !s.startsWith("_") && s !== "")
        .map((s) => s.replace(/%2E/g, ".").replace(/_$/, ""))
        .map((s) =>
          s === "$" ? "*" : s.replace(/^\(\$(\w+)\)$/, ":$1?").replace(/^\$(\w+)$/, ":$1"),
        )
        .join("/")}`;
    const routes = files.map((f) => ({
      pattern: patternOf(f),
      notFound: fs.readFileSync(path.join(dir, f), "utf8").includes("shellNotFoundLoader"),
    }));
    // Remix's choice: a route without a splat first, else the longest splat.
    const servedBy = (url: string) =>
      routes.find((r) => !r.pattern.endsWith("*") && matchPattern(r.pattern, url)) ??
      routes
        .filter((r) => r.pattern.endsWith("*") && matchPattern(r.pattern, url))
        .sort((a, b) => b.pattern.length - a.pattern.length)[0];
    const wrong = ROUTES.filter((r) => !r.api)
      .map((r) => ({ r, url: r.pattern.replace(/:\w+\?/g, "").replace(/:\w+/g, "1") }))
      .filter(({ url }) => servedBy(url)?.notFound ?? true)
      .map(({ r }) => `${r.pattern} (${r.moduleId}) has no route file`);
    expect(wrong).toEqual([]);
  });
});
