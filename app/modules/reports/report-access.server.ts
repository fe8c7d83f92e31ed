/** Who may open reports: the module's rule for the path (feature "reporting", not tsadmin), plus a report's own feature. */
import type { SessionData } from "~/services/session.server";
import { requireModule } from "~/services/guard.server";
import { findReport, reportAllowed, type BaseParams, type ReportDefinition } from "./catalogue";

/** The reports module's guard, answering the session (user and upstream token). */
export async function requireReports(request: Request): Promise<SessionData> {
  return (await requireModule(request, "reports")).session;
}

/** The report of a kind the user may open; unknown kinds are a 404, a report whose feature is off a 403. */
export async function requireReport(
  request: Request,
  kind: string | undefined,
): Promise<{ auth: SessionData; def: ReportDefinition<BaseParams> }> {
  const auth = await requireReports(request);
  const def = findReport(kind ?? "");
  if (!def) throw new Response("Report not found", { status: 404 });
  if (!reportAllowed(auth.user, def)) throw new Response("Forbidden", { status: 403 });
  return { auth, def };
}
