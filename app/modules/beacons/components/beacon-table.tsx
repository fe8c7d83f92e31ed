import { Anchor, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import type { BeaconRow, BeaconSort, SortDir } from "../beacon-list";
import { Battery, BeaconStatusBadge, SeenAgo } from "./beacon-status";

const col = createColumnHelper<BeaconRow>();
// Column ids are the `?sort=` values the server understands (parseSort).
const COLUMNS = [
  col.accessor("nickname", {
    id: "name" satisfies BeaconSort,
    header: "Beacon",
    enableSorting: true,
    cell: ({ row: { original: r } }) => (
      <>
        <Anchor component={Link} to={`/dashboard/beacon/${r.uuid}`} data-testid="beacon-name">
          {r.nickname}
        </Anchor>
        {r.assetName ? (
          <Text size="xs" c="dimmed">
            on {r.assetName}
          </Text>
        ) : null}
      </>
    ),
  }),
  col.accessor("uuid", {
    header: "UUID",
    cell: ({ getValue }) => (
      <Text size="xs" ff="monospace">
        {getValue()}
      </Text>
    ),
  }),
  col.accessor("battery", {
    id: "battery" satisfies BeaconSort,
    header: "Battery",
    enableSorting: true,
    cell: ({ getValue }) => <Battery value={getValue()} />,
  }),
  col.accessor("lastSeenAt", {
    id: "lastSeen" satisfies BeaconSort,
    header: "Last seen",
    enableSorting: true,
    cell: ({ getValue }) => <SeenAgo at={getValue()} />,
  }),
  col.accessor("lastGatewayName", {
    id: "gateway" satisfies BeaconSort,
    header: "Seen near",
    enableSorting: true,
    meta: { cellProps: () => ({ "data-testid": "beacon-gateway" }) },
    cell: ({ getValue }) => getValue() ?? "—",
  }),
  col.accessor("status", {
    id: "status" satisfies BeaconSort,
    header: "Status",
    enableSorting: true,
    cell: ({ getValue }) => <BeaconStatusBadge status={getValue()} />,
  }),
];

/**
 * The beacon list. Sorting is a link per column header (the server sorts), so it works without
 * JavaScript and the address keeps the order; the search term (`?q=`) travels along.
 */
export function BeaconTable({
  rows,
  sort,
  dir,
}: {
  rows: BeaconRow[];
  sort: BeaconSort;
  dir: SortDir;
}) {
  return (
    <DataTable
      data={rows}
      columns={COLUMNS}
      getRowId={(r) => r.uuid}
      rowProps={(r) => ({ "data-uuid": r.uuid })}
      testId="beacon-table"
      label="Beacons"
      sort={{ by: sort, dir }}
      minWidth={800}
    />
  );
}
