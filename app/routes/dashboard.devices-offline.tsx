import { requireModule } from "~/services/guard.server";
import { Anchor, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDuration } from "~/modules/fleet/device-status";
import { formatZoned } from "~/lib/zoned-time";
import { offlineDevices } from "~/modules/fleet/fleet-pages.server";
import { TableToolbar } from "~/components/data-table/toolbar";

export const meta: MetaFunction = () => [{ title: "Devices Offline · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await offlineDevices(await requireModule(request, "fleet"), request));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["rows"][number];
const col = createColumnHelper<Row>();
function offlineColumns(timeZone: string) {
  return [
    col.accessor("nickname", { header: "Device" }),
    col.accessor("silentMs", {
      header: "Silent for",
      // The silence is measured at load time; the browser's render may be a moment later.
      meta: { cellProps: () => ({ suppressHydrationWarning: true }) },
      cell: ({ getValue }) => {
        const v = getValue();
        return v === null ? "Never reported" : formatDuration(v);
      },
    }),
    col.accessor("lastContactAt", {
      header: "Last contact",
      cell: ({ getValue }) => {
        const v = getValue();
        return v ? formatZoned(v, timeZone) : "—";
      },
    }),
    col.accessor("address", {
      header: "Last address",
      cell: ({ getValue }) => getValue() ?? "—",
    }),
    col.accessor("battery", {
      header: "Battery",
      cell: ({ getValue }) => {
        const v = getValue();
        return v === null ? "—" : `${Math.round(v)} %`;
      },
    }),
    col.display({
      id: "recover",
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row: { original: r } }) => (
        <Anchor component={Link} to={`/dashboard/recover-offline-device/${r.imei}`}>
          Recover
        </Anchor>
      ),
    }),
  ];
}

export default function DevicesOffline() {
  const { rows, sync, afterHours, timeZone, q, total } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Devices offline
      </Title>
      <Text size="sm" c="dimmed">
        Devices that have not reported for more than {afterHours} hours, longest silence first.
      </Text>
      <StaleBanner sync={sync} />
      {total > 0 ? (
        <TableToolbar
          csv="/dashboard/devices-offline.csv"
          search={{ value: q, label: "Search devices", placeholder: "Name or IMEI" }}
        />
      ) : null}
      <DataTable
        data={rows}
        columns={offlineColumns(timeZone)}
        getRowId={(r) => r.imei}
        rowProps={(r) => ({ "data-imei": r.imei })}
        testId="offline-table"
        label="Devices offline"
        highlightOnHover={false}
        empty={
          total > 0 ? (
            "No offline device matches the search."
          ) : (
            <Text data-testid="offline-empty">
              Every device has reported in the last {afterHours} hours.
            </Text>
          )
        }
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
