import { requireModule } from "~/services/guard.server";
import { Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BeaconConfigForm } from "~/modules/beacons/components/beacon-config-form";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { beaconConfigAction, beaconConfigPage } from "~/modules/beacons/beacon-pages.server";

export const meta: MetaFunction = () => [{ title: "Beacon config · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(
    await beaconConfigPage(await requireModule(request, "beacons"), new URL(request.url)),
  );
}

/** One form per beacon: validated (zod), sent to the tracking service, then written to the cache. */
export async function action({ request }: ActionFunctionArgs) {
  const result = await beaconConfigAction(
    await requireModule(request, "beacons"),
    await request.formData(),
  );
  return json(result, { status: result.ok ? 200 : result.message ? 502 : 400 });
}

export default function BeaconConfig() {
  const { beacons, focus, sync } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // The beacon asked for (from its page) comes first.
  const ordered = focus
    ? [...beacons.filter((b) => b.uuid === focus), ...beacons.filter((b) => b.uuid !== focus)]
    : beacons;
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Beacon config
      </Title>
      <StaleBanner sync={sync} />
      {beacons.length === 0 ? (
        <Text data-testid="beacons-empty">No beacons to configure yet.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Changes are sent to the beacons through the tracking service; a beacon applies them the
            next time a vehicle hears it.
          </Text>
          {ordered.map((b) => (
            <BeaconConfigForm key={b.uuid} beacon={b} result={result} focused={b.uuid === focus} />
          ))}
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
