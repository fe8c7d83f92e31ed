import { requireModule } from "~/services/guard.server";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TableToolbar } from "~/components/data-table/toolbar";
import { BEACON_STATUS_LABELS, BEACON_STATUSES } from "~/modules/beacons/beacon-list";
import { BeaconTable } from "~/modules/beacons/components/beacon-table";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { beaconsPage } from "~/modules/beacons/beacon-pages.server";

export const meta: MetaFunction = () => [{ title: "Beacons · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await beaconsPage(await requireModule(request, "beacons"), new URL(request.url)));
}

/** Every BLE beacon of the company; search, status and sort are GET parameters, so they work without JavaScript. */
export default function Beacons() {
  const { rows, total, q, status, sort, dir, sync, canConfigure } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Beacons
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/dashboard/beacon-overview-map" variant="light">
            Map
          </Button>
          {canConfigure ? (
            <Button component={Link} to="/dashboard/beacon-config" variant="light">
              Configure
            </Button>
          ) : null}
        </Group>
      </Group>
      <StaleBanner sync={sync} />
      {total === 0 ? (
        <Text data-testid="beacons-empty">
          No beacons yet. Beacons appear here once a vehicle of your fleet hears them and the
          tracking service reports them.
        </Text>
      ) : (
        <>
          <TableToolbar
            csv="/dashboard/beacons.csv"
            search={{
              value: q,
              label: "Search beacons",
              placeholder: "Name, uuid, asset or vehicle",
            }}
            filters={[
              {
                name: "status",
                label: "Status",
                value: status ?? "",
                options: [
                  { value: "", label: "Any status" },
                  ...BEACON_STATUSES.map((s) => ({ value: s, label: BEACON_STATUS_LABELS[s] })),
                ],
              },
            ]}
          />
          <Text size="sm" c="dimmed" data-testid="beacon-count">
            {q || status ? `${rows.length} of ${total} beacons match.` : `${total} beacons.`}
          </Text>
          {rows.length ? (
            <BeaconTable rows={rows} sort={sort} dir={dir} />
          ) : (
            <Text data-testid="beacons-no-match">No beacon matches your search and filters.</Text>
          )}
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
