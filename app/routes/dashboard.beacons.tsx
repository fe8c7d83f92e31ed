import { requireModule } from "~/services/guard.server";
import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { BeaconTable } from "~/modules/beacons/components/beacon-table";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { beaconsPage } from "~/modules/beacons/beacon-pages.server";

export const meta: MetaFunction = () => [{ title: "Beacons · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await beaconsPage(await requireModule(request, "beacons"), new URL(request.url)));
}

/** Every BLE beacon of the company; search and sort are GET parameters, so they work without JavaScript. */
export default function Beacons() {
  const { rows, total, q, sort, dir, sync, canConfigure } = useLoaderData<typeof loader>();
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
          <Form method="get" role="search">
            <input type="hidden" name="sort" value={sort} />
            <input type="hidden" name="dir" value={dir} />
            <Group align="flex-end">
              <TextInput
                name="q"
                label="Search beacons"
                placeholder="Name, uuid, asset or vehicle"
                defaultValue={q}
                w={320}
              />
              <Button type="submit" variant="default">
                Search
              </Button>
              {q ? (
                <Button component={Link} to={`?sort=${sort}&dir=${dir}`} variant="subtle">
                  Clear
                </Button>
              ) : null}
            </Group>
          </Form>
          <Text size="sm" c="dimmed" data-testid="beacon-count">
            {q ? `${rows.length} of ${total} beacons match "${q}".` : `${total} beacons.`}
          </Text>
          {rows.length ? (
            <BeaconTable rows={rows} sort={sort} dir={dir} />
          ) : (
            <Text data-testid="beacons-no-match">No beacon matches your search.</Text>
          )}
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
