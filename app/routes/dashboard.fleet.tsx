import { requireModule } from "~/services/guard.server";
import { Anchor, Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { StaleBanner } from "~/components/stale-banner";
import { StatusBadge } from "~/modules/fleet/components/status-badge";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDuration } from "~/modules/fleet/device-status";
import { DeviceIcon } from "~/modules/fleet/components/device-icon";
import { fleetTable } from "~/modules/fleet/fleet-pages.server";

export const meta: MetaFunction = () => [{ title: "Fleet · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await fleetTable(await requireModule(request, "fleet"), new URL(request.url)));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();
const COLUMNS = [
  col.accessor("nickname", {
    id: "vehicle",
    header: "Vehicle",
    enableSorting: true,
    cell: ({ row: { original: r } }) => (
      <Anchor component={Link} to={`/dashboard/vehicle-dashboard/${r.imei}`}>
        <DeviceIcon avatar={r.avatar} /> {r.nickname}
      </Anchor>
    ),
  }),
  col.accessor("status", {
    header: "Status",
    enableSorting: true,
    cell: ({ row: { original: r } }) => <StatusBadge status={r.status} outdated={r.outdated} />,
  }),
  col.accessor("speed", {
    header: "Speed",
    enableSorting: true,
    cell: ({ getValue }) => {
      const v = getValue();
      return v === null ? "—" : `${Math.round(v)} km/h`;
    },
  }),
  col.accessor("permdriver", {
    id: "driver",
    header: "Driver",
    enableSorting: true,
    cell: ({ getValue }) => getValue() ?? "—",
  }),
  col.accessor("silentMs", {
    id: "lastContact",
    header: "Last contact",
    enableSorting: true,
    // The age is computed at load time, so the browser's render can differ from the server's.
    meta: { cellProps: () => ({ suppressHydrationWarning: true }) },
    cell: ({ getValue }) => {
      const v = getValue();
      return v === null ? "Never" : `${formatDuration(v)} ago`;
    },
  }),
];

/** Every vehicle with its status and last contact, sorted by nickname unless asked otherwise (SPEC §3). */
export default function Fleet() {
  const { rows, sync, sort, paging } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Fleet
      </Title>
      <StaleBanner sync={sync} />
      <DataTable
        data={rows}
        columns={COLUMNS}
        getRowId={(r) => r.imei}
        rowProps={(r) => ({ "data-imei": r.imei })}
        testId="fleet-table"
        label="Vehicles"
        sort={sort}
        paging={paging}
        minWidth={700}
        empty="No vehicles yet. Devices appear here once the tracking service reports them."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
