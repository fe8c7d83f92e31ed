import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import dayjs from "dayjs";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RunStatus } from "~/modules/reports/components/run-status";
import { findReport } from "~/modules/reports/catalogue";
import { describeRule, PERIOD_LABELS, type SchedulePeriod } from "~/modules/reports/schedule";
import { requireReports } from "~/modules/reports/report-access.server";
import { listSchedules, ruleOf } from "~/modules/reports/report-schedules.server";

export const meta: MetaFunction = () => [{ title: "Scheduled reports · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireReports(request);
  const rows = await listSchedules(user.companyid);
  return json({
    schedules: rows.map((s) => ({
      id: s.id,
      subject: s.subject,
      report: findReport(s.reportKind)?.title ?? s.reportKind,
      when: describeRule(ruleOf(s)),
      period: PERIOD_LABELS[s.period as SchedulePeriod] ?? s.period,
      format: s.format.toUpperCase(),
      recipients: s.recipients.length,
      enabled: s.enabled,
      nextRunAt: s.nextRunAt?.toISOString() ?? null,
      last: s.runs[0] ? { status: s.runs[0].status, at: s.runs[0].startedAt.toISOString() } : null,
    })),
  });
}

export default function ScheduledReports() {
  const { schedules } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between">
        <div>
          <Title order={1}>Scheduled reports</Title>
          <Text c="dimmed" size="sm">
            Reports emailed on a schedule to anyone, with or without an account.
          </Text>
        </div>
        <Button component={Link} to="/dashboard/scheduled-reports/new">
          New schedule
        </Button>
      </Group>
      {schedules.length === 0 ? (
        <Paper withBorder p="lg">
          <Stack gap="xs">
            <Text fw={600}>No scheduled reports yet</Text>
            <Text size="sm">
              Open a report in{" "}
              <Anchor component={Link} to="/dashboard/reports">
                Reports
              </Anchor>{" "}
              and choose &ldquo;Schedule by email&rdquo;, or create a schedule here.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Report</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Recipients</Table.Th>
                <Table.Th>Next run</Table.Th>
                <Table.Th>Last run</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedules.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboard/scheduled-reports/${s.id}`}>
                      {s.subject}
                    </Anchor>{" "}
                    {s.enabled ? null : (
                      <Badge color="gray" variant="light">
                        Disabled
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {s.report}{" "}
                    <Text span size="xs" c="dimmed">
                      ({s.format}, {s.period.toLowerCase()})
                    </Text>
                  </Table.Td>
                  <Table.Td>{s.when}</Table.Td>
                  <Table.Td>{s.recipients}</Table.Td>
                  <Table.Td>
                    {s.nextRunAt ? dayjs(s.nextRunAt).format("D MMM YYYY HH:mm") : "–"}
                  </Table.Td>
                  <Table.Td>
                    {s.last ? (
                      <RunStatus status={s.last.status} />
                    ) : (
                      <Text size="sm" c="dimmed">
                        Never
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
