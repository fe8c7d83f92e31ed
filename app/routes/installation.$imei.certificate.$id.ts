import type { LoaderFunctionArgs } from "@remix-run/node";
import { certificatePdf } from "~/modules/operations/certificate-pdf.server";
import { requireCertificate } from "~/modules/operations/installation.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { requireModule } from "~/services/guard.server";
import { contentDisposition } from "~/services/file-transfer.server";

/** GET /installation/{imei}/certificate/{id}: the signed certificate as a PDF download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const cert = await requireCertificate(ctx, params.imei ?? "", params.id ?? "");
  const pdf = await certificatePdf(cert, await companyTimeZone(ctx.auth));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(
        `installation-${cert.imei}-${cert.issuedAt.toISOString().slice(0, 10)}.pdf`,
      ),
      "Cache-Control": "private, no-store",
    },
  });
}
