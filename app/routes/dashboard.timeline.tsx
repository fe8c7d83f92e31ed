import { Alert, Badge, Group, Paper, Stack, Text, TextInput, Timeline, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Anchor } from "@mantine/core";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterForm, VehicleSelect } from "~/modules/trips/components/trip-filters";
import { PurposeBadge } from "~/modules/trips/components/trip-table";
import { useMeasurement } from "~/modules/trips/components/use-measurement";
import { addDays, startOfDay } from "~/lib/zoned-days";
import { dayRange } from "~/modules/trips/trip-query";
import { vehicleChoices } from "~/modules/trips/vehicle-choices";
import { timelineOf } from "~/modules/trips/trip-record";
import { formatZoned } from "~/lib/zoned-time";
import { formatDistance, formatDuration, formatSpeed } from "~/lib/units";
import { requireModule } from "~/services/guard.server";
import { tripsContext } from "~/modules/trips/trips-route.server";
import { getTrips, requireVehicle, pageWaitMs } from "~/modules/trips/trips.server";

export const meta: MetaFunction = () => [{ title: "Timeline · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, vehicles, timeZone } = await tripsContext(await requireModule(request, "trips"));
  const params = new URL(request.url).searchParams;
  const imei = params.get("imei") || vehicles[0]?.imei || null;
  if (imei) requireVehicle(vehicles, imei);
  // One day: "day" in the query, today by default.
  const q = new URLSearchParams({ to: params.get("day") ?? "" });
  const { to: day, today } = dayRange(q, timeZone, 1, 1);
  const from = startOfDay(day, timeZone);
  const { trips, stale } = imei
    ? await getTrips(
        auth,
        [imei],
        from,
        startOfDay(addDays(day, 1), timeZone),
        "trips",
        Date.now(),
        { waitMs: pageWaitMs() },
      )
    : { trips: [], stale: false };
  return json({
    vehicles: vehicleChoices(vehicles, imei, params.get("vq")),
    imei,
    day,
    today,
    timeZone,
    items: timelineOf(trips),
    stale,
  });
}

export default function TimelinePage() {
  const d = useLoaderData<typeof loader>();
  const measurement = useMeasurement();
  const trips = d.items.filter((i) => i.kind === "trip");
  const km = trips.reduce((s, t) => s + (t.kind === "trip" ? t.distance_km : 0), 0);
  const nav = (n: number) =>
    `?${new URLSearchParams({ ...(d.imei ? { imei: d.imei } : {}), day: addDays(d.day, n) })}`;
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={1} size="h2">
          Timeline
        </Title>
        <Text c="dimmed" size="sm">
          One vehicle&apos;s day as trips and stops ({d.timeZone}). A trip that runs past midnight
          belongs to the day it started.
        </Text>
      </div>
      <FilterForm submit="Show day">
        <Group grow align="end">
          <VehicleSelect choices={d.vehicles} value={d.imei} />
          <TextInput type="date" name="day" label="Day" defaultValue={d.day} max={d.today} />
        </Group>
      </FilterForm>
      {d.stale ? (
        <Alert color="orange">The GPS service did not answer; showing trips saved earlier.</Alert>
      ) : null}
      <Group justify="space-between">
        <Anchor component={Link} to={nav(-1)}>
          ← Previous day
        </Anchor>
        <Text fw={500}>{formatZoned(startOfDay(d.day, d.timeZone), d.timeZone, "date")}</Text>
        {d.day < d.today ? (
          <Anchor component={Link} to={nav(1)}>
            Next day →
          </Anchor>
        ) : (
          <span />
        )}
      </Group>
      <Paper withBorder p="md">
        {trips.length === 0 ? (
          <Text c="dimmed">No trips on this day.</Text>
        ) : (
          <>
            <Text mb="md" size="sm">
              {trips.length} trip{trips.length === 1 ? "" : "s"}, {formatDistance(km, measurement)}
            </Text>
            <Timeline bulletSize={20} lineWidth={2} data-testid="timeline">
              {d.items.map((item) =>
                item.kind === "trip" ? (
                  <Timeline.Item
                    key={item.id}
                    title={`${formatZoned(item.start.time, d.timeZone, "time")}–${formatZoned(item.end.time, d.timeZone, "time")} · Trip`}
                    color="blue"
                  >
                    <Text size="sm">
                      {item.start.address ?? "—"} → {item.end.address ?? "—"}
                    </Text>
                    <Group gap="xs">
                      <Text size="xs" c="dimmed">
                        {formatDistance(item.distance_km, measurement)} ·{" "}
                        {formatDuration(item.duration_s)}
                        {item.max_speed !== null
                          ? ` · max ${formatSpeed(item.max_speed, measurement)}`
                          : ""}
                        {item.driver ? ` · ${item.driver}` : ""}
                      </Text>
                      <PurposeBadge purpose={item.purpose} />
                    </Group>
                  </Timeline.Item>
                ) : (
                  <Timeline.Item
                    key={`stop-${item.from}`}
                    title={`${formatZoned(item.from, d.timeZone, "time")}–${formatZoned(item.to, d.timeZone, "time")} · Stopped ${formatDuration(item.duration_s)}`}
                    color="gray"
                    lineVariant="dashed"
                  >
                    <Text size="sm" c="dimmed">
                      {item.address ?? "—"}
                    </Text>
                    <Badge size="xs" variant="outline" color="gray">
                      Stop
                    </Badge>
                  </Timeline.Item>
                ),
              )}
            </Timeline>
          </>
        )}
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
