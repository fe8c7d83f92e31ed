/** The logbook's header parts: the filter form (a GET form) and the distance summary with exports. */
import { Alert, Button, Group, List, NativeSelect, Paper, SimpleGrid, Text } from "@mantine/core";
import { formatZoned } from "~/lib/zoned-time";
import { formatDistance, formatOdometer } from "~/lib/units";
import type { LogbookSummary } from "../logbook-summary";
import type { VehicleChoices } from "../vehicle-choices";
import { DateRangeInputs, FilterForm, VehicleSelect } from "./trip-filters";
import { useMeasurement } from "./use-measurement";

type FilterData = {
  vehicles: VehicleChoices;
  imei: string | null;
  range: { from: string; to: string; today: string };
  purpose: string;
  driver: string | null;
  drivers: string[];
};

export function LogbookFilters({ d }: { d: FilterData }) {
  return (
    <FilterForm submit="Show logbook">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <VehicleSelect choices={d.vehicles} value={d.imei} />
        <DateRangeInputs from={d.range.from} to={d.range.to} max={d.range.today} />
        <NativeSelect
          name="purpose"
          label="Purpose"
          defaultValue={d.purpose}
          data={[
            { value: "all", label: "All purposes" },
            { value: "business", label: "Business" },
            { value: "private", label: "Private" },
          ]}
        />
        <NativeSelect
          name="driver"
          label="Driver"
          defaultValue={d.driver ?? ""}
          data={[
            { value: "", label: "All drivers" },
            ...d.drivers.map((x) => ({ value: x, label: x })),
          ]}
        />
      </SimpleGrid>
    </FilterForm>
  );
}

function Stat({
  label,
  value,
  testId,
  raw,
}: {
  label: string;
  value: string;
  testId: string;
  raw: number;
}) {
  return (
    <Paper withBorder p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId} data-value={raw}>
        {value}
      </Text>
    </Paper>
  );
}

export function LogbookSummaryView({
  s,
  exportQuery,
  timeZone,
}: {
  s: LogbookSummary;
  exportQuery: string;
  timeZone: string;
}) {
  const m = useMeasurement();
  const odo = (km: number) => formatOdometer(km, m, 1);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat
          label="Business distance"
          value={formatDistance(s.businessKmsTravelled, m)}
          testId="summary-business"
          raw={s.businessKmsTravelled}
        />
        <Stat
          label="Total distance"
          value={formatDistance(s.totalKmsTravelled, m)}
          testId="summary-total"
          raw={s.totalKmsTravelled}
        />
        <Stat
          label="Business use"
          value={`${s.businessPercent.toFixed(1)}%`}
          testId="summary-percent"
          raw={s.businessPercent}
        />
      </SimpleGrid>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {s.trips} trip{s.trips === 1 ? "" : "s"} · odometer{" "}
          {s.startOdometer === null ? "—" : odo(s.startOdometer)} to{" "}
          {s.endOdometer === null ? "—" : odo(s.endOdometer)}
        </Text>
        <Group gap="xs">
          <Button
            component="a"
            href={`/dashboard/logbook/export/csv${exportQuery}`}
            variant="light"
            size="xs"
            download
          >
            Export CSV
          </Button>
          <Button
            component="a"
            href={`/dashboard/logbook/export/pdf${exportQuery}`}
            variant="light"
            size="xs"
            download
          >
            Export PDF
          </Button>
        </Group>
      </Group>
      {s.leftOut.length ? (
        <Alert color="yellow" title="Trips left out of the totals" data-testid="summary-left-out">
          <Text size="sm">
            {s.leftOut.length === 1 ? "This trip's" : "These trips'"} odometer readings do not fit
            the vehicle's other readings, so the totals above leave{" "}
            {s.leftOut.length === 1 ? "it" : "them"} out. Correct or delete{" "}
            {s.leftOut.length === 1 ? "it" : "them"} to count{" "}
            {s.leftOut.length === 1 ? "it" : "them"} again.
          </Text>
          <List size="sm" mt="xs">
            {s.leftOut.map((t) => (
              <List.Item key={t.id}>
                {formatZoned(Date.parse(t.logstart), timeZone, "datetime")}: {odo(t.startOdometer)}{" "}
                to {odo(t.endOdometer)}
                {t.reason === "within" ? " (the end reading is below the start)" : ""}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </>
  );
}
