import {
  Alert,
  Button,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { jobReport } from "~/modules/timesheets/job-report.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Job report · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await jobReport(ctx, new URL(request.url)));
}

/** Job report (SPEC §2.7 reports/job): hours and cost by job code, jobsite and person. */
export default function JobReport() {
  const d = useLoaderData<typeof loader>();
  const qs = `?from=${d.from}&to=${d.to}`;
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Job report
        </Title>
        <Text c="dimmed" size="sm">
          Hours of entries not rejected, by job code, jobsite and person. Cost is the hours at the
          person&apos;s payroll-group rate (overtime premiums are in payroll).
        </Text>
      </div>
      <Form method="get">
        <Group align="flex-end" gap="sm">
          <TextInput type="date" name="from" label="From" defaultValue={d.from} />
          <TextInput type="date" name="to" label="To" defaultValue={d.to} />
          <Button type="submit" variant="default">
            Show
          </Button>
          {(["csv", "xlsx", "pdf"] as const).map((f) => (
            <Button
              key={f}
              component="a"
              href={`/timesheet/reports/job/export/${f}${qs}`}
              variant="default"
            >
              Export {f.toUpperCase()}
            </Button>
          ))}
        </Group>
      </Form>
      {d.notice ? <Alert color="yellow">{d.notice}</Alert> : null}
      <ScrollArea type="auto">
        <Table striped miw={760} data-testid="job-report">
          <Table.Caption>
            {d.totalHours} h · cost {d.totalCost}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Job code</Table.Th>
              <Table.Th>Jobsite</Table.Th>
              <Table.Th>Person</Table.Th>
              <Table.Th>Hours</Table.Th>
              <Table.Th>Cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>No hours in this range.</Table.Td>
              </Table.Tr>
            ) : null}
            {d.rows.map((r) => (
              <Table.Tr key={`${r.jobcode}|${r.jobsite}|${r.person}`}>
                <Table.Td>{r.jobcode}</Table.Td>
                <Table.Td>{r.jobsite}</Table.Td>
                <Table.Td>{r.person}</Table.Td>
                <Table.Td>{r.hours}</Table.Td>
                <Table.Td>{r.cost ?? "—"}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
