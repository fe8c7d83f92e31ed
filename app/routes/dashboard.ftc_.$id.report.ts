import type { LoaderFunctionArgs } from "@remix-run/node";
import { judgedLoad } from "~/modules/environment/ftc.server";
import { shipmentPdf } from "~/modules/environment/reports.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { requireModule } from "~/services/guard.server";
import { measurementOf } from "~/services/measurement.server";
import { contentDisposition } from "~/services/file-transfer.server";

/** GET /dashboard/ftc/:id/report: the load's shipment report (PDF), with its sign-off. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "environment");
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  const [j, timeZone] = await Promise.all([judgedLoad(ctx, id), companyTimeZone(ctx.auth)]);
  const pdf = await shipmentPdf(j, timeZone, measurementOf(request));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(
        `shipment-${j.load.reference.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`,
      ),
      "Cache-Control": "private, no-store",
    },
  });
}
