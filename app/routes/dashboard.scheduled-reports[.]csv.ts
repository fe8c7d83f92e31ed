import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReports } from "~/modules/reports/report-access.server";
import { scheduleList, scheduleListCsv } from "~/modules/reports/schedule-list.server";

/** GET /dashboard/scheduled-reports.csv with the list's search and state: every matching schedule. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireReports(request);
  return scheduleListCsv(
    await scheduleList(user, new URL(request.url), { token, companyId: user.companyid }),
  );
}
