import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { PassThrough } from "node:stream";
import { logError } from "~/services/log.server";
import { requireReport } from "~/modules/reports/report-access.server";
import { reportJobStatus } from "~/modules/reports/report-jobs.server";
import {
  CONTENT_TYPES,
  FORMATS,
  render,
  type ReportFormat,
  type RenderInput,
} from "~/modules/reports/report-render.server";
import {
  buildReport,
  chooseVehicles,
  companyVehicles,
  describeRange,
  needsJob,
  rangeOf,
  rangeProblem,
  reportTimeZone,
} from "~/modules/reports/reports.server";
import { paramsFrom, readResult, summaryOf } from "~/modules/reports/report-results.server";
import { headlineTexts } from "~/modules/reports/catalogue";
import { measurementOf } from "~/services/measurement.server";
import { reportFileName } from "~/modules/reports/file-name";
import { contentDisposition } from "~/services/file-transfer.server";

/**
 * GET /dashboard/reports/{kind}/download?format=csv|xlsx|pdf&<report params> (or &job=<id> for a
 * report built in the background). The file streams as it is written.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { auth, def } = await requireReport(request, params.kind);
  const url = new URL(request.url);
  const format = url.searchParams.get("format") as ReportFormat;
  if (!FORMATS.includes(format))
    throw new Response("Choose a format: csv, xlsx or pdf", { status: 400 });
  const ra = { token: auth.token, companyId: auth.user.companyid };
  const measurement = measurementOf(request);
  let input: RenderInput;
  let from: number;
  const jobId = url.searchParams.get("job");
  if (jobId) {
    const job = await reportJobStatus(auth.user.companyid, jobId);
    const stored =
      job.status === "done" && job.reportKind === def.kind ? await readResult(jobId) : null;
    if (!stored) throw new Response("This report is not ready", { status: 409 });
    input = {
      title: def.title,
      subtitle: describeRange(def, stored),
      columns: def.columns,
      rows: stored.rows,
      totals: stored.totals,
      timeZone: stored.timeZone,
      measurement,
      summary: headlineTexts(stored.headline, measurement),
    };
    from = stored.range.from;
  } else {
    const parsed = paramsFrom(def, url.searchParams);
    if (!parsed.ok) throw new Response(Object.values(parsed.errors).join(" "), { status: 400 });
    const timeZone = await reportTimeZone(ra);
    const range = rangeOf(parsed.params, timeZone);
    const problem = def.ranged ? rangeProblem(range) : null;
    if (problem) throw new Response(problem, { status: 400 });
    const vehicles = await companyVehicles(ra);
    if (def.ranged && needsJob(def, chooseVehicles(vehicles, def, parsed.params).length, range))
      throw new Response(
        "This report is too large to download directly: build it in the background first.",
        { status: 409 },
      );
    const built = await buildReport(ra, def, parsed.params, { range, timeZone, vehicles });
    input = {
      title: def.title,
      subtitle: describeRange(def, built),
      columns: def.columns,
      rows: built.rows,
      totals: built.totals,
      timeZone,
      measurement,
      summary: headlineTexts(summaryOf(def, built).headline, measurement),
    };
    from = built.range.from;
  }
  const out = new PassThrough();
  render(format, input, out).catch((e) => {
    logError("reports", e);
    out.destroy(e as Error);
  });
  const filename = reportFileName(def.kind, from, input.timeZone, format);
  return new Response(createReadableStreamFromReadable(out), {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": contentDisposition(filename),
      "Cache-Control": "private, no-store",
    },
  });
}
