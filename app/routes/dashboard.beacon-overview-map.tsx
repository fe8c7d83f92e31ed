import { requireModule } from "~/services/guard.server";
import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import leafletStyles from "leaflet/dist/leaflet.css";
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { BeaconStatusBadge, SeenAgo } from "~/modules/beacons/components/beacon-status";
import { MapPlaceholder } from "~/components/map-placeholder";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BEACON_STATUS_LABELS, BEACON_STATUSES } from "~/modules/beacons/beacon-list";
import { beaconMapPage } from "~/modules/beacons/beacon-pages.server";

const BeaconMap = lazy(() => import("~/modules/beacons/components/beacon-map.client"));

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction = () => [{ title: "Beacon map · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await beaconMapPage(await requireModule(request, "beacons")));
}

const hrefOf = (uuid: string) => `/dashboard/beacon/${uuid}`;

/** Every beacon where it was last heard, clustered; the table below carries the same data without JavaScript or tiles. */
type Point = ReturnType<typeof useLoaderData<typeof loader>>["points"][number];
const col = createColumnHelper<Point>();
const COLUMNS = [
  col.accessor("nickname", {
    header: "Beacon",
    cell: ({ row: { original: p } }) => (
      <Anchor component={Link} to={hrefOf(p.uuid)}>
        {p.nickname}
      </Anchor>
    ),
  }),
  col.accessor("status", {
    header: "Status",
    cell: ({ getValue }) => <BeaconStatusBadge status={getValue()} />,
  }),
  col.display({
    id: "position",
    header: "Last position",
    cell: ({ row: { original: p } }) =>
      p.lat !== null && p.lng !== null ? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}` : "Unknown",
  }),
  col.accessor("lastGatewayName", {
    header: "Seen near",
    cell: ({ getValue }) => getValue() ?? "—",
  }),
  col.accessor("lastSeenAt", {
    header: "Last seen",
    cell: ({ getValue }) => <SeenAgo at={getValue()} />,
  }),
];

export default function BeaconOverviewMap() {
  const { points, tiles, sync } = useLoaderData<typeof loader>();
  const placed = points.filter((p) => p.lat !== null && p.lng !== null);
  const placeholder = (
    <MapPlaceholder
      height={520}
      text={`${placed.length} beacons with a last known position; the table below lists each one.`}
    />
  );
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Beacon map
      </Title>
      <StaleBanner sync={sync} />
      <Group gap="md" data-testid="beacon-map-counts">
        {BEACON_STATUSES.map((s) => (
          <Text key={s} size="sm" data-count={s}>
            {BEACON_STATUS_LABELS[s]}: <b>{points.filter((p) => p.status === s).length}</b>
          </Text>
        ))}
      </Group>
      {points.length === 0 ? (
        <Text data-testid="beacons-empty">No beacons yet.</Text>
      ) : (
        <>
          <ClientOnly fallback={placeholder}>
            {() => (
              <Suspense fallback={placeholder}>
                <BeaconMap points={points} tiles={tiles} height={520} hrefOf={hrefOf} />
              </Suspense>
            )}
          </ClientOnly>
          <DataTable
            data={points}
            columns={COLUMNS}
            getRowId={(p) => p.uuid}
            rowProps={(p) => ({ "data-uuid": p.uuid })}
            testId="beacon-map-table"
            label="Beacons on the map"
            highlightOnHover={false}
          />
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
