import { requireModule } from "~/services/guard.server";
import { Anchor, Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { StaleBanner } from "~/components/stale-banner";
import { StatusBadge } from "~/modules/fleet/components/status-badge";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDuration, STATUSES, STATUS_LABELS } from "~/modules/fleet/device-status";
import { TableToolbar } from "~/components/data-table/toolbar";
import { formatSpeed, type Measurement } from "~/lib/units";
import { useMemo } from "react";
import { DeviceIcon } from "~/modules/fleet/components/device-icon";
import { fleetTable } from "~/modules/fleet/fleet-pages.server";
import { NewInstallsPanel } from "~/modules/fleet/components/new-installs-panel";
import { installsAwaitingCheck } from "~/modules/operations/index.server";

export const meta: MetaFunction = () => [{ title: "Fleet · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "fleet");
  const [table, newInstalls] = await Promise.all([
    fleetTable(ctx, request),
    installsAwaitingCheck(ctx),
  ]);
  return json({ ...table, newInstalls });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["rows"][number];
const col = createColumnHelper<Row>();
const columns = (measurement: Measurement) => [
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
    meta: { align: "right", nowrap: true },
    cell: ({ getValue }) => {
      const v = getValue();
      return v === null ? "—" : formatSpeed(v, measurement);
    },
  }),
  col.accessor("permdriver", {
    id: "driver",
    header: "Driver",
    enableSorting: true,
    cell: ({ getValue }) => getValue() ?? "—",
  }),
  col.accessor("address", {
    header: "Address",
    cell: ({ getValue }) => getValue() ?? "—",
  }),
  col.accessor("silentMs", {
    id: "lastContact",
    header: "Last contact",
    enableSorting: true,
    // The age is computed at load time, so the browser's render can differ from the server's.
    meta: { nowrap: true, cellProps: () => ({ suppressHydrationWarning: true }) },
    cell: ({ getValue }) => {
      const v = getValue();
      return v === null ? "Never" : `${formatDuration(v)} ago`;
    },
  }),
];

const all = (label: string, list: [number, string][]) => [
  { value: "", label },
  ...list.map(([id, name]) => ({ value: String(id), label: name })),
];

/** Every vehicle with its status and last contact, sorted by nickname unless asked otherwise (SPEC §3). */
export default function Fleet() {
  const data = useLoaderData<typeof loader>();
  const { rows, sync, sort, paging, filters, groups, tags, measurement } = data;
  const cols = useMemo(() => columns(measurement), [measurement]);
  const filtered = filters.q !== "" || filters.group !== null || filters.tag !== null;
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Fleet
      </Title>
      <StaleBanner sync={sync} />
      <NewInstallsPanel rows={data.newInstalls} timeZone={data.timeZone} />
      <TableToolbar
        testId="fleet-toolbar"
        csv="/dashboard/fleet.csv"
        search={{ value: filters.q, label: "Search vehicles", placeholder: "Name or IMEI" }}
        filters={[
          {
            name: "status",
            label: "Status",
            value: filters.status ?? "",
            options: [
              { value: "", label: "Any status" },
              ...STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
            ],
          },
          ...(groups.length
            ? [
                {
                  name: "group",
                  label: "Group",
                  value: String(filters.group ?? ""),
                  options: all("All groups", groups),
                },
              ]
            : []),
          ...(tags.length
            ? [
                {
                  name: "tag",
                  label: "Tag",
                  value: String(filters.tag ?? ""),
                  options: all("All tags", tags),
                },
              ]
            : []),
        ]}
      />
      <DataTable
        data={rows}
        columns={cols}
        getRowId={(r) => r.imei}
        rowProps={(r) => ({ "data-imei": r.imei })}
        testId="fleet-table"
        label="Vehicles"
        sort={sort}
        paging={paging ?? undefined}
        minWidth={860}
        empty={
          filtered || filters.status
            ? "No vehicle matches. Clear the filters or search for another name."
            : "No vehicles yet. Devices appear here once the tracking service reports them."
        }
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
