import { requireModule } from "~/services/guard.server";
import { Anchor, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { BeaconStatusBadge, SeenAgo } from "~/modules/beacons/components/beacon-status";
import { MapPlaceholder } from "~/modules/beacons/components/map-placeholder";
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
          <Table striped data-testid="beacon-map-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Beacon</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Last position</Table.Th>
                <Table.Th>Seen near</Table.Th>
                <Table.Th>Last seen</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {points.map((p) => (
                <Table.Tr key={p.uuid} data-uuid={p.uuid}>
                  <Table.Td>
                    <Anchor component={Link} to={hrefOf(p.uuid)}>
                      {p.nickname}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <BeaconStatusBadge status={p.status} />
                  </Table.Td>
                  <Table.Td>
                    {p.lat !== null && p.lng !== null
                      ? `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`
                      : "Unknown"}
                  </Table.Td>
                  <Table.Td>{p.lastGatewayName ?? "—"}</Table.Td>
                  <Table.Td>
                    <SeenAgo at={p.lastSeenAt} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
