import { beforeAll, describe, expect, it } from "vitest";
import type { MenuItem } from "~/lib/menu";
import type { ShellData } from "~/lib/shell";
import type { PermissionName } from "~/services/upstream/schemas";
import { useTestDatabase } from "../support/db";
import { productionBuild, promisedHandler } from "../support/build";
import { sendTo, signInTo, type Handle } from "../support/remix";
import { useSimulator } from "../support/upstream";

/**
 * SPEC §6 as a table (issue 38.2): every permission the spec names × every page it grants, for each
 * demo account of README "Who may change what", through the production build's guard: the page
 * answers 200 and is in the account's menu exactly when the account holds the permission. Written
 * out by hand from the spec, not read from the manifests, so a manifest that drifts fails here.
 */
const GRANTS: Partial<Record<PermissionName, readonly string[]>> = {
  edit_permissions: ["/dashboard/company_settings", "/admin/grouppermissions", "/admin/accdevlink"],
  people_view: ["/admin/people"],
  jobsites_view: ["/admin/jobsites"],
  groups_view: ["/admin/groups"],
  codes_view: ["/admin/jobcodes"],
  // "admin_timesheet (Payroll, Allowances, Payroll Groups)"
  admin_timesheet: ["/timesheet/payroll", "/admin/allowances", "/admin/payrollgroups"],
  access_timesheet: ["/timesheet/view"],
  review_timesheet: ["/timesheet/review"],
  tickets_view: ["/tickets/admin"],
  forms_view: ["/dashboard/dashboard-forms"],
  forms_edit: ["/forms/review", "/forms/admin"],
  // Completed Forms: everyone's with forms_view, one's own with complete_forms (issue 38.6).
  complete_forms: ["/forms/selection", "/forms/completed"],
};

const SPEC_PERMISSIONS = Object.keys(GRANTS);

/** What each demo account holds (server/sim/people.ts, README "Who may change what"). */
const ACCOUNTS: Record<string, { password: string; holds: readonly string[] }> = {
  admin: { password: "admin123", holds: SPEC_PERMISSIONS },
  demo: {
    password: "demo123",
    holds: SPEC_PERMISSIONS.filter((p) => p !== "edit_permissions"),
  },
  tsadmin: {
    password: "tsadmin123",
    holds: ["people_view", "admin_timesheet", "access_timesheet", "review_timesheet"],
  },
  driver: { password: "driver123", holds: ["access_timesheet", "complete_forms"] },
};

let handle: Handle;
const cookies: Record<string, string> = {};
const menus: Record<string, Set<string>> = {};

function hrefs(items: MenuItem[], into: Set<string>) {
  for (const i of items) {
    if (i.href) into.add(i.href);
    if (i.children) hrefs(i.children, into);
  }
  return into;
}

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const handler = promisedHandler(await productionBuild());
  handle = (r) => handler(r, { cspNonce: "n", clientAddress: "203.0.113.38" });
  for (const [name, a] of Object.entries(ACCOUNTS)) {
    cookies[name] = await signInTo(handle, name, a.password);
    const shell = await sendTo(handle, "GET", "/timesheet/view?_data=routes/_shell", cookies[name]);
    expect(shell.status, `${name}'s menu`).toBe(200);
    const data = JSON.parse(shell.text) as ShellData;
    menus[name] = hrefs(
      data.menu.flatMap((s) => s.items),
      new Set(),
    );
  }
});

const cases = Object.entries(ACCOUNTS).flatMap(([account, a]) =>
  Object.entries(GRANTS).flatMap(([permission, pages]) =>
    (pages ?? []).map((page) => ({
      account,
      permission,
      page,
      holds: a.holds.includes(permission),
    })),
  ),
);

describe("SPEC §6: each permission opens its pages, and only for its holders", () => {
  it.each(cases)("$account ($permission: $holds) → $page", async ({ account, page, holds }) => {
    const res = await sendTo(handle, "GET", page, cookies[account]!);
    expect(res.status).toBe(holds ? 200 : 403);
    expect(menus[account]!.has(page)).toBe(holds);
  });
});
