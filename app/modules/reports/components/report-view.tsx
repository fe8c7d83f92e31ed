import { BarChart, LineChart } from "@mantine/charts";
import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { ClientOnly } from "remix-utils/client-only";
import { DataTable, type DataTableColumn } from "~/components/data-table";

export type ReportViewData = {
  headers: string[];
  numeric: boolean[];
  rows: string[][];
  rowCount: number;
  totals: string[];
  chart: {
    type: "bar" | "line";
    title: string;
    x: string;
    series: { key: string; label: string }[];
    data: Array<Record<string, string | number>>;
  } | null;
  headline: { label: string; value: string }[];
  period: string;
};

const COLOURS = ["blue.6", "orange.6", "teal.6", "grape.6"];

/** A report's columns come with the report: numbers right-aligned, the totals as the footer. */
function reportColumns(view: ReportViewData): DataTableColumn<string[]>[] {
  return view.headers.map((h, i) => ({
    id: `c${i}`,
    header: h,
    accessorFn: (r: string[]) => r[i],
    footer: () => view.totals[i],
    meta: { align: view.numeric[i] ? "right" : "left" },
  }));
}

/** Headline figures, chart and table with totals of a built report. */
export function ReportView({ view }: { view: ReportViewData }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: Math.min(4, Math.max(2, view.headline.length)) }}>
        {view.headline.map((h) => (
          <Paper key={h.label} withBorder p="sm">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {h.label}
            </Text>
            <Text size="xl" fw={700}>
              {h.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {view.chart && view.chart.data.length ? (
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="sm">
            {view.chart.title}
          </Title>
          {/* Charts measure the page, so they draw in the browser; the table below carries the same figures. */}
          <ClientOnly
            fallback={
              <Text size="sm" c="dimmed" h={260}>
                The chart appears with JavaScript; the table below has the same figures.
              </Text>
            }
          >
            {() =>
              view.chart!.type === "line" ? (
                <LineChart
                  h={260}
                  data={view.chart!.data}
                  dataKey={view.chart!.x}
                  series={view.chart!.series.map((s, i) => ({
                    name: s.key,
                    label: s.label,
                    color: COLOURS[i % COLOURS.length]!,
                  }))}
                  withLegend
                />
              ) : (
                <BarChart
                  h={260}
                  data={view.chart!.data}
                  dataKey={view.chart!.x}
                  series={view.chart!.series.map((s, i) => ({
                    name: s.key,
                    label: s.label,
                    color: COLOURS[i % COLOURS.length]!,
                  }))}
                  withLegend
                />
              )
            }
          </ClientOnly>
        </Paper>
      ) : null}
      {view.rowCount === 0 ? (
        <Paper withBorder p="lg">
          <Text fw={600}>Nothing to report</Text>
          <Text size="sm" c="dimmed">
            No data for these vehicles in {view.period}. Try a longer period or other vehicles.
          </Text>
        </Paper>
      ) : (
        <Stack gap={4}>
          {view.rows.length < view.rowCount ? (
            <Text size="sm" c="dimmed">
              Showing the first {view.rows.length} of {view.rowCount} rows; the totals and downloads
              include every row.
            </Text>
          ) : null}
          <DataTable
            data={view.rows}
            columns={reportColumns(view)}
            getRowId={(_, i) => String(i)}
            footerProps={{ "data-testid": "report-totals" }}
            testId="report-table"
            label="Report"
            withTableBorder
            minWidth={800}
          />
        </Stack>
      )}
    </Stack>
  );
}
