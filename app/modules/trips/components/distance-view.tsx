import { BarChart } from "@mantine/charts";
import {
  Alert,
  Anchor,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { Link, useSearchParams } from "@remix-run/react";
import { ClientOnly } from "remix-utils/client-only";
import type { Period } from "../logbook-summary";
import { withParams } from "../trip-query";
import { distanceLabel, formatDistance, toDistanceUnit } from "~/lib/units";
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

function SortLink({
  d,
  by,
  children,
}: {
  d: DistanceData;
  by: "name" | "total";
  children: string;
}) {
  const [params] = useSearchParams();
  const active = d.sort === by;
  const next = active ? (d.dir === "asc" ? "desc" : "asc") : by === "name" ? "asc" : "desc";
  const arrow = active ? (d.dir === "asc" ? " ▲" : " ▼") : "";
  return (
    <Anchor
      component={Link}
      to={withParams(params, { sort: by, dir: next })}
      aria-sort={active ? (d.dir === "asc" ? "ascending" : "descending") : undefined}
      c="inherit"
      fw={600}
    >
      {children}
      {arrow}
    </Anchor>
  );
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
          <Table.ScrollContainer minWidth={400 + d.keys.length * 80}>
            <Table striped highlightOnHover data-testid="distance-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <SortLink d={d} by="name">
                      Vehicle
                    </SortLink>
                  </Table.Th>
                  {d.keys.map((k) => (
                    <Table.Th key={k} ta="right">
                      {keyLabel(k, d.period)}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">
                    <SortLink d={d} by="total">
                      Total
                    </SortLink>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.rows.map((r) => (
                  <Table.Tr key={r.imei} data-imei={r.imei}>
                    <Table.Td>{r.nickname}</Table.Td>
                    {d.keys.map((k) => (
                      <Table.Td key={k} ta="right">
                        {toDistanceUnit(r.byPeriod[k] ?? 0, m).toFixed(1)}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" fw={600} data-testid="distance-total">
                      {formatDistance(r.total, m)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
