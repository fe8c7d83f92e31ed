import {
  Anchor,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Button,
} from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, type DataTableColumn } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { driverSafety, findReport, formatCell, localDay } from "~/modules/reports/catalogue";
import { requireModule } from "~/services/guard.server";
import { buildReport, reportTimeZone } from "~/modules/reports/reports.server";

export const meta: MetaFunction = () => [{ title: "Driver safety · Tracksmith" }];

const PERIODS = [7, 14, 30] as const;

/** SPEC §3 Driver safety: fleet score and incidents of this period against the previous one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = (await requireModule(request, "drivers")).session;
  const auth = { token, companyId: user.companyid };
  const url = new URL(request.url);
  const days = PERIODS.find((d) => String(d) === url.searchParams.get("days")) ?? 7;
  const def = findReport("driver-safety")!;
  const timeZone = await reportTimeZone(auth);
  const now = Date.now();
  const params = def.params.parse({
    from: localDay(now - (days - 1) * 86_400_000, timeZone),
    to: localDay(now, timeZone),
    speedLimit: url.searchParams.get("speedLimit") || undefined,
  });
  const built = await buildReport(auth, def, params, { timeZone, now });
  const speedLimit = Number((params as unknown as { speedLimit: number }).speedLimit);
  const safety = driverSafety(built.input.trips, built.input.previousTrips, speedLimit);
  return json({
    days,
    speedLimit,
    ...safety,
    headers: def.columns.map((c) => c.label),
    rows: built.rows.map((r) => def.columns.map((c, i) => formatCell(c, r[i] ?? null, timeZone))),
  });
}

function Stat({
  label,
  value,
  previous,
  better,
}: {
  label: string;
  value: number;
  previous: number;
  better: "up" | "down";
}) {
  const delta = value - previous;
  const good = delta === 0 ? null : delta > 0 === (better === "up");
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="sm" c={good === null ? "dimmed" : good ? "green" : "red"}>
        {delta === 0 ? "Same as" : `${delta > 0 ? "+" : ""}${delta} against`} the previous period (
        {previous})
      </Text>
    </Paper>
  );
}

/** The report's own columns, in its order. */
function driverColumns<C>(headers: string[]): DataTableColumn<C[]>[] {
  return headers.map((h, i) => ({ id: `c${i}`, header: h, accessorFn: (r: C[]) => r[i] }));
}

export default function DriverSafety() {
  const d = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Driver safety</Title>
          <Text c="dimmed" size="sm">
            An incident is a trip whose top speed went over {d.speedLimit} km/h. The score starts at
            100 and loses 10 points per incident per 100 km.
          </Text>
        </div>
        <Form method="get">
          <Group gap="xs" align="flex-end">
            <NativeSelect
              label="Period"
              name="days"
              defaultValue={String(d.days)}
              data={[
                { value: "7", label: "Last 7 days" },
                { value: "14", label: "Last 14 days" },
                { value: "30", label: "Last 30 days" },
              ]}
            />
            <input type="hidden" name="speedLimit" value={d.speedLimit} />
            <Button type="submit" variant="default">
              Show
            </Button>
          </Group>
        </Form>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stat
          label="Fleet driver score"
          value={d.fleetDriverScoreCurrent}
          previous={d.fleetDriverScorePrevious}
          better="up"
        />
        <Stat
          label="Incidents"
          value={d.incidentsCurrent}
          previous={d.incidentsPrevious}
          better="down"
        />
      </SimpleGrid>
      <DataTable
        data={d.rows}
        columns={driverColumns(d.headers)}
        getRowId={(r, i) => String(r[0] ?? i)}
        testId="driver-table"
        label="Drivers"
        highlightOnHover={false}
        minWidth={700}
        empty={
          <Paper withBorder p="lg">
            <Text>No trips in this period.</Text>
          </Paper>
        }
      />
      <Anchor component={Link} to={`/dashboard/reports/driver-safety?speedLimit=${d.speedLimit}`}>
        Open the driver safety report (downloads and email schedules)
      </Anchor>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
