import { requireModule } from "~/services/guard.server";
import { Anchor, Badge, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { geofenceList } from "~/modules/fleet/fleet-pages.server";

export const meta: MetaFunction = () => [{ title: "Geofences · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await geofenceList(await requireModule(request, "fleet")));
}

export default function Geofences() {
  const { rows, sync, devicesWithout } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Geofences
      </Title>
      <StaleBanner sync={sync} />
      {rows.length === 0 ? (
        <Text data-testid="geofences-empty">
          No device has a geofence yet. Open a device from the assets list to draw one.
        </Text>
      ) : (
        <Table striped data-testid="geofence-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Centre</Table.Th>
              <Table.Th>Radius</Table.Th>
              <Table.Th>Device now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.imei} data-imei={r.imei}>
                <Table.Td>
                  <Anchor component={Link} to={`/dashboard/assets/device/${r.imei}`}>
                    {r.nickname}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {r.lat.toFixed(5)}, {r.lng.toFixed(5)}
                </Table.Td>
                <Table.Td>{r.meters.toLocaleString("en")} m</Table.Td>
                <Table.Td>
                  {r.inside === null ? (
                    "Unknown"
                  ) : (
                    <Badge color={r.inside ? "green" : "gray"}>
                      {r.inside ? "Inside" : "Outside"}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="sm" c="dimmed">
        {devicesWithout} devices without a geofence.
      </Text>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
