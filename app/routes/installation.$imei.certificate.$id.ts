import type { LoaderFunctionArgs } from "@remix-run/node";
import { dayKey } from "~/lib/zoned-days";
import { certificatePdf } from "~/modules/operations/certificate-pdf.server";
import { requireCertificate } from "~/modules/operations/installation.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { getEnv } from "~/services/env.server";
import { requireModule } from "~/services/guard.server";
import { contentDisposition } from "~/services/file-transfer.server";

/** GET /installation/{imei}/certificate/{id}: the signed certificate as a PDF download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const cert = await requireCertificate(ctx, params.imei ?? "", params.id ?? "");
  const timeZone = await companyTimeZone(ctx.auth);
  const origin = getEnv().PUBLIC_URL ?? new URL(request.url).origin;
  const pdf = await certificatePdf(cert, timeZone, origin);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(
        `installation-${cert.imei}-${dayKey(cert.issuedAt.getTime(), timeZone)}.pdf`,
      ),
      "Cache-Control": "private, no-store",
    },
  });
}
