import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDay } from "~/lib/zoned-time";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { REPORT_COLUMNS, hireReport } from "~/modules/operations/hire-report.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Hire report · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const r = await hireReport(ctx);
  return json({ ...r, columns: [...REPORT_COLUMNS] });
}

/**
 * A cell as the page shows it: the rows are the CSV's too, where a day stays "2026-11-16" for
 * spreadsheets; on the page it reads in the one date style.
 */
const shown = (cell: string | undefined, zone: string) =>
  typeof cell === "string" && /^\d{4}-\d{2}-\d{2}$/.test(cell) ? formatDay(cell, zone) : cell;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();

/** The hire report (SPEC §2.3 plant-hire): utilisation, days on site, idle share and charge per contract. */
export default function HireReport() {
  const data = useLoaderData<typeof loader>();
  const columns = data.columns.map((title, i) =>
    col.display({
      id: `c${i}`,
      header: title,
      cell: ({ row: { original: r } }) =>
        i === 0 ? (
          <Anchor component={Link} to={`/dashboard/plant-hire/${r.id}`}>
            {r.cells[0]}
          </Anchor>
        ) : (
          shown(r.cells[i], data.timeZone)
        ),
    }),
  );
  return (
    <Stack gap="md" maw={1500}>
      <Anchor component={Link} to="/dashboard/plant-hire" size="sm">
        All hire contracts
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Hire report
          </Title>
          <Text c="dimmed" size="sm">
            Every hire contract as of {formatDay(data.today, data.timeZone)}; times in{" "}
            {data.timeZone}.
          </Text>
        </div>
        <Group gap="xs">
          <Button component="a" href="/dashboard/plant-hire/report/csv" variant="light" download>
            Download CSV
          </Button>
          <Button component="a" href="/dashboard/plant-hire/report/pdf" variant="light" download>
            Download PDF
          </Button>
        </Group>
      </Group>
      <DataTable
        data={data.rows}
        columns={columns}
        getRowId={(r) => String(r.id)}
        label="Hire report"
        testId="hire-report"
        minWidth={1400}
        empty="No hire contracts yet."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
