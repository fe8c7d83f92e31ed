import { Text } from "@mantine/core";
import { useMemo } from "react";
import { DataTable, type DataTableColumn, createColumnHelper } from "~/components/data-table";
import { type Stop } from "../trip-record";
import { formatZoned } from "~/lib/zoned-time";
import { formatDuration } from "~/lib/units";

const col = createColumnHelper<Stop>();

function stopColumns(names: Record<string, string>, timeZone: string, showVehicle: boolean) {
  const columns: DataTableColumn<Stop>[] = [
    col.accessor("from", {
      header: "Arrived",
      cell: ({ getValue }) => formatZoned(getValue(), timeZone),
    }),
    col.accessor("to", {
      header: "Left",
      cell: ({ getValue }) => formatZoned(getValue(), timeZone),
    }),
    col.accessor("duration_s", {
      header: "Stopped for",
      cell: ({ getValue }) => formatDuration(getValue()),
    }),
    col.accessor("address", { header: "Where", cell: ({ getValue }) => getValue() ?? "—" }),
  ];
  if (showVehicle)
    columns.unshift(
      col.accessor("imei", {
        header: "Vehicle",
        cell: ({ getValue }) => names[getValue()] ?? getValue(),
      }),
    );
  return columns;
}

/** The stops between trips (where each vehicle waited, and for how long). */
export function StopsList({
  stops,
  names,
  timeZone,
  showVehicle,
}: {
  stops: Stop[];
  names: Record<string, string>;
  timeZone: string;
  showVehicle: boolean;
}) {
  const columns = useMemo(
    () => stopColumns(names, timeZone, showVehicle),
    [names, timeZone, showVehicle],
  );
  return (
    <DataTable
      data={stops}
      columns={columns}
      getRowId={(s) => `${s.imei}-${s.from}`}
      testId="stops-table"
      label="Stops"
      highlightOnHover={false}
      empty={
        <Text c="dimmed" size="sm">
          No stops between trips in this period.
        </Text>
      }
    />
  );
}
