import { requireModule } from "~/services/guard.server";
import { Anchor, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDuration } from "~/modules/fleet/device-status";
import { formatZoned } from "~/lib/zoned-time";
import { offlineDevices } from "~/modules/fleet/fleet-pages.server";

export const meta: MetaFunction = () => [{ title: "Devices Offline · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await offlineDevices(await requireModule(request, "fleet")));
}

export default function DevicesOffline() {
  const { rows, sync, afterHours, timeZone } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Devices offline
      </Title>
      <Text size="sm" c="dimmed">
        Devices that have not reported for more than {afterHours} hours, longest silence first.
      </Text>
      <StaleBanner sync={sync} />
      {rows.length === 0 ? (
        <Text data-testid="offline-empty">
          Every device has reported in the last {afterHours} hours.
        </Text>
      ) : (
        <Table striped data-testid="offline-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Silent for</Table.Th>
              <Table.Th>Last contact</Table.Th>
              <Table.Th>Battery</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.imei} data-imei={r.imei}>
                <Table.Td>{r.nickname}</Table.Td>
                <Table.Td suppressHydrationWarning>
                  {r.silentMs === null ? "Never reported" : formatDuration(r.silentMs)}
                </Table.Td>
                <Table.Td>
                  {r.lastContactAt ? formatZoned(r.lastContactAt, timeZone) : "—"}
                </Table.Td>
                <Table.Td>{r.battery === null ? "—" : `${Math.round(r.battery)} %`}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/dashboard/recover-offline-device/${r.imei}`}>
                    Recover
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
