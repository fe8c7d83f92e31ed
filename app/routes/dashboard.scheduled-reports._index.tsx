import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TableToolbar } from "~/components/data-table/toolbar";
import { RunStatus } from "~/modules/reports/components/run-status";
import { requireReports } from "~/modules/reports/report-access.server";
import {
  SCHEDULE_STATE_LABELS,
  SCHEDULE_STATES,
  scheduleList,
} from "~/modules/reports/schedule-list.server";

export const meta: MetaFunction = () => [{ title: "Scheduled reports · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireReports(request);
  return json(await scheduleList(user, new URL(request.url), { token, companyId: user.companyid }));
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
  const { schedules, canCreate, total, q, state } = useLoaderData<typeof loader>();
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
      {total > 0 ? (
        <TableToolbar
          csv="/dashboard/scheduled-reports.csv"
          search={{
            value: q,
            label: "Search schedules",
            placeholder: "Subject, report or recipient",
          }}
          filters={[
            {
              name: "state",
              label: "State",
              value: state ?? "",
              options: [
                { value: "", label: "Any state" },
                ...SCHEDULE_STATES.map((s) => ({ value: s, label: SCHEDULE_STATE_LABELS[s] })),
              ],
            },
          ]}
        />
      ) : null}
      <DataTable
        data={schedules}
        columns={COLUMNS}
        getRowId={(s) => String(s.id)}
        label="Scheduled reports"
        minWidth={900}
        empty={
          total > 0 ? (
            <Text data-testid="schedules-no-match">
              No schedule matches your search and filters.
            </Text>
          ) : (
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
          )
        }
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
