import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import leafletStyles from "leaflet/dist/leaflet.css";
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { DeviceSummary } from "~/modules/fleet/components/device-summary";
import { StaleBanner } from "~/components/stale-banner";
import { useDeviceLive } from "~/modules/fleet/components/use-device-live";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useSettings } from "~/components/settings/settings-context";
import { formatDistance, type Measurement } from "~/lib/units";
import { capabilities } from "~/lib/device-types";
import { dayKey, startOfDay } from "~/lib/zoned-days";
import { formatZoned } from "~/lib/zoned-time";
import { requireModule } from "~/services/guard.server";
import { syncInfo } from "~/modules/fleet/devices-sync.server";
import { requireDevice } from "~/modules/fleet/devices-read.server";
import { authOf } from "~/services/company-context.server";
import { logError } from "~/services/log.server";
import { tileConfig } from "~/services/map-tiles.server";
import { getTrips, pageWaitMs } from "~/modules/trips/trips.server";
import { companyTimeZone } from "~/services/company-time-zone.server";

const GeofenceMap = lazy(() => import("~/modules/fleet/components/map/geofence-map.client"));

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.device.nickname ?? "Vehicle"} · Vehicle dashboard · Tracksmith` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireModule(request, "fleet")).session;
  const auth = authOf(session);
  const device = await requireDevice(auth, params.imei ?? "");
  let trips: {
    id: string;
    start: string;
    end: string;
    km: number;
    from: string | null;
    to: string | null;
  }[] = [];
  let tripsError = false;
  const timeZone = await companyTimeZone(auth);
  if (capabilities(device.deviceTypeId).trips) {
    const now = Date.now();
    // Today is the company's day, not the server's.
    const dayStart = startOfDay(dayKey(now, timeZone), timeZone);
    try {
      const r = await getTrips(auth, [device.imei], dayStart, now, "trips", now, {
        waitMs: pageWaitMs(),
      });
      trips = r.trips.map((t) => ({
        id: t.id,
        start: t.start.time,
        end: t.end.time,
        km: t.distance_km,
        from: t.start.address,
        to: t.end.address,
      }));
      tripsError = r.stale;
    } catch (e) {
      if (e instanceof Response) throw e;
      logError("vehicle-dashboard", e);
      tripsError = true;
    }
  }
  return json({
    device,
    trips,
    tripsError,
    timeZone,
    sync: await syncInfo(auth.companyId),
    tiles: tileConfig(),
  });
}

type TodayTrip = ReturnType<typeof useLoaderData<typeof loader>>["trips"][number];
const col = createColumnHelper<TodayTrip>();

function todayColumns(timeZone: string, measurement: Measurement) {
  return [
    col.accessor("start", {
      header: "Start",
      cell: ({ getValue }) => formatZoned(getValue(), timeZone, "time"),
    }),
    col.accessor("end", {
      header: "End",
      cell: ({ getValue }) => formatZoned(getValue(), timeZone, "time"),
    }),
    col.accessor("from", { header: "From", cell: ({ getValue }) => getValue() ?? "—" }),
    col.accessor("to", { header: "To", cell: ({ getValue }) => getValue() ?? "—" }),
    col.accessor("km", {
      header: "Distance",
      cell: ({ getValue }) => formatDistance(getValue(), measurement),
    }),
  ];
}

export default function VehicleDashboard() {
  const data = useLoaderData<typeof loader>();
  const device = useDeviceLive(data.device);
  const { settings } = useSettings();
  const caps = capabilities(device.deviceTypeId);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {device.nickname}
        </Title>
        <Anchor component={Link} to={`/dashboard/assets/device/${device.imei}`}>
          Manage this device
        </Anchor>
      </Group>
      <StaleBanner sync={data.sync} />
      <DeviceSummary d={device} measurement={settings.measurement} timeZone={data.timeZone} />
      <ClientOnly fallback={null}>
        {() => (
          <Suspense fallback={null}>
            <GeofenceMap
              key={`${device.lat},${device.lng}`}
              device={device}
              centre={null}
              radius={null}
              tiles={data.tiles}
              height={300}
            />
          </Suspense>
        )}
      </ClientOnly>
      {caps.trips ? (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            Today's trips
          </Title>
          {data.tripsError ? (
            <Text size="sm" c="orange">
              Trips could not be refreshed; showing what is cached.
            </Text>
          ) : null}
          <DataTable
            data={data.trips}
            columns={todayColumns(data.timeZone, settings.measurement)}
            getRowId={(t) => t.id}
            testId="today-trips"
            label="Today's trips"
            highlightOnHover={false}
            minWidth={480}
            empty={
              <Text size="sm" c="dimmed">
                No trips today yet.
              </Text>
            }
          />
        </Paper>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
