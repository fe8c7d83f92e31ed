import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
import dayjs from "dayjs";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RunStatus } from "~/modules/reports/components/run-status";
import { ScheduleForm, type ScheduleFormValues } from "~/modules/reports/components/schedule-form";
import { DEFAULT_SPEED_LIMIT, REPORTS } from "~/modules/reports/catalogue";
import { describeRule } from "~/modules/reports/schedule";
import { sendJob } from "~/services/job-queue.server";
import { logError } from "~/services/log.server";
import { requireReports } from "~/modules/reports/report-access.server";
import {
  createSchedule,
  deleteSchedule,
  parseScheduleForm,
  requireSchedule,
  ruleOf,
  scheduleRuns,
  sendNow,
  setScheduleEnabled,
  updateSchedule,
} from "~/modules/reports/report-schedules.server";
import { companyVehicles, reportTimeZone } from "~/modules/reports/reports.server";

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
  const schedule = isNew ? null : await requireSchedule(user.companyid, params.id!);
  const vehicles = (await companyVehicles(auth).catch(() => [])).map((v) => ({
    imei: v.imei,
    nickname: v.nickname,
  }));
  const url = new URL(request.url);
  let values: ScheduleFormValues;
  if (schedule) {
    const p = schedule.params as { imeis?: string[]; speedLimit?: number; minStopMinutes?: number };
    values = {
      reportKind: schedule.reportKind,
      imeis: p.imeis ?? [],
      speedLimit: String(p.speedLimit ?? DEFAULT_SPEED_LIMIT),
      minStopMinutes: String(p.minStopMinutes ?? 5),
      frequency: schedule.frequency,
      weekdays: schedule.weekdays,
      monthDay: String(schedule.monthDay ?? 1),
      timeOfDay: schedule.timeOfDay,
      timeZone: schedule.timeZone,
      period: schedule.period,
      format: schedule.format,
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
      speedLimit: url.searchParams.get("speedLimit") ?? String(DEFAULT_SPEED_LIMIT),
      minStopMinutes: url.searchParams.get("minStopMinutes") ?? "5",
      frequency: "weekly",
      weekdays: [1],
      monthDay: "1",
      timeOfDay: "07:00",
      timeZone: await reportTimeZone(auth).catch(() => "UTC"),
      period: "last_week",
      format: "pdf",
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
    values,
    enabled: schedule?.enabled ?? true,
    describe: schedule ? describeRule(ruleOf(schedule)) : null,
    nextRunAt: schedule?.nextRunAt?.toISOString() ?? null,
    reports: REPORTS.filter((r) => !r.feature || user.features_enabled[r.feature] !== false).map(
      (r) => ({ kind: r.kind, title: r.title }),
    ),
    vehicles,
    timeZones: timeZones(values.timeZone),
    runs: runs.map((r) => ({
      ...r,
      dueAt: r.dueAt.toISOString(),
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
    })),
    saved: url.searchParams.get("saved"),
  });
}

type ActionData = {
  errors?: Record<string, string>;
  values?: ScheduleFormValues;
  confirmDelete?: boolean;
};

function echo(form: FormData): ScheduleFormValues {
  const s = (k: string) => String(form.get(k) ?? "");
  return {
    reportKind: s("reportKind"),
    imeis: form.getAll("imeis").map(String),
    speedLimit: s("speedLimit"),
    minStopMinutes: s("minStopMinutes"),
    frequency: s("frequency"),
    weekdays: form.getAll("weekdays").map(Number),
    monthDay: s("monthDay"),
    timeOfDay: s("timeOfDay"),
    timeZone: s("timeZone"),
    period: s("period"),
    format: s("format"),
    recipients: s("recipients"),
    subject: s("subject"),
    message: s("message"),
    enabled: form.get("enabled") === "on",
  };
}

async function nudgeScheduler() {
  // The minute cron would also pick the run up; the nudge sends it within seconds.
  await sendJob("report-scheduler", {}).catch((e) => logError("reports", e));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, token } = await requireReports(request);
  const companyId = user.companyid;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const isNew = params.id === "new";
  if (isNew && intent !== "save") throw new Response("Not found", { status: 404 });
  // Another company's schedule is a 404 whatever was posted (checked before the form).
  if (!isNew) await requireSchedule(companyId, params.id!);
  if (intent === "save") {
    const parsed = parseScheduleForm(form);
    if (!parsed.ok)
      return json<ActionData>({ errors: parsed.errors, values: echo(form) }, { status: 400 });
    // Only the company's own vehicles: another company's imei (a forged form) is a 404.
    const own = new Set((await companyVehicles({ token, companyId })).map((v) => v.imei));
    if (parsed.value.params.imeis.some((imei) => !own.has(imei)))
      throw new Response("Vehicle not found", { status: 404 });
    if (isNew) {
      const s = await createSchedule({ userId: user.username_id, companyId }, parsed.value);
      return redirect(`${LIST}/${s.id}?saved=created`);
    }
    await updateSchedule(companyId, params.id!, parsed.value);
    return redirect(`${LIST}/${params.id}?saved=saved`);
  }
  const id = params.id!;
  if (intent === "enable" || intent === "disable") {
    await setScheduleEnabled(companyId, id, intent === "enable");
    return redirect(`${LIST}/${id}?saved=${intent}d`);
  }
  if (intent === "send-now") {
    await sendNow(companyId, id);
    await nudgeScheduler();
    return redirect(`${LIST}/${id}?saved=queued`);
  }
  if (intent === "delete") {
    if (form.get("confirm") !== "yes") {
      await requireSchedule(companyId, id);
      return json<ActionData>({ confirmDelete: true });
    }
    await deleteSchedule(companyId, id);
    return redirect(`${LIST}?deleted=1`);
  }
  return json<ActionData>({ errors: { form: "Unknown action." } }, { status: 400 });
}

const SAVED: Record<string, string> = {
  created: "Schedule created.",
  saved: "Changes saved.",
  enabled: "Schedule enabled.",
  disabled: "Schedule disabled: it will not run until you enable it.",
  queued: "The report is being sent now. The run appears in the history below.",
};

const size = (n: number | null) =>
  n === null
    ? "–"
    : n < 1024
      ? `${n} B`
      : n < 1024 * 1024
        ? `${(n / 1024).toFixed(1)} KB`
        : `${(n / 1024 / 1024).toFixed(1)} MB`;

export default function ScheduleRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
            {data.enabled
              ? data.nextRunAt
                ? `Next run ${dayjs(data.nextRunAt).format("D MMM YYYY HH:mm")}.`
                : ""
              : "Disabled."}
          </Text>
        ) : null}
      </div>
      {data.saved && SAVED[data.saved] ? (
        <Alert color="green" data-testid="schedule-saved">
          {SAVED[data.saved]}
        </Alert>
      ) : null}
      {!data.isNew ? (
        <Group>
          <Form method="post">
            <input type="hidden" name="intent" value="send-now" />
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
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <Button type="submit" color="red" variant="subtle">
              Delete…
            </Button>
          </Form>
        </Group>
      ) : null}
      {result?.confirmDelete ? (
        <Alert color="red" title="Delete this schedule?" data-testid="confirm-delete">
          <Stack gap="sm">
            <Text size="sm">
              Nobody will receive this report any more, and its run history is deleted too. This
              cannot be undone.
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="confirm" value="yes" />
              <Group>
                <Button type="submit" color="red" autoFocus>
                  Yes, delete
                </Button>
                <Button component={Link} to={`${LIST}/${data.id}`} variant="default">
                  Cancel
                </Button>
              </Group>
            </Form>
          </Stack>
        </Alert>
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
      {!data.isNew ? (
        <Stack gap="xs">
          <Title order={2} size="h3">
            Run history
          </Title>
          {data.runs.length === 0 ? (
            <Text c="dimmed">
              No runs yet. Use &ldquo;Send now&rdquo; to send it once straight away.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={800}>
              <Table striped data-testid="run-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Due</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Duration</Table.Th>
                    <Table.Th>Size</Table.Th>
                    <Table.Th>Recipients</Table.Th>
                    <Table.Th>Error</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.runs.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        {dayjs(r.dueAt).format("D MMM YYYY HH:mm")}
                        {r.manual ? (
                          <Text span size="xs" c="dimmed">
                            {" "}
                            (sent now)
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <RunStatus status={r.status} />
                        {r.attempts > 1 ? (
                          <Text span size="xs" c="dimmed">
                            {" "}
                            attempt {r.attempts}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        {r.durationMs === null ? "–" : `${(r.durationMs / 1000).toFixed(1)} s`}
                      </Table.Td>
                      <Table.Td>{size(r.sizeBytes)}</Table.Td>
                      <Table.Td>{r.recipients.length}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c={r.error ? "red" : "dimmed"}>
                          {r.error ?? ""}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
