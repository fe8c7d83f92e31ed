import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  hireReport,
  hireReportCsv,
  hireReportPdf,
  reportFileName,
} from "~/modules/operations/hire-report.server";
import { requireModule } from "~/services/guard.server";
import { contentDisposition } from "~/services/file-transfer.server";

const TYPES = { csv: "text/csv; charset=utf-8", pdf: "application/pdf" } as const;

/** GET /dashboard/plant-hire/report/(csv|pdf): the hire report as a file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const format = params.format;
  if (format !== "csv" && format !== "pdf") throw new Response("Not found", { status: 404 });
  const r = await hireReport(ctx);
  const body = format === "csv" ? hireReportCsv(r) : new Uint8Array(await hireReportPdf(r));
  return new Response(body, {
    headers: {
      "Content-Type": TYPES[format],
      "Content-Disposition": contentDisposition(reportFileName(r, format)),
      "Cache-Control": "private, no-store",
    },
  });
}
