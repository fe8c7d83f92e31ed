import type { LoaderFunctionArgs } from "@remix-run/node";
import { pourReportPdf } from "~/modules/concrete/pour-report-pdf.server";
import { idParam } from "~/modules/concrete/pours.server";
import { viewPourPage } from "~/modules/concrete/view-pour.server";
import { requireModule } from "~/services/guard.server";
import { contentDisposition } from "~/services/file-transfer.server";
import { measurementOf } from "~/services/measurement.server";

/** The pour report as a PDF download (concrete/pour-report/{id}). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const id = idParam(params.id);
  const pdf = await pourReportPdf(await viewPourPage(ctx, id), measurementOf(request));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(`pour-${id}-report.pdf`),
      "Cache-Control": "private, no-store",
    },
  });
}
