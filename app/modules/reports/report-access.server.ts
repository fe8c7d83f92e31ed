/** Who may open reports: the menu's rule for Reports (feature "reporting", not tsadmin), plus a report's own feature. */
import type { AccessRule } from "~/lib/access";
import { findReport, type BaseParams, type ReportDefinition } from "./catalogue";
import { ruleForPath } from "~/lib/menu";
import { requireAccess } from "~/services/access.server";

export const REPORTS_PATH = "/dashboard/reports";

export function reportsRule(): AccessRule {
  return { tsadmin: false, feature: "reporting", ...ruleForPath(REPORTS_PATH) };
}

export async function requireReports(request: Request) {
  return requireAccess(request, reportsRule());
}

/** The report of a kind the user may open; unknown kinds are a 404, a report whose feature is off a 403. */
export async function requireReport(
  request: Request,
  kind: string | undefined,
): Promise<{ auth: Awaited<ReturnType<typeof requireAccess>>; def: ReportDefinition<BaseParams> }> {
  const auth = await requireReports(request);
  const def = findReport(kind ?? "");
  if (!def) throw new Response("Report not found", { status: 404 });
  if (def.feature && auth.user.features_enabled[def.feature] === false)
    throw new Response("Forbidden", { status: 403 });
  return { auth, def };
}
