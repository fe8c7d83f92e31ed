import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { Suspense, lazy } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useSettings } from "~/components/settings/settings-context";
import { formatSpeed } from "~/lib/units";
import { formatZoned } from "~/lib/zoned-time";
import { FootagePanel, ReviewPanel } from "~/modules/dashcam/components/event-panels";
import { SpeedTrace } from "~/modules/dashcam/components/speed-trace";
import { eventPage, requestFootage, reviewOne } from "~/modules/dashcam/dashcam.server";
import { SEVERITY_LABEL } from "~/modules/dashcam/types";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";

const EventMap = lazy(() => import("~/modules/dashcam/components/event-map.client"));

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

export const meta: MetaFunction = () => [{ title: "Dashcam event · Tracksmith" }];

/** SPEC §2.3 dashcam-events/{id}: one event's clip, snapshots, speed, place, driver and review. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "dashcam");
  return json(await eventPage(ctx, params.id ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "dashcam");
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const id = params.id ?? "";
  return switchIntent(await request.formData(), {
    review: (f) => reviewOne(ctx, id, f, back),
    footage: (f) => requestFootage(ctx, f, back),
  });
}

function MapPlaceholder({ lat, lng }: { lat: number; lng: number }) {
  return (
    <Text size="sm" c="dimmed" p="md" style={{ background: "#f1f3f5", borderRadius: 8 }}>
      Position {lat.toFixed(5)}, {lng.toFixed(5)} (the map loads in the browser).
    </Text>
  );
}

export default function DashcamEvent() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const r = result && "errors" in result ? result : undefined;
  const { measurement } = useSettings().settings;
  const e = d.event;
  const when = formatZoned(e.time, d.timeZone, "full");
  const speed =
    formatSpeed(e.speed, measurement) +
    (e.speed_limit !== null ? ` in a ${formatSpeed(e.speed_limit, measurement)} zone` : "");
  return (
    <Stack gap="lg" maw={1300}>
      <div>
        <Anchor component={Link} to="/dashboard/dashcam-events" size="sm">
          All dashcam events
        </Anchor>
        <Title order={1}>
          {e.label}: {e.vehicle}
        </Title>
        <Text c="dimmed" size="sm">
          {when} ({d.timeZone}) · {SEVERITY_LABEL[e.severity]} severity · {speed}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <video
            controls
            preload="metadata"
            src={e.clip}
            poster={e.snapshots[0]}
            data-testid="event-video"
            style={{ width: "100%", background: "#000", borderRadius: 8 }}
          >
            <track kind="captions" />
            <a href={e.clip}>Download the clip</a>
          </video>
          <Group gap="xs" data-testid="snapshots">
            {e.snapshots.map((s, i) => (
              <a key={s} href={s} target="_blank" rel="noreferrer">
                <img
                  src={s}
                  alt={`Snapshot ${i + 1} of ${e.snapshots.length} of the event`}
                  width={160}
                  height={90}
                  style={{ borderRadius: 4, display: "block" }}
                />
              </a>
            ))}
          </Group>
        </Stack>
        <Stack gap="sm">
          <Card withBorder>
            <Title order={2} size="h3">
              Speed
            </Title>
            <SpeedTrace trace={e.trace} measurement={measurement} />
          </Card>
          <Card withBorder>
            <Title order={2} size="h3">
              Driver
            </Title>
            <Text data-testid="event-driver">{e.driver ?? "Unidentified driver"}</Text>
          </Card>
        </Stack>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={2} size="h3">
            Where
          </Title>
          <ClientOnly fallback={<MapPlaceholder lat={e.lat} lng={e.lng} />}>
            {() => (
              <Suspense fallback={<MapPlaceholder lat={e.lat} lng={e.lng} />}>
                <EventMap
                  lat={e.lat}
                  lng={e.lng}
                  tiles={d.tiles}
                  event={{ label: e.label, when, vehicle: e.vehicle, driver: e.driver, speed }}
                />
              </Suspense>
            )}
          </ClientOnly>
        </Stack>
        <ReviewPanel review={d.review} manager={d.manager} timeZone={d.timeZone} result={r} />
      </SimpleGrid>
      <FootagePanel
        cameras={d.cameras}
        defaults={d.footageDefault}
        requests={d.requests}
        timeZone={d.timeZone}
        result={r}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
