import type { LoaderFunctionArgs } from "@remix-run/node";
import { channelView, rangeOf } from "~/modules/environment/environment.server";
import {
  reportFileName,
  sensorCsv,
  sensorPdf,
  sensorXlsx,
} from "~/modules/environment/reports.server";
import { CHANNELS, type Channel } from "~/modules/environment/upstream.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { requireModule } from "~/services/guard.server";
import { contentDisposition } from "~/services/file-transfer.server";
import { measurementOf } from "~/services/measurement.server";

const TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
} as const;

/** GET /dashboard/environment/:imei/report/(csv|xlsx|pdf)?channel=&range= (or from=&to=). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "environment");
  const format = params.format as keyof typeof TYPES;
  if (!(format in TYPES)) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const asked = url.searchParams.get("channel") ?? "temperature";
  if (!(CHANNELS as readonly string[]).includes(asked))
    throw new Response("Not found", { status: 404 });
  const timeZone = await companyTimeZone(ctx.auth);
  const range = rangeOf(url, timeZone);
  if ("error" in range) throw new Response(range.error, { status: 400 });
  const view = await channelView(ctx, params.imei ?? "", asked as Channel, range);
  const input = { ...view, range, timeZone, measurement: measurementOf(request) };
  const body =
    format === "csv"
      ? sensorCsv(input)
      : format === "xlsx"
        ? await sensorXlsx(input)
        : await sensorPdf(input);
  return new Response(typeof body === "string" ? body : new Uint8Array(body), {
    headers: {
      "Content-Type": TYPES[format],
      "Content-Disposition": contentDisposition(reportFileName(input, format)),
      "Cache-Control": "private, no-store",
    },
  });
}
