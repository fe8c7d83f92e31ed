import { requireModule } from "~/services/guard.server";
import { Anchor, Badge, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { geofenceList } from "~/modules/fleet/fleet-pages.server";
import { TableToolbar } from "~/components/data-table/toolbar";
import { useSettings } from "~/components/settings/settings-context";
import { placeText } from "~/modules/fleet/device-text";
import { formatLength, type Measurement } from "~/lib/units";
import { useMemo } from "react";

export const meta: MetaFunction = () => [{ title: "Geofences · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await geofenceList(await requireModule(request, "fleet"), request));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["rows"][number];
const col = createColumnHelper<Row>();
const columns = (measurement: Measurement) => [
  col.accessor("nickname", {
    header: "Device",
    cell: ({ row: { original: r } }) => (
      <Anchor component={Link} to={`/dashboard/assets/device/${r.imei}`}>
        {r.nickname}
      </Anchor>
    ),
  }),
  col.display({
    id: "centre",
    header: "Centre",
    cell: ({ row: { original: r } }) => placeText(r.address, r.lat, r.lng),
  }),
  col.accessor("meters", {
    header: "Radius",
    cell: ({ getValue }) => formatLength(getValue(), measurement),
  }),
  col.accessor("inside", {
    header: "Device now",
    cell: ({ getValue }) => {
      const inside = getValue();
      return inside === null ? (
        "Unknown"
      ) : (
        <Badge color={inside ? "green" : "gray"}>{inside ? "Inside" : "Outside"}</Badge>
      );
    },
  }),
];

export default function Geofences() {
  const { rows, sync, devicesWithout, q, state, total } = useLoaderData<typeof loader>();
  const { measurement } = useSettings().settings;
  const COLUMNS = useMemo(() => columns(measurement), [measurement]);
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Geofences
      </Title>
      <StaleBanner sync={sync} />
      {total > 0 ? (
        <TableToolbar
          csv="/dashboard/geofences.csv"
          search={{ value: q, label: "Search devices", placeholder: "Name or IMEI" }}
          filters={[
            {
              name: "state",
              label: "Device now",
              value: state ?? "",
              options: [
                { value: "", label: "Inside or outside" },
                { value: "inside", label: "Inside" },
                { value: "outside", label: "Outside" },
                { value: "unknown", label: "Unknown" },
              ],
            },
          ]}
        />
      ) : null}
      <DataTable
        data={rows}
        columns={COLUMNS}
        getRowId={(r) => r.imei}
        rowProps={(r) => ({ "data-imei": r.imei })}
        testId="geofence-table"
        label="Geofences"
        highlightOnHover={false}
        empty={
          total > 0 ? (
            "No geofence matches. Clear the filters or search for another name."
          ) : (
            <Text data-testid="geofences-empty">
              No device has a geofence yet. Open a device from the assets list to draw one.
            </Text>
          )
        }
      />
      <Text size="sm" c="dimmed">
        {devicesWithout} devices without a geofence.
      </Text>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
