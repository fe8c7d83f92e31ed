import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  exportFileName,
  logbookCsv,
  logbookPdf,
  type ExportInput,
} from "~/modules/trips/logbook-export.server";
import { logbookQuery } from "~/modules/trips/logbook-route.server";
import { loadLogbook } from "~/modules/trips/logbook.server";
import { requireModule } from "~/services/guard.server";
import { measurementOf } from "~/services/measurement.server";
import { tripsContext } from "~/modules/trips/trips-route.server";
import { requireVehicle } from "~/modules/trips/trips.server";
import { incompleteExport } from "~/modules/trips/trips-csv.server";
import { contentDisposition } from "~/services/file-transfer.server";

/** GET /dashboard/logbook/export/csv|pdf with the logbook page's filters: the same entries, as a file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const format = params.format;
  if (format !== "csv" && format !== "pdf") throw new Response("Not found", { status: 404 });
  const { auth, vehicles, timeZone } = await tripsContext(await requireModule(request, "trips"));
  const q = logbookQuery(new URL(request.url).searchParams, timeZone, vehicles[0]?.imei ?? null);
  if (!q.imei) throw new Response("Not found", { status: 404 });
  const vehicle = requireVehicle(vehicles, q.imei);
  const book = await loadLogbook(auth, q.imei, {
    from: q.from,
    to: q.to,
    purpose: q.purpose,
    driver: q.driver,
  });
  if (book.partial) throw incompleteExport();
  const input: ExportInput = {
    vehicle,
    period: { from: q.range.from, to: q.range.to },
    entries: book.entries,
    summary: book.summary,
    measurement: measurementOf(request),
    timeZone,
  };
  const headers = {
    "content-disposition": contentDisposition(exportFileName(input, format)),
    "cache-control": "private, no-store",
  };
  if (format === "csv")
    return new Response(logbookCsv(input), {
      headers: { ...headers, "content-type": "text/csv; charset=utf-8" },
    });
  return new Response(new Uint8Array(await logbookPdf(input)), {
    headers: { ...headers, "content-type": "application/pdf" },
  });
}
