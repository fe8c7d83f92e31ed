import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { RunStatus } from "~/modules/reports/components/run-status";
import { findReport } from "~/modules/reports/catalogue";
import { describeRule, PERIOD_LABELS, type SchedulePeriod } from "~/modules/reports/schedule";
import { requireReports } from "~/modules/reports/report-access.server";
import { listSchedules, ruleOf } from "~/modules/reports/report-schedules.server";
import { scheduleViewer, visibleOwner } from "~/modules/reports/schedule-actions.server";

export const meta: MetaFunction = () => [{ title: "Scheduled reports · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireReports(request);
  // The user's own schedules; every one of the company for those who manage reports.
  const viewer = scheduleViewer(user);
  const rows = await listSchedules(user.companyid, visibleOwner(viewer));
  return json({
    canCreate: viewer.manager,
    schedules: rows.map((s) => ({
      id: s.id,
      mine: s.userId === user.username_id,
      subject: s.subject,
      report: findReport(s.reportKind)?.title ?? s.reportKind,
      when: describeRule(ruleOf(s)),
      period: PERIOD_LABELS[s.period as SchedulePeriod] ?? s.period,
      format: s.format.toUpperCase(),
      recipients: s.recipients.length,
      enabled: s.enabled,
      // In the schedule's own zone, the zone its rule is written in.
      nextRun: s.nextRunAt ? formatZoned(s.nextRunAt.getTime(), s.timeZone, "full") : null,
      last: s.runs[0] ? { status: s.runs[0].status, at: s.runs[0].startedAt.toISOString() } : null,
    })),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["schedules"][number];
const col = createColumnHelper<Row>();
const COLUMNS = [
  col.accessor("subject", {
    header: "Subject",
    cell: ({ row: { original: s } }) => (
      <>
        <Anchor component={Link} to={`/dashboard/scheduled-reports/${s.id}`}>
          {s.subject}
        </Anchor>{" "}
        {s.enabled ? null : (
          <Badge color="gray" variant="light">
            Disabled
          </Badge>
        )}{" "}
        {s.mine ? null : (
          <Badge color="blue" variant="light">
            Another user&rsquo;s
          </Badge>
        )}
      </>
    ),
  }),
  col.accessor("report", {
    header: "Report",
    cell: ({ row: { original: s } }) => (
      <>
        {s.report}{" "}
        <Text span size="xs" c="dimmed">
          ({s.format}, {s.period.toLowerCase()})
        </Text>
      </>
    ),
  }),
  col.accessor("when", { header: "When" }),
  col.accessor("recipients", { header: "Recipients" }),
  col.accessor("nextRun", { header: "Next run", cell: ({ getValue }) => getValue() ?? "–" }),
  col.accessor("last", {
    header: "Last run",
    cell: ({ getValue }) => {
      const last = getValue();
      return last ? (
        <RunStatus status={last.status} />
      ) : (
        <Text size="sm" c="dimmed">
          Never
        </Text>
      );
    },
  }),
];

export default function ScheduledReports() {
  const { schedules, canCreate } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between">
        <div>
          <Title order={1}>Scheduled reports</Title>
          <Text c="dimmed" size="sm">
            Reports emailed on a schedule to anyone, with or without an account.
          </Text>
        </div>
        {canCreate ? (
          <Button component={Link} to="/dashboard/scheduled-reports/new">
            New schedule
          </Button>
        ) : null}
      </Group>
      <DataTable
        data={schedules}
        columns={COLUMNS}
        getRowId={(s) => String(s.id)}
        label="Scheduled reports"
        minWidth={900}
        empty={
          <Paper withBorder p="lg">
            <Stack gap="xs">
              <Text fw={600}>No scheduled reports yet</Text>
              {canCreate ? (
                <Text size="sm">
                  Open a report in{" "}
                  <Anchor component={Link} to="/dashboard/reports">
                    Reports
                  </Anchor>{" "}
                  and choose &ldquo;Schedule by email&rdquo;, or create a schedule here.
                </Text>
              ) : (
                <Text size="sm">Scheduled reports are set up by those who manage reports.</Text>
              )}
            </Stack>
          </Paper>
        }
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
