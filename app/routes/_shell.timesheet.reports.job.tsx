import { Alert, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { jobReport } from "~/modules/timesheets/job-report.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Job report · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await jobReport(ctx, new URL(request.url)));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();
const COLUMNS = [
  col.accessor("jobcode", { header: "Job code" }),
  col.accessor("jobsite", { header: "Jobsite" }),
  col.accessor("person", { header: "Person" }),
  col.accessor("hours", { header: "Hours" }),
  col.accessor("cost", { header: "Cost", cell: ({ getValue }) => getValue() ?? "—" }),
];

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
      <DataTable
        data={d.rows}
        columns={COLUMNS}
        getRowId={(r) => `${r.jobcode}|${r.jobsite}|${r.person}`}
        caption={`${d.totalHours} h · cost ${d.totalCost}`}
        testId="job-report"
        label="Hours and cost by job code, jobsite and person"
        // Its rows hold nothing to focus: the scroll area itself is reached by keyboard.
        focusableScroll
        minWidth={760}
        highlightOnHover={false}
        empty="No hours in this range."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
