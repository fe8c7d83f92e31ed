import type { LoaderFunctionArgs } from "@remix-run/node";
import { submissionPdf } from "~/modules/forms/submission-pdf.server";
import { requireModule } from "~/services/guard.server";
import { contentDisposition } from "~/services/file-transfer.server";

/** A completed form as a PDF: its answers, photos and signature. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  const pdf = await submissionPdf(ctx, params.id ?? "");
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(`form-${params.id}.pdf`),
      "Cache-Control": "private, no-store",
    },
  });
}
