import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { authOf } from "~/services/company-context.server";
import { companyJobsites } from "~/modules/fleet/jobsites.server";
import { requireModule } from "~/services/guard.server";

/** The session's company's jobsites for the map (401 for fetch without a session). */
export async function loader({ request }: LoaderFunctionArgs) {
  const payload = await companyJobsites(authOf((await requireModule(request, "fleet")).session));
  return json(payload, { headers: { "Cache-Control": "private, no-cache" } });
}
