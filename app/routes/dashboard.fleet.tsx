import { requireModule } from "~/services/guard.server";
import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StaleBanner } from "~/components/stale-banner";
import { StatusBadge } from "~/modules/fleet/components/status-badge";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDuration } from "~/modules/fleet/device-status";
import { DeviceIcon } from "~/modules/fleet/components/device-icon";
import { fleetTable } from "~/modules/fleet/fleet-pages.server";

export const meta: MetaFunction = () => [{ title: "Fleet · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await fleetTable(await requireModule(request, "fleet")));
}

/** Every vehicle with its status and last contact, sorted by nickname (SPEC §3). */
export default function Fleet() {
  const { rows, sync } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Fleet
      </Title>
      <StaleBanner sync={sync} />
      {rows.length === 0 ? (
        <Text c="dimmed">
          No vehicles yet. Devices appear here once the tracking service reports them.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped highlightOnHover data-testid="fleet-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vehicle</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Speed</Table.Th>
                <Table.Th>Driver</Table.Th>
                <Table.Th>Last contact</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.imei} data-imei={r.imei}>
                  <Table.Td>
                    <Anchor component={Link} to={`/dashboard/vehicle-dashboard/${r.imei}`}>
                      <DeviceIcon avatar={r.avatar} /> {r.nickname}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} outdated={r.outdated} />
                  </Table.Td>
                  <Table.Td>{r.speed === null ? "—" : `${Math.round(r.speed)} km/h`}</Table.Td>
                  <Table.Td>{r.permdriver ?? "—"}</Table.Td>
                  <Table.Td suppressHydrationWarning>
                    {r.silentMs === null ? "Never" : `${formatDuration(r.silentMs)} ago`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
