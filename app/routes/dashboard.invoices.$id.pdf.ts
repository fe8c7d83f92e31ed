import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoicePdf } from "~/modules/admin/invoice-pdf.server";
import { requireModule } from "~/services/guard.server";
import { contentDisposition } from "~/services/file-transfer.server";

/** GET /dashboard/invoices/{id}/pdf: one of the company's invoices as a PDF download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  const { number, pdf } = await invoicePdf(ctx, params.id);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(
        `invoice-${number.replace(/[^A-Za-z0-9-]/g, "")}.pdf`,
      ),
      "Cache-Control": "private, no-store",
    },
  });
}
