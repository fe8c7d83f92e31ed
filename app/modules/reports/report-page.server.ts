/** The report page of one kind: its form, the report built on the page, or a background job for a large one. */
import { json, redirect } from "@remix-run/node";
import { CAN, isAllowed } from "~/lib/access";
import { toSpeedUnit, type Measurement } from "~/lib/units";
import { switchIntent } from "~/services/intent.server";
import type { SessionData } from "~/services/session.server";
import { DEFAULT_SPEED_LIMIT, localDay, type BaseParams, type ReportDefinition } from "./catalogue";
import { cancelReportJob, reportJobStatus, startReportJob } from "./report-jobs.server";
import {
  buildReport,
  chooseVehicles,
  companyVehicles,
  describeRange,
  needsJob,
  rangeOf,
  rangeProblem,
  reportTimeZone,
  vehicleDays,
} from "./reports.server";
import { paramsFrom, readResult, summaryOf, viewOf } from "./report-results.server";

/** A km/h limit as the form shows it: whole km/h or mph. */
const speedInput = (kmh: number, m: Measurement) => String(Math.round(toSpeedUnit(kmh, m)));

/** The report page: the form's values, and the report itself, a job's progress or why neither. */
export async function reportPage(
  auth: SessionData,
  def: ReportDefinition<BaseParams>,
  url: URL,
  measurement: Measurement,
) {
  const ra = { token: auth.token, companyId: auth.user.companyid };
  const timeZone = await reportTimeZone(ra);
  const vehicles = await companyVehicles(ra);
  const base = {
    /** Background runs and schedules need reports_manage (the guard refuses the posts). */
    canManage: isAllowed(auth.user, CAN.manageReports),
    kind: def.kind,
    title: def.title,
    description: def.description,
    ranged: def.ranged,
    timeZone,
    measurement,
    hasSpeed: "speedLimit" in (def.params as unknown as { shape?: object }).shape!,
    hasStops: "minStopMinutes" in (def.params as unknown as { shape?: object }).shape!,
    vehicles: chooseVehicles(
      vehicles,
      { ...def, needs: { ...def.needs } },
      { imeis: [], groups: [] },
    ).map((v) => ({ imei: v.imei, nickname: v.nickname })),
  };
  const jobId = url.searchParams.get("job");
  if (jobId) {
    const job = await reportJobStatus(auth.user.companyid, jobId);
    const stored = job.status === "done" ? await readResult(jobId) : null;
    const sp = (stored?.params ?? {}) as {
      imeis?: string[];
      groups?: string[];
      speedLimit?: number;
      minStopMinutes?: number;
    };
    const form = {
      imeis: sp.imeis ?? [],
      groups: sp.groups ?? [],
      speedLimit: speedInput(sp.speedLimit ?? DEFAULT_SPEED_LIMIT, measurement),
      minStopMinutes: String(sp.minStopMinutes ?? 5),
    };
    const view = stored
      ? viewOf(def, { ...stored, period: describeRange(def, stored) }, measurement)
      : null;
    return json({
      ...base,
      form: {
        ...form,
        from: stored ? localDay(stored.range.from, stored.timeZone) : "",
        to: stored ? localDay(stored.range.to - 1, stored.timeZone) : "",
      },
      job,
      view,
      errors: {} as Record<string, string>,
      tooLarge: null as null | { vehicleDays: number },
      query: `job=${jobId}`,
    });
  }
  const parsed = paramsFrom(def, url.searchParams);
  const range = parsed.ok
    ? rangeOf(parsed.params, timeZone)
    : rangeOf({ imeis: [], groups: [] }, timeZone);
  const form = {
    imeis: parsed.ok ? parsed.params.imeis : url.searchParams.getAll("imeis"),
    groups: parsed.ok ? parsed.params.groups : [],
    from: localDay(range.from, timeZone),
    to: localDay(range.to - 1, timeZone),
    // What was typed stays as typed when it is refused; otherwise the limit in the reader's unit.
    speedLimit:
      parsed.ok || !url.searchParams.get("speedLimit")
        ? speedInput(
            (parsed.ok ? (parsed.params as { speedLimit?: number }).speedLimit : undefined) ??
              DEFAULT_SPEED_LIMIT,
            measurement,
          )
        : url.searchParams.get("speedLimit")!,
    minStopMinutes: url.searchParams.get("minStopMinutes") ?? "5",
  };
  const errors: Record<string, string> = parsed.ok ? {} : parsed.errors;
  const problem = def.ranged ? rangeProblem(range) : null;
  if (problem) errors.to = problem;
  const query = url.searchParams.toString();
  if (!parsed.ok || problem)
    return json({ ...base, form, job: null, view: null, errors, tooLarge: null, query });
  const chosen = chooseVehicles(vehicles, def, parsed.params);
  if (def.ranged && needsJob(def, chosen.length, range))
    return json({
      ...base,
      form,
      job: null,
      view: null,
      errors,
      tooLarge: { vehicleDays: vehicleDays(chosen.length, range) },
      query,
    });
  const built = await buildReport(ra, def, parsed.params, { range, timeZone, vehicles });
  const { chart, headline } = summaryOf(def, built);
  return json({
    ...base,
    form,
    job: null,
    view: viewOf(
      def,
      { ...built, chart, headline, period: describeRange(def, built) },
      measurement,
    ),
    errors,
    tooLarge: null,
    query,
  });
}

/** Cancel a background job of the page. */
async function cancelJob(auth: SessionData, def: ReportDefinition<BaseParams>, form: FormData) {
  const id = String(form.get("job") ?? "");
  await cancelReportJob(auth.user.companyid, id);
  return redirect(`/dashboard/reports/${def.kind}?job=${encodeURIComponent(id)}`);
}

/** Run a report too large for the page as a background job. */
async function runJob(auth: SessionData, def: ReportDefinition<BaseParams>, form: FormData) {
  const search = new URLSearchParams();
  for (const [k, v] of form) if (typeof v === "string" && k !== "intent") search.append(k, v);
  const parsed = paramsFrom(def, search);
  if (!parsed.ok) throw new Response("Invalid report parameters", { status: 400 });
  // Another company's vehicle is a 404 now, not a job that fails later.
  chooseVehicles(
    await companyVehicles({ token: auth.token, companyId: auth.user.companyid }),
    def,
    parsed.params,
  );
  const job = await startReportJob(
    { userId: auth.user.username_id, companyId: auth.user.companyid },
    def.kind,
    parsed.params,
  );
  return redirect(`/dashboard/reports/${def.kind}?job=${job.id}`);
}

/** The page's intents: cancel a background job, or run a report too large for the page as one. */
export function reportPageAction(
  auth: SessionData,
  def: ReportDefinition<BaseParams>,
  form: FormData,
) {
  return switchIntent(form, {
    cancel: (f) => cancelJob(auth, def, f),
    "run-job": (f) => runJob(auth, def, f),
  });
}
