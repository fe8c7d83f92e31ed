/** The logbook's header parts: the filter form (a GET form) and the distance summary with exports. */
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Text } from "@mantine/core";
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

export function LogbookSummaryView({ s, exportQuery }: { s: LogbookSummary; exportQuery: string }) {
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
      {s.issues.length ? (
        <Alert color="yellow" title="Odometer readings to check">
          {s.issues.length} reading{s.issues.length === 1 ? "" : "s"} went down (
          {s.issues.some((i) => i.kind === "rollover") ? "a meter rollover or " : ""}a bad reading).
          Those drops are left out of the totals.
        </Alert>
      ) : null}
    </>
  );
}
