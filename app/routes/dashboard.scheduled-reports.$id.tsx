import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { ConfirmForm } from "~/components/confirm-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useActionResult } from "~/lib/action-result";
import { formatZoned } from "~/lib/zoned-time";
import { RunHistory } from "~/modules/reports/components/run-history";
import { ScheduleForm, type ScheduleFormValues } from "~/modules/reports/components/schedule-form";
import { DEFAULT_SPEED_LIMIT, reportAllowed, REPORTS } from "~/modules/reports/catalogue";
import { describeRule } from "~/modules/reports/schedule";
import { requireReports } from "~/modules/reports/report-access.server";
import { ruleOf, scheduleRuns } from "~/modules/reports/report-schedules.server";
import {
  requireScheduleCreator,
  requireVisibleSchedule,
  scheduleAction,
  scheduleViewer,
} from "~/modules/reports/schedule-actions.server";
import { companyVehicles, reportTimeZone } from "~/modules/reports/reports.server";
import { measurementOf } from "~/services/measurement.server";
import { toSpeedUnit } from "~/lib/units";
import { unlessFault } from "~/services/upstream/errors";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.isNew ? "New schedule" : (data?.values.subject ?? "Schedule")} · Tracksmith` },
];

const LIST = "/dashboard/scheduled-reports";

function timeZones(current: string): string[] {
  const all =
    (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.(
      "timeZone",
    ) ?? [];
  return [...new Set([current, "UTC", ...all])].sort();
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, token } = await requireReports(request);
  const auth = { token, companyId: user.companyid };
  const isNew = params.id === "new";
  // Another's schedule is a 404 unless the user manages reports; only they may make one.
  const viewer = scheduleViewer(user);
  if (isNew) requireScheduleCreator(viewer);
  const schedule = isNew ? null : await requireVisibleSchedule(viewer, params.id!);
  const vehicles = (await companyVehicles(auth).catch(unlessFault([]))).map((v) => ({
    imei: v.imei,
    nickname: v.nickname,
  }));
  const url = new URL(request.url);
  // The speed limit is typed in the reader's unit; the schedule's own unit is for its report.
  const reader = measurementOf(request);
  const speed = (kmh: number) => String(Math.round(toSpeedUnit(kmh, reader)));
  let values: ScheduleFormValues;
  if (schedule) {
    const p = schedule.params as { imeis?: string[]; speedLimit?: number; minStopMinutes?: number };
    values = {
      reportKind: schedule.reportKind,
      imeis: p.imeis ?? [],
      speedLimit: speed(p.speedLimit ?? DEFAULT_SPEED_LIMIT),
      speedUnit: reader,
      minStopMinutes: String(p.minStopMinutes ?? 5),
      frequency: schedule.frequency,
      weekdays: schedule.weekdays,
      monthDay: String(schedule.monthDay ?? 1),
      timeOfDay: schedule.timeOfDay,
      timeZone: schedule.timeZone,
      period: schedule.period,
      format: schedule.format,
      measurement: schedule.measurement,
      recipients: schedule.recipients.join(", "),
      subject: schedule.subject,
      message: schedule.message,
      enabled: schedule.enabled,
    };
  } else {
    const kind =
      REPORTS.find((r) => r.kind === url.searchParams.get("reportKind"))?.kind ?? "trip-summary";
    values = {
      reportKind: kind,
      imeis: url.searchParams.getAll("imeis"),
      speedLimit: speed(Number(url.searchParams.get("speedLimit")) || DEFAULT_SPEED_LIMIT),
      speedUnit: reader,
      minStopMinutes: url.searchParams.get("minStopMinutes") ?? "5",
      frequency: "weekly",
      weekdays: [1],
      monthDay: "1",
      timeOfDay: "07:00",
      timeZone: await reportTimeZone(auth),
      period: "last_week",
      format: "pdf",
      measurement: measurementOf(request),
      recipients: user.email ?? "",
      subject: REPORTS.find((r) => r.kind === kind)!.title,
      message: "",
      enabled: true,
    };
  }
  const runs = schedule ? await scheduleRuns(user.companyid, schedule.id) : [];
  return json({
    isNew,
    id: schedule?.id ?? null,
    // "Send now"'s idempotency key: a double click or a repeated post of this page sends once.
    sendKey: crypto.randomUUID(),
    values,
    enabled: schedule?.enabled ?? true,
    describe: schedule ? describeRule(ruleOf(schedule)) : null,
    // In the schedule's own zone, the zone its rule is written in.
    nextRun: schedule?.nextRunAt
      ? formatZoned(schedule.nextRunAt.getTime(), schedule.timeZone, "full")
      : null,
    reports: REPORTS.filter((r) => reportAllowed(user, r)).map((r) => ({
      kind: r.kind,
      title: r.title,
    })),
    vehicles,
    timeZones: timeZones(values.timeZone),
    runs: runs.map((r) => ({
      ...r,
      dueAt: r.dueAt.toISOString(),
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
    })),
  });
}

/** The page's forms: the schedule itself, and (once it exists) its buttons (schedule-actions.server.ts). */
export async function action({ request, params }: ActionFunctionArgs) {
  return scheduleAction(await requireReports(request), params.id ?? "", await request.formData());
}

export default function ScheduleRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const nav = useNavigation();
  const busy = nav.state === "submitting";
  const revalidator = useRevalidator();
  const pending = data.runs.some((r) => ["queued", "running", "retrying"].includes(r.status));
  useEffect(() => {
    if (!pending) return;
    const t = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 2000);
    return () => clearInterval(t);
  }, [pending, revalidator]);
  return (
    <Stack gap="lg" maw={1100}>
      {pending ? (
        <noscript>
          <meta httpEquiv="refresh" content="5" />
        </noscript>
      ) : null}
      <div>
        <Anchor component={Link} to={LIST} size="sm">
          ← Scheduled reports
        </Anchor>
        <Title order={1}>{data.isNew ? "New scheduled report" : data.values.subject}</Title>
        {data.describe ? (
          <Text c="dimmed" size="sm">
            {data.describe}.{" "}
            {data.enabled ? (data.nextRun ? `Next run ${data.nextRun}.` : "") : "Disabled."}
          </Text>
        ) : null}
      </div>
      {!data.isNew ? (
        <Group>
          <Form method="post">
            <input type="hidden" name="intent" value="send-now" />
            <input type="hidden" name="requestKey" value={data.sendKey} />
            <Button
              type="submit"
              variant="light"
              loading={busy && nav.formData?.get("intent") === "send-now"}
            >
              Send now
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value={data.enabled ? "disable" : "enable"} />
            <Button type="submit" variant="default">
              {data.enabled ? "Disable" : "Enable"}
            </Button>
          </Form>
          <ConfirmForm
            fields={{ intent: "delete" }}
            confirming={Boolean(result?.confirmDelete)}
            label="Delete…"
            question="Delete this schedule?"
            confirmLabel="Yes, delete"
            size="sm"
          />
        </Group>
      ) : null}
      {result?.message ? <Alert color="red">{result.message}</Alert> : null}
      {result?.confirmDelete ? (
        <Text size="sm" c="dimmed" data-testid="confirm-delete">
          Nobody will receive this report any more, and its run history is deleted too. This cannot
          be undone.
        </Text>
      ) : null}
      <Paper withBorder p="md">
        <ScheduleForm
          key={data.id ?? "new"}
          values={result?.values ?? data.values}
          errors={result?.errors ?? {}}
          reports={data.reports}
          vehicles={data.vehicles}
          timeZones={data.timeZones}
          busy={busy && nav.formData?.get("intent") === "save"}
          isNew={data.isNew}
        />
      </Paper>
      {!data.isNew ? <RunHistory runs={data.runs} /> : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
