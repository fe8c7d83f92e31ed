import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { MultiPicker } from "~/components/forms/multi-picker";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ReportView } from "~/modules/reports/components/report-view";
import { DEFAULT_SPEED_LIMIT } from "~/modules/reports/catalogue";
import { requireReport } from "~/modules/reports/report-access.server";
import { reportPage, reportPageAction } from "~/modules/reports/report-page.server";
import { measurementOf } from "~/services/measurement.server";
import { speedLabel } from "~/lib/units";
import { JobProgress } from "~/modules/reports/components/job-progress";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Report"} · Tracksmith` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { auth, def } = await requireReport(request, params.kind);
  return reportPage(auth, def, new URL(request.url), measurementOf(request));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { auth, def } = await requireReport(request, params.kind);
  return reportPageAction(auth, def, await request.formData());
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
            <div style={{ minWidth: 240, flex: "1 1 240px" }}>
              <MultiPicker
                id="report-imeis"
                name="imeis"
                label="Vehicles"
                placeholder="Every vehicle"
                data={data.vehicles.map((v) => ({ value: v.imei, label: v.nickname }))}
                defaultValue={data.form.imeis}
              />
            </div>
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
              <>
                <input type="hidden" name="speedUnit" value={data.measurement} />
                <NumberInput
                  label={`Speed limit (${speedLabel(data.measurement)})`}
                  name="speedLimit"
                  defaultValue={String(data.form.speedLimit ?? DEFAULT_SPEED_LIMIT)}
                  min={data.measurement === "imperial" ? 13 : 20}
                  max={data.measurement === "imperial" ? 155 : 250}
                  error={data.errors.speedLimit}
                  w={150}
                />
              </>
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
            {data.canManage ? (
              <Form method="post">
                <input type="hidden" name="intent" value="run-job" />
                {data.form.imeis.map((i) => (
                  <input key={i} type="hidden" name="imeis" value={i} />
                ))}
                <input type="hidden" name="from" value={data.form.from} />
                <input type="hidden" name="to" value={data.form.to} />
                {data.hasSpeed ? (
                  <>
                    <input type="hidden" name="speedLimit" value={String(data.form.speedLimit)} />
                    <input type="hidden" name="speedUnit" value={data.measurement} />
                  </>
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
            ) : (
              <Text size="sm">Someone who manages reports can build it; or choose fewer days.</Text>
            )}
          </Stack>
        </Alert>
      ) : null}
      {data.job ? <JobProgress job={data.job} canCancel={data.canManage} /> : null}
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
              {data.canManage ? (
                <Button
                  component={Link}
                  to={`/dashboard/scheduled-reports/new?${scheduleQuery}`}
                  size="xs"
                  variant="default"
                >
                  Schedule by email
                </Button>
              ) : null}
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
