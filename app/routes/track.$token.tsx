import { Alert, Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LocalTime } from "~/components/local-time";
import { ProofOfDelivery } from "~/modules/operations/deliveries/components/pod-view";
import { DeliveryStatusBadge } from "~/modules/operations/deliveries/components/status-badge";
import { trackingPage } from "~/modules/operations/deliveries/tracking-links.server";
import { tileConfig } from "~/services/map-tiles.server";
import { PUBLIC_TOKEN_HEADERS, publicTokenHeaders } from "~/services/public-page-headers";

const DeliveryMap = lazy(
  () => import("~/modules/operations/deliveries/components/delivery-map.client"),
);

export const headers = publicTokenHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction = () => [
  { title: "Your delivery · Tracksmith" },
  { name: "robots", content: "noindex" },
];

/** A recipient's tracking page: no login; unknown, expired and revoked links are all 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  const page = await trackingPage(params.token ?? "");
  return json({ ...page, tiles: tileConfig() }, { headers: PUBLIC_TOKEN_HEADERS });
}

export default function Track() {
  const d = useLoaderData<typeof loader>();
  const { revalidate, state } = useRevalidator();
  const finished = d.status === "delivered" || d.status === "failed";
  useEffect(() => {
    if (finished) return;
    const t = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    }, 20_000);
    return () => clearInterval(t);
  }, [revalidate, state, finished]);
  const dropoff = useMemo(() => ({ ...d.dropoff, label: d.dropoff.address }), [d.dropoff]);
  const vehicle = useMemo(
    () => (d.vehicle ? { lat: d.vehicle.lat, lng: d.vehicle.lng, label: "Your driver" } : null),
    [d.vehicle],
  );
  return (
    <Container size="sm" py="md" component="main">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2" data-testid="track-headline">
            {d.headline}
          </Title>
          <Text size="sm">
            {d.reference} for {d.customer} · <DeliveryStatusBadge status={d.status} />
          </Text>
        </div>
        <Paper withBorder p="md">
          <Stack gap={6}>
            <Text size="sm">
              <strong>To:</strong> {d.dropoff.address}
            </Text>
            {!finished ? (
              <Text size="sm" data-testid="track-eta">
                {d.eta ? (
                  <>
                    <strong>Arriving about</strong> <LocalTime at={d.eta.at} /> (in {d.eta.minutes}{" "}
                    min)
                  </>
                ) : (
                  <>
                    <strong>Expected between</strong> <LocalTime at={d.window.start} /> and{" "}
                    <LocalTime at={d.window.end} />
                  </>
                )}
              </Text>
            ) : null}
            {d.failedReason ? <Alert color="red">{d.failedReason}</Alert> : null}
            <Text size="xs" c="dimmed">
              Updated <LocalTime at={d.updatedAt} />. The driver&apos;s position is shown only on
              the way to you.
            </Text>
          </Stack>
        </Paper>
        {d.showMap ? (
          <ClientOnly fallback={null}>
            {() => (
              <Suspense fallback={null}>
                <DeliveryMap dropoff={dropoff} vehicle={vehicle} tiles={d.tiles} height={300} />
              </Suspense>
            )}
          </ClientOnly>
        ) : null}
        {d.pod ? <ProofOfDelivery pod={d.pod} time={<LocalTime at={d.pod.at} />} /> : null}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
