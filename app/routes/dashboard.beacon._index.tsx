import { requireModule } from "~/services/guard.server";
import { Button, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BEACON_STATUS_LABELS } from "~/modules/beacons/beacon-list";
import { beaconPicker } from "~/modules/beacons/beacon-pages.server";

export const meta: MetaFunction = () => [{ title: "Beacon · Tracksmith" }];

/** /dashboard/beacon: choose a beacon (a GET form, so it works without JavaScript); `?uuid=` redirects to it. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await beaconPicker(await requireModule(request, "beacons"), new URL(request.url)));
}

export default function BeaconPicker() {
  const { beacons, sync, invalid } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm" maw={560}>
      <Title order={1} size="h2">
        Beacon
      </Title>
      <StaleBanner sync={sync} />
      {beacons.length === 0 ? (
        <Text data-testid="beacons-empty">
          No beacons yet. Beacons appear once the tracking service reports them.
        </Text>
      ) : (
        <Form method="get">
          <Group align="flex-end">
            <NativeSelect
              name="uuid"
              label="Open a beacon"
              data={beacons.map((b) => ({
                value: b.uuid,
                label: `${b.nickname} (${BEACON_STATUS_LABELS[b.status]})`,
              }))}
              error={invalid ? "Choose a beacon from the list." : undefined}
              w={360}
            />
            <Button type="submit">Open</Button>
          </Group>
        </Form>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
