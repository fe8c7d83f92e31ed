import type { LoaderFunctionArgs } from "@remix-run/node";
import { jobReportFile } from "~/modules/timesheets/job-report.server";
import { requireModule } from "~/services/guard.server";
import { contentDisposition } from "~/services/file-transfer.server";

/** GET /timesheet/reports/job/export/csv|xlsx|pdf?from=&to=: the job report as a file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const format = params.format;
  if (format !== "csv" && format !== "xlsx" && format !== "pdf")
    throw new Response("Not found", { status: 404 });
  const ctx = await requireModule(request, "timesheets");
  const file = await jobReportFile(ctx, new URL(request.url), format);
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.type,
      "content-disposition": contentDisposition(file.name),
      "cache-control": "private, no-store",
    },
  });
}
