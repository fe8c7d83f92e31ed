import { Anchor, Badge, Checkbox, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { DataTable, type DataTableColumn, createColumnHelper } from "~/components/data-table";
import { type TripRecord } from "../trip-record";
import { formatZoned } from "~/lib/zoned-time";
import { formatDistance, formatDuration, formatSpeed, type Measurement } from "~/lib/units";

export function PurposeBadge({ purpose }: { purpose: string }) {
  return (
    <Badge
      variant="light"
      color={purpose === "business" ? "blue" : "gray"}
      size="sm"
      style={{ flex: "none" }}
    >
      {purpose === "business" ? "Business" : "Private"}
    </Badge>
  );
}

const col = createColumnHelper<TripRecord>();
const nowrap = { nowrap: true } as const;

type TripColumnsOptions = {
  names: Record<string, string>;
  timeZone: string;
  measurement: Measurement;
  replay: string[];
  replayHref: (id: string) => string;
  showVehicle: boolean;
};

function tripColumns(o: TripColumnsOptions) {
  const speed = (v: number | null) => (v === null ? "—" : formatSpeed(v, o.measurement));
  const address = (v: string | null) => (
    <Text size="sm" lineClamp={2}>
      {v ?? "—"}
    </Text>
  );
  const columns: DataTableColumn<TripRecord>[] = [
    col.display({
      id: "replay",
      header: "Replay",
      cell: ({ row: { original: t } }) => (
        <Group gap={6} wrap="nowrap">
          <Checkbox
            name="replay"
            value={t.id}
            defaultChecked={o.replay.includes(t.id)}
            aria-label={`Replay the trip at ${formatZoned(t.start.time, o.timeZone)}`}
            size="xs"
          />
          <Anchor
            component={Link}
            to={o.replayHref(t.id)}
            size="xs"
            preventScrollReset
            style={{ whiteSpace: "nowrap" }}
          >
            Only this
          </Anchor>
        </Group>
      ),
    }),
    col.accessor((t) => t.start.time, {
      id: "start",
      header: "Start",
      meta: nowrap,
      cell: ({ getValue }) => formatZoned(getValue(), o.timeZone),
    }),
    col.accessor((t) => t.end.time, {
      id: "end",
      header: "End",
      meta: nowrap,
      cell: ({ getValue }) => formatZoned(getValue(), o.timeZone),
    }),
    col.accessor((t) => t.start.address, {
      id: "from",
      header: "From",
      cell: ({ getValue }) => address(getValue()),
    }),
    col.accessor((t) => t.end.address, {
      id: "to",
      header: "To",
      cell: ({ getValue }) => address(getValue()),
    }),
    col.accessor("duration_s", {
      header: "Duration",
      meta: nowrap,
      cell: ({ getValue }) => formatDuration(getValue()),
    }),
    col.accessor("distance_km", {
      header: "Distance",
      meta: { nowrap: true, cellProps: () => ({ "data-testid": "trip-distance" }) },
      cell: ({ getValue }) => formatDistance(getValue(), o.measurement),
    }),
    col.accessor("max_speed", {
      header: "Max speed",
      meta: { nowrap: true, cellProps: () => ({ "data-testid": "trip-max-speed" }) },
      cell: ({ getValue }) => speed(getValue()),
    }),
    col.accessor("avg_speed", {
      header: "Avg speed",
      meta: nowrap,
      cell: ({ getValue }) => speed(getValue()),
    }),
    col.accessor("driver", { header: "Driver", cell: ({ getValue }) => getValue() ?? "—" }),
    col.accessor("purpose", {
      header: "Purpose",
      meta: nowrap,
      cell: ({ getValue }) => <PurposeBadge purpose={getValue()} />,
    }),
  ];
  if (o.showVehicle)
    columns.splice(
      1,
      0,
      col.accessor("imei", {
        id: "vehicle",
        header: "Vehicle",
        cell: ({ getValue }) => o.names[getValue()] ?? getValue(),
      }),
    );
  return columns;
}

/** The trips list; each row can be picked for the replay (checkbox in the surrounding GET form, or its own link). */
export function TripTable({ trips, ...options }: { trips: TripRecord[] } & TripColumnsOptions) {
  return (
    <DataTable
      data={trips}
      columns={tripColumns(options)}
      getRowId={(t) => t.id}
      rowProps={(t) => ({ "data-trip-id": t.id })}
      testId="trip-table"
      label="Trips"
      minWidth={1000}
    />
  );
}
