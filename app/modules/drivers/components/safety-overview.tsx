import { useSettings } from "~/components/settings/settings-context";
import { useCompanyZone } from "~/components/company-time";
import { formatDistance } from "~/lib/units";
import { formatDay } from "~/lib/zoned-time";
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Text,
  TextInput,
} from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { ShowMore } from "./show-more";

export const BAND_COLOUR: Record<string, string> = {
  low: "green",
  mild: "yellow",
  medium: "orange",
  high: "red",
};

export function Stat({
  label,
  value,
  previous,
  better,
  testId,
}: {
  label: string;
  value: number | null;
  previous: number | null;
  better: "up" | "down";
  testId: string;
}) {
  const delta =
    value !== null && previous !== null ? Math.round((value - previous) * 10) / 10 : null;
  const good = !delta ? null : delta > 0 === (better === "up");
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`${testId}-value`}>
        {value ?? "Insufficient data"}
      </Text>
      <Text size="sm" c={good === null ? "dimmed" : good ? "green" : "red"}>
        {delta === null
          ? `Previous period: ${previous ?? "insufficient data"}`
          : delta === 0
            ? `Same as the previous period (${previous})`
            : `${delta > 0 ? "+" : ""}${delta} against the previous period (${previous})`}
      </Text>
    </Paper>
  );
}

export function PeriodForm({
  days,
  custom,
  fromDay,
  toDay,
}: {
  days: number;
  custom: boolean;
  fromDay: string;
  toDay: string;
}) {
  return (
    <Form method="get">
      <Group gap="xs" align="flex-end">
        <NativeSelect
          label="Period"
          name="days"
          defaultValue={custom ? "" : String(days)}
          data={[
            { value: "7", label: "Last 7 days" },
            { value: "14", label: "Last 14 days" },
            { value: "30", label: "Last 30 days" },
          ]}
        />
        <Button type="submit" variant="default">
          Show
        </Button>
      </Group>
      <Group gap="xs" align="flex-end" mt="xs">
        <TextInput type="date" label="From" name="from" defaultValue={custom ? fromDay : ""} />
        <TextInput type="date" label="To" name="to" defaultValue={custom ? toDay : ""} />
      </Group>
    </Form>
  );
}

export type TrendPoint = {
  week: string;
  score: number | null;
  incidents: number;
  version: number;
  recomputed: number | null;
};

/** Weekly fleet score as bars (an accessible list underneath for screen readers and tests). */
export function TrendChart({ points }: { points: TrendPoint[] }) {
  const w = 40;
  const zone = useCompanyZone();
  return (
    <Paper withBorder p="md" data-testid="safety-trend">
      <Text fw={600} mb="xs">
        Fleet score by week
      </Text>
      <svg width={points.length * w} height={110} role="img" aria-label="Fleet score by week">
        {points.map((p, i) => {
          const h = p.score === null ? 0 : p.score;
          return (
            <g key={p.week}>
              <rect
                x={i * w + 6}
                y={100 - h}
                width={w - 12}
                height={h}
                fill="var(--mantine-color-blue-5)"
              />
              <text x={i * w + w / 2} y={108} fontSize="8" textAnchor="middle">
                {formatDay(p.week, zone)}
              </text>
            </g>
          );
        })}
      </svg>
      <Text size="xs" c="dimmed">
        {points
          .map(
            (p) =>
              `${formatDay(p.week, zone)}: ${p.score ?? "n/a"} (v${p.version}${p.recomputed !== null ? `, would be ${p.recomputed}` : ""})`,
          )
          .join(" · ")}
      </Text>
    </Paper>
  );
}

export type LeaderRow = {
  id: number;
  name: string;
  score: number | null;
  band: string | null;
  bandLabel: string;
  distanceKm: number;
  incidents: number;
};

const col = createColumnHelper<LeaderRow>();
const COLUMNS = [
  col.accessor("name", {
    id: "name",
    header: "Driver",
    enableSorting: true,
    cell: ({ row: { original: r } }) => (
      <Anchor
        component={Link}
        to={`/dashboard/driversafety?driver=${r.id}#scorecard`}
        data-testid="leader-name"
      >
        {r.name}
      </Anchor>
    ),
  }),
  col.accessor("score", {
    id: "score",
    header: "Score",
    enableSorting: true,
    cell: ({ getValue }) => getValue() ?? "—",
  }),
  col.accessor("bandLabel", {
    header: "Risk",
    cell: ({ row: { original: r } }) => (
      <Badge color={r.band ? BAND_COLOUR[r.band] : "gray"} variant="light">
        {r.bandLabel}
      </Badge>
    ),
  }),
  col.accessor("distanceKm", {
    id: "distance",
    header: "Distance",
    enableSorting: true,
    cell: ({ getValue }) => <Distance km={getValue()} />,
  }),
  col.accessor("incidents", { id: "incidents", header: "Incidents", enableSorting: true }),
];

/** A distance in the user's unit (the imperial setting). */
function Distance({ km }: { km: number }) {
  return <>{formatDistance(km, useSettings().settings.measurement)}</>;
}

export function Leaderboard({
  rows,
  total,
  step,
  sort,
  q,
}: {
  rows: LeaderRow[];
  total: number;
  step: number;
  sort: { by: string; dir: "asc" | "desc" };
  q: string;
}) {
  return (
    <SimpleGrid cols={1}>
      <Form method="get">
        <Group gap="xs" align="flex-end">
          <TextInput label="Search drivers" name="q" defaultValue={q} />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </Form>
      <DataTable
        data={rows}
        columns={COLUMNS}
        getRowId={(r) => String(r.id)}
        rowProps={(r) => ({ "data-driver": r.id })}
        testId="leaderboard"
        label="Driver leaderboard"
        sort={sort}
        minWidth={600}
        empty="No drivers match."
      />
      <ShowMore
        param="leaders"
        shown={rows.length}
        total={total}
        step={step}
        testId="leaders-more"
      />
    </SimpleGrid>
  );
}
