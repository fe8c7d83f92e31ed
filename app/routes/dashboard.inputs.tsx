import { requireModule } from "~/services/guard.server";
import { Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { inputsTable } from "~/modules/fleet/fleet-pages.server";

export const meta: MetaFunction = () => [{ title: "Inputs · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await inputsTable(await requireModule(request, "fleet")));
}

/** The inputs each device reports (the upstream reports ignition, battery and temperature). */
export default function Inputs() {
  const { rows, sync } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Inputs
      </Title>
      <StaleBanner sync={sync} />
      {rows.length === 0 ? (
        <Text c="dimmed">No devices yet.</Text>
      ) : (
        <Table striped data-testid="inputs-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Ignition</Table.Th>
              <Table.Th>Battery</Table.Th>
              <Table.Th>Temperature</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.imei}>
                <Table.Td>{r.nickname}</Table.Td>
                <Table.Td>{r.ignition === null ? "—" : r.ignition ? "On" : "Off"}</Table.Td>
                <Table.Td>{r.battery === null ? "—" : `${Math.round(r.battery)} %`}</Table.Td>
                <Table.Td>
                  {r.temperature === null ? "—" : `${r.temperature.toFixed(1)} °C`}
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
