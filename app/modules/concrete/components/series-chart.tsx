import { LineChart } from "@mantine/charts";
import { Paper, Text } from "@mantine/core";
import { formatZoned } from "~/lib/zoned-time";

const COLOURS = [
  "red.7",
  "blue.7",
  "teal.7",
  "orange.7",
  "grape.7",
  "cyan.8",
  "lime.8",
  "indigo.7",
  "pink.7",
  "yellow.8",
  "violet.7",
  "green.8",
];

/** A time chart of one or more series (rows keyed by series name, `t` in ms). */
export function SeriesChart(props: {
  title: string;
  rows: Array<Record<string, number>>;
  series: Array<{ name: string; label: string }>;
  timeZone: string;
  unit: string;
  testId?: string;
  referenceY?: { y: number; label: string }[];
}) {
  const { rows, timeZone } = props;
  const first = rows[0]?.t ?? 0;
  const last = rows[rows.length - 1]?.t ?? 0;
  const long = last - first > 2 * 24 * 3_600_000;
  return (
    <Paper withBorder p="sm" data-testid={props.testId}>
      <Text size="sm" fw={600} mb="xs">
        {props.title} ({props.unit})
      </Text>
      {rows.length ? (
        <LineChart
          h={240}
          data={rows}
          dataKey="t"
          withDots={false}
          curveType="linear"
          withLegend
          series={props.series.map((s, i) => ({
            name: s.name,
            label: s.label,
            color: COLOURS[i % COLOURS.length]!,
          }))}
          xAxisProps={{
            type: "number",
            domain: [first, last],
            scale: "time",
            tickFormatter: (v: number) => formatZoned(v, timeZone, long ? "datetime" : "time"),
          }}
          referenceLines={(props.referenceY ?? []).map((r) => ({
            y: r.y,
            label: r.label,
            color: "red.7",
          }))}
          tooltipProps={{
            labelFormatter: (v: unknown) => (typeof v === "number" ? formatZoned(v, timeZone) : ""),
          }}
        />
      ) : (
        <Text size="sm">No readings yet.</Text>
      )}
    </Paper>
  );
}
