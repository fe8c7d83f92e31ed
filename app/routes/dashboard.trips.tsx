import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import leafletStyles from "leaflet/dist/leaflet.css";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { IconDownload } from "@tabler/icons-react";
import { Pager } from "~/modules/trips/components/pager";
import { StopsList } from "~/modules/trips/components/stops-list";
import {
  DateRangeInputs,
  FilterForm,
  VehicleChecklist,
} from "~/modules/trips/components/trip-filters";
import { TripReplay } from "~/modules/trips/components/trip-replay";
import { TripTable } from "~/modules/trips/components/trip-table";
import { useMeasurement } from "~/modules/trips/components/use-measurement";
import { pageOf, withParams } from "~/modules/trips/trip-query";
import { stopsBetween } from "~/modules/trips/trip-record";
import { formatDistance } from "~/lib/units";
import { requireModule } from "~/services/guard.server";
import { tripsList } from "~/modules/trips/trips-list.server";
import { fileHref } from "~/components/data-table/links";
import { MAX_TRIPS_DAYS } from "~/modules/trips/trips.server";
import { CompanyDay } from "~/components/company-time";

export const meta: MetaFunction = () => [{ title: "Trips · Tracksmith" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

const PAGE_SIZE = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const list = await tripsList(await requireModule(request, "trips"), request);
  const { trips, stale, partial, params, vehicles, selected, range, timeZone, tooMany } = list;
  const replay = params.getAll("replay").filter((id) => trips.some((t) => t.id === id));
  const shown = pageOf(trips, params, PAGE_SIZE);
  return json({
    vehicles: vehicles.map(({ imei, nickname }) => ({ imei, nickname })),
    selected,
    tooMany,
    range,
    timeZone,
    trips: shown.items,
    page: shown.page,
    pages: shown.pages,
    total: shown.total,
    totalKm: trips.reduce((sum, t) => sum + t.distance_km, 0),
    stops: stopsBetween(shown.items),
    stale,
    partial,
    // The replay may mix pages: send the chosen trips themselves.
    replayTrips: trips
      .filter((t) => replay.includes(t.id))
      .map((t) => ({ id: t.id, imei: t.imei })),
    replay,
  });
}

export default function TripsPage() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const measurement = useMeasurement();
  const busy = useNavigation().state === "loading";
  const names = Object.fromEntries(data.vehicles.map((v) => [v.imei, v.nickname]));
  const showVehicle = data.selected.length > 1;
  const total = data.totalKm;
  const picks = data.replayTrips.map((t) => ({
    id: t.id,
    imei: t.imei,
    label: `${names[t.imei] ?? t.imei}`,
  }));

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Trips
        </Title>
        <Text c="dimmed" size="sm">
          Where each vehicle went: trips with their route, speed and the stops between them. Times
          are in the company&apos;s time zone ({data.timeZone}).
        </Text>
      </div>

      <FilterForm submit="Show trips">
        {data.vehicles.length ? (
          <VehicleChecklist vehicles={data.vehicles} selected={data.selected} />
        ) : (
          <Text c="dimmed">No vehicles that record trips.</Text>
        )}
        <Group grow align="end">
          <DateRangeInputs from={data.range.from} to={data.range.to} max={data.range.today} />
        </Group>
      </FilterForm>

      {data.tooMany ? (
        <Alert color="yellow">Showing the first {data.selected.length} vehicles you picked.</Alert>
      ) : null}
      {data.range.clamped ? (
        <Alert color="yellow">
          A period is at most {MAX_TRIPS_DAYS} days: showing the last {MAX_TRIPS_DAYS} days up to{" "}
          <CompanyDay day={data.range.to} />.
        </Alert>
      ) : null}
      {data.partial ? (
        <Alert
          color="orange"
          title="Part of this period is still missing"
          data-testid="trips-partial"
        >
          The GPS service did not send every trip of this period in time: these are the trips so
          far, without a total. Reload in a minute for the whole period.
        </Alert>
      ) : data.stale ? (
        <Alert color="orange" title="Showing saved trips">
          The GPS service did not answer, so these are the trips saved earlier; newer trips may be
          missing.
        </Alert>
      ) : null}

      {picks.length ? (
        <Paper withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Replay
            </Title>
            <Anchor component={Link} to={withParams(params, { replay: null })} size="sm">
              Close replay
            </Anchor>
          </Group>
          <noscript>
            <Alert color="gray">
              The replay needs JavaScript. The trip list below works without it.
            </Alert>
          </noscript>
          <TripReplay picks={picks} timeZone={data.timeZone} measurement={measurement} />
        </Paper>
      ) : null}

      <Paper withBorder p="md" aria-busy={busy}>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {data.total} trip{data.total === 1 ? "" : "s"}
            {data.partial ? (
              " so far"
            ) : (
              <>
                {" · "}
                <span data-testid="trips-total">{formatDistance(total, measurement)}</span>
              </>
            )}
          </Title>
          {data.total > 0 ? (
            <Button
              component="a"
              href={fileHref("/dashboard/trips.csv", params.toString())}
              download
              variant="light"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
            >
              Export CSV
            </Button>
          ) : null}
        </Group>
        {data.trips.length === 0 ? (
          <Text c="dimmed">No trips in this period. Pick other vehicles or dates.</Text>
        ) : (
          <Form method="get">
            {data.selected.map((i) => (
              <input key={i} type="hidden" name="imei" value={i} />
            ))}
            <input type="hidden" name="from" value={data.range.from} />
            <input type="hidden" name="to" value={data.range.to} />
            <TripTable
              trips={data.trips}
              names={names}
              timeZone={data.timeZone}
              measurement={measurement}
              replay={data.replay}
              replayHref={(id) => withParams(params, { replay: id })}
              showVehicle={showVehicle}
            />
            <Group mt="sm">
              <Button type="submit" variant="light">
                Replay selected trips
              </Button>
              <Text size="xs" c="dimmed">
                Trips of several vehicles play side by side on one timeline.
              </Text>
            </Group>
            <Pager page={data.page} pages={data.pages} total={data.total} label="trips" />
          </Form>
        )}
      </Paper>

      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Stops between trips
        </Title>
        <StopsList
          stops={data.stops}
          names={names}
          timeZone={data.timeZone}
          showVehicle={showVehicle}
        />
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
