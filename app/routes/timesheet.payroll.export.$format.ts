import type { LoaderFunctionArgs } from "@remix-run/node";
import { payrollExport } from "~/modules/timesheets/payroll-page.server";
import { requireModule } from "~/services/guard.server";
import { contentDisposition } from "~/services/file-transfer.server";

/** GET /timesheet/payroll/export/csv|xlsx?group=&period=: one row per person per pay category. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const format = params.format;
  if (format !== "csv" && format !== "xlsx") throw new Response("Not found", { status: 404 });
  const ctx = await requireModule(request, "timesheets");
  const file = await payrollExport(ctx, new URL(request.url), format);
  return new Response(new Uint8Array(file.body), {
    headers: {
      "content-type": file.type,
      "content-disposition": contentDisposition(file.name),
      "cache-control": "private, no-store",
    },
  });
}
