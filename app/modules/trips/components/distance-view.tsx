import { BarChart } from "@mantine/charts";
import {
  Alert,
  Anchor,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { Link, useSearchParams } from "@remix-run/react";
import { ClientOnly } from "remix-utils/client-only";
import type { Period } from "../logbook-summary";
import { withParams } from "../trip-query";
import { DataTable, type DataTableColumn, createColumnHelper } from "~/components/data-table";
import { distanceLabel, formatDistance, type Measurement, toDistanceUnit } from "~/lib/units";
import { DateRangeInputs, FilterForm } from "./trip-filters";
import { useMeasurement } from "./use-measurement";

export type DistanceData = {
  period: Period;
  range: { from: string; to: string; today: string; clamped: boolean };
  keys: string[];
  rows: { imei: string; nickname: string; total: number; byPeriod: Record<string, number> }[];
  sort: "name" | "total";
  dir: "asc" | "desc";
  stale: boolean;
  truncated: boolean;
  timeZone: string;
};

const PERIODS = [
  { value: "day", label: "Per day" },
  { value: "week", label: "Per week" },
  { value: "month", label: "Per month" },
];

function keyLabel(key: string, period: Period) {
  const d = new Date(`${key.length === 7 ? `${key}-01` : key}T00:00:00Z`);
  if (period === "month")
    return d.toLocaleDateString("en-AU", { month: "short", year: "numeric", timeZone: "UTC" });
  const s = d.toLocaleDateString("en-AU", { day: "numeric", month: "short", timeZone: "UTC" });
  return period === "week" ? `Wk ${s}` : s;
}

function Filters({ d }: { d: DistanceData }) {
  return (
    <FilterForm submit="Show distance">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect name="period" label="Group" defaultValue={d.period} data={PERIODS} />
        <DateRangeInputs from={d.range.from} to={d.range.to} max={d.range.today} />
      </SimpleGrid>
      <input type="hidden" name="sort" value={d.sort} />
      <input type="hidden" name="dir" value={d.dir} />
    </FilterForm>
  );
}

function Notes({ d }: { d: DistanceData }) {
  return (
    <>
      {d.stale ? (
        <Alert color="orange">
          The GPS service did not answer for some vehicles; their figures are from trips saved
          earlier.
        </Alert>
      ) : null}
      {d.truncated ? (
        <Alert color="yellow">
          Showing the first {d.rows.length} vehicles. Use Reports for the whole fleet.
        </Alert>
      ) : null}
    </>
  );
}

/** The chart: total distance of all vehicles per period (needs JavaScript; the table below carries the same figures). */
function Chart({ d }: { d: DistanceData }) {
  const m = useMeasurement();
  const data = d.keys.map((k) => ({
    period: keyLabel(k, d.period),
    distance:
      Math.round(
        toDistanceUnit(
          d.rows.reduce((s, r) => s + (r.byPeriod[k] ?? 0), 0),
          m,
        ) * 10,
      ) / 10,
  }));
  return (
    <Paper withBorder p="md">
      <Text size="sm" fw={500} mb="xs">
        Fleet distance ({distanceLabel(m)})
      </Text>
      <ClientOnly
        fallback={
          <Text size="sm" c="dimmed">
            The chart appears with JavaScript; the table has the same figures.
          </Text>
        }
      >
        {() => (
          <BarChart
            h={240}
            data={data}
            dataKey="period"
            series={[
              { name: "distance", label: `Distance (${distanceLabel(m)})`, color: "blue.6" },
            ]}
          />
        )}
      </ClientOnly>
    </Paper>
  );
}

type DistanceRow = DistanceData["rows"][number];
const col = createColumnHelper<DistanceRow>();
const right = { align: "right" } as const;

/** One column per period between the vehicle and its total; ids are the `?sort=` values. */
function distanceColumns(d: DistanceData, m: Measurement): DataTableColumn<DistanceRow>[] {
  return [
    col.accessor("nickname", { id: "name", header: "Vehicle", enableSorting: true }),
    ...d.keys.map((k) =>
      col.accessor((r) => r.byPeriod[k] ?? 0, {
        id: `period-${k}`,
        header: keyLabel(k, d.period),
        meta: right,
        cell: ({ getValue }) => toDistanceUnit(getValue(), m).toFixed(1),
      }),
    ),
    col.accessor("total", {
      header: "Total",
      enableSorting: true,
      meta: {
        align: "right",
        sortFirst: "desc",
        cellProps: () => ({ "data-testid": "distance-total", style: { fontWeight: 600 } }),
      },
      cell: ({ getValue }) => formatDistance(getValue(), m),
    }),
  ];
}

export function VehicleDistanceView({ d }: { d: DistanceData }) {
  const m = useMeasurement();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Vehicle distance
        </Title>
        <Text c="dimmed" size="sm">
          Distance per vehicle,{" "}
          {d.period === "day"
            ? "per day"
            : d.period === "week"
              ? "per week (from Monday)"
              : "per month"}
          , by the day each trip started ({d.timeZone}).
        </Text>
      </div>
      <Filters d={d} />
      <Notes d={d} />
      <Chart d={d} />
      <Paper withBorder>
        {d.rows.length === 0 ? (
          <Text p="lg" c="dimmed">
            No vehicles that record trips.
          </Text>
        ) : (
          <DataTable
            data={d.rows}
            columns={distanceColumns(d, m)}
            getRowId={(r) => r.imei}
            rowProps={(r) => ({ "data-imei": r.imei })}
            testId="distance-table"
            label="Distance per vehicle"
            sort={{ by: d.sort, dir: d.dir }}
            minWidth={400 + d.keys.length * 80}
          />
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        Figures in {distanceLabel(m)}.{" "}
        <Anchor component={Link} to="/dashboard/vehicle-distance-mobile">
          Phone layout
        </Anchor>
      </Text>
    </Stack>
  );
}

/** The phone-sized layout: one card per vehicle, no wide table. */
export function VehicleDistanceMobileView({ d }: { d: DistanceData }) {
  const m = useMeasurement();
  const [params] = useSearchParams();
  return (
    <Stack p="xs" gap="sm" maw={480}>
      <Title order={1} size="h3">
        Vehicle distance
      </Title>
      <Filters d={d} />
      <Notes d={d} />
      <Group gap="xs">
        <Text size="sm">Sort:</Text>
        <Anchor component={Link} to={withParams(params, { sort: "total", dir: "desc" })} size="sm">
          Most driven
        </Anchor>
        <Anchor component={Link} to={withParams(params, { sort: "total", dir: "asc" })} size="sm">
          Least driven
        </Anchor>
        <Anchor component={Link} to={withParams(params, { sort: "name", dir: "asc" })} size="sm">
          Name
        </Anchor>
      </Group>
      <Chart d={d} />
      {d.rows.length === 0 ? <Text c="dimmed">No vehicles that record trips.</Text> : null}
      {d.rows.map((r) => (
        <Paper key={r.imei} withBorder p="sm" data-imei={r.imei}>
          <Group justify="space-between">
            <Text fw={600}>{r.nickname}</Text>
            <Text fw={700} data-testid="distance-total">
              {formatDistance(r.total, m)}
            </Text>
          </Group>
          <SimpleGrid cols={3} spacing={4} mt={4}>
            {d.keys.slice(-6).map((k) => (
              <Text key={k} size="xs" c="dimmed">
                {keyLabel(k, d.period)}: {toDistanceUnit(r.byPeriod[k] ?? 0, m).toFixed(1)}
              </Text>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
      <Anchor component={Link} to="/dashboard/vehicle-distance" size="xs">
        Full table
      </Anchor>
    </Stack>
  );
}
