import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReportView } from "~/modules/reports/components/report-view";
import { RunStatus } from "~/modules/reports/components/run-status";
import { DEFAULT_SPEED_LIMIT, localDay } from "~/modules/reports/catalogue";
import { requireReport } from "~/modules/reports/report-access.server";
import {
  cancelReportJob,
  reportJobStatus,
  startReportJob,
} from "~/modules/reports/report-jobs.server";
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
} from "~/modules/reports/reports.server";
import { paramsFrom, readResult, summaryOf, viewOf } from "~/modules/reports/report-results.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Report"} · Tracksmith` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { auth, def } = await requireReport(request, params.kind);
  const ra = { token: auth.token, companyId: auth.user.companyid };
  const url = new URL(request.url);
  const timeZone = await reportTimeZone(ra);
  const vehicles = await companyVehicles(ra);
  const base = {
    kind: def.kind,
    title: def.title,
    description: def.description,
    ranged: def.ranged,
    timeZone,
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
      speedLimit: String(sp.speedLimit ?? DEFAULT_SPEED_LIMIT),
      minStopMinutes: String(sp.minStopMinutes ?? 5),
    };
    const view = stored ? viewOf(def, { ...stored, period: describeRange(def, stored) }) : null;
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
    speedLimit: url.searchParams.get("speedLimit") ?? String(DEFAULT_SPEED_LIMIT),
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
    view: viewOf(def, { ...built, chart, headline, period: describeRange(def, built) }),
    errors,
    tooLarge: null,
    query,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { auth, def } = await requireReport(request, params.kind);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  if (intent === "cancel") {
    const id = String(form.get("job") ?? "");
    await cancelReportJob(auth.user.companyid, id);
    return redirect(`/dashboard/reports/${def.kind}?job=${encodeURIComponent(id)}`);
  }
  if (intent === "run-job") {
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
  throw new Response("Unknown action", { status: 400 });
}

function JobProgress({
  job,
}: {
  job: { id: string; status: string; progress: number; message: string; error: string | null };
}) {
  const revalidator = useRevalidator();
  const active = job.status === "queued" || job.status === "running";
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1500);
    return () => clearInterval(t);
  }, [active, revalidator]);
  return (
    <Paper withBorder p="md" data-testid="report-job">
      {active ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>Background report</Text>
            <RunStatus status={job.status} />
          </Group>
          {active ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="job" value={job.id} />
              <Button type="submit" size="xs" variant="default">
                Cancel
              </Button>
            </Form>
          ) : null}
        </Group>
        {active ? (
          <Progress value={Math.round(job.progress * 100)} animated aria-label="Progress" />
        ) : null}
        <Text size="sm" c="dimmed">
          {job.status === "failed"
            ? job.error
            : active
              ? `${job.message} (${Math.round(job.progress * 100)} %). You can leave this page: you will be notified when it is ready.`
              : job.message}
        </Text>
      </Stack>
    </Paper>
  );
}

export default function ReportRoute() {
  const data = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  const downloadQuery = data.query;
  const scheduleQuery = new URLSearchParams({ reportKind: data.kind });
  for (const i of data.form.imeis) scheduleQuery.append("imeis", i);
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Anchor component={Link} to="/dashboard/reports" size="sm">
          ← Reports
        </Anchor>
        <Title order={1}>{data.title}</Title>
        <Text c="dimmed" size="sm">
          {data.description}
        </Text>
      </div>
      <Paper withBorder p="md">
        <Form method="get">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Stack gap={2}>
              <Text size="sm" fw={500} component="label" htmlFor="report-imeis">
                Vehicles
              </Text>
              <select
                id="report-imeis"
                name="imeis"
                multiple
                size={3}
                defaultValue={data.form.imeis}
                style={{ minWidth: 200, borderRadius: 4 }}
              >
                {data.vehicles.map((v) => (
                  <option key={v.imei} value={v.imei}>
                    {v.nickname}
                  </option>
                ))}
              </select>
            </Stack>
            {data.ranged ? (
              <>
                <TextInput
                  type="date"
                  label="From"
                  name="from"
                  defaultValue={data.form.from}
                  error={data.errors.from}
                />
                <TextInput
                  type="date"
                  label="To"
                  name="to"
                  defaultValue={data.form.to}
                  error={data.errors.to}
                />
              </>
            ) : null}
            {data.hasSpeed ? (
              <NumberInput
                label="Speed limit (km/h)"
                name="speedLimit"
                defaultValue={String(data.form.speedLimit ?? DEFAULT_SPEED_LIMIT)}
                min={20}
                max={250}
                error={data.errors.speedLimit}
                w={150}
              />
            ) : null}
            {data.hasStops ? (
              <NumberInput
                label="Shortest stop (min)"
                name="minStopMinutes"
                defaultValue={String(data.form.minStopMinutes ?? 5)}
                min={0}
                max={1440}
                error={data.errors.minStopMinutes}
                w={150}
              />
            ) : null}
            <Button type="submit" loading={busy}>
              Show report
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            No vehicle selected: every vehicle. Days are in {data.timeZone}.
          </Text>
        </Form>
      </Paper>
      {data.tooLarge ? (
        <Alert color="blue" title="This report is large" data-testid="report-too-large">
          <Stack gap="xs">
            <Text size="sm">
              It covers {data.tooLarge.vehicleDays.toLocaleString("en-AU")} vehicle-days, too many
              to build while you wait. Build it in the background: you can follow its progress,
              cancel it, and you will be notified when it is ready.
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="run-job" />
              {data.form.imeis.map((i) => (
                <input key={i} type="hidden" name="imeis" value={i} />
              ))}
              <input type="hidden" name="from" value={data.form.from} />
              <input type="hidden" name="to" value={data.form.to} />
              {data.hasSpeed ? (
                <input type="hidden" name="speedLimit" value={String(data.form.speedLimit)} />
              ) : null}
              {data.hasStops ? (
                <input
                  type="hidden"
                  name="minStopMinutes"
                  value={String(data.form.minStopMinutes)}
                />
              ) : null}
              <Button type="submit">Build in the background</Button>
            </Form>
          </Stack>
        </Alert>
      ) : null}
      {data.job ? <JobProgress job={data.job} /> : null}
      {data.view ? (
        <>
          <Group justify="space-between">
            <Text fw={500}>{data.view.period}</Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Download:
              </Text>
              {(["csv", "xlsx", "pdf"] as const).map((f) => (
                <Button
                  key={f}
                  component="a"
                  href={`/dashboard/reports/${data.kind}/download?format=${f}${downloadQuery ? `&${downloadQuery}` : ""}`}
                  size="xs"
                  variant="light"
                  download
                >
                  {f === "xlsx" ? "Excel" : f.toUpperCase()}
                </Button>
              ))}
              <Button
                component={Link}
                to={`/dashboard/scheduled-reports/new?${scheduleQuery}`}
                size="xs"
                variant="default"
              >
                Schedule by email
              </Button>
            </Group>
          </Group>
          <ReportView view={data.view} />
        </>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
