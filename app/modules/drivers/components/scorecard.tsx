import { useSettings } from "~/components/settings/settings-context";
import { distanceInput, distanceLabel, formatDistance } from "~/lib/units";
import { formatDay } from "~/lib/zoned-time";
import {
  Alert,
  Button,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Field } from "~/components/forms/field";
import { typedValue } from "~/lib/action-result";
import { Form } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { MapPlaceholder } from "~/components/map-placeholder";
import type { Tiles } from "~/lib/map-tiles";
import { BEHAVIOUR_LABEL, SCORED, type Behaviour } from "../behaviours";
import type { MapIncident } from "../incident-popup";
import type { ScoreSettings } from "../score";
import { useCompanyZone } from "~/components/company-time";
import { Place, shortTime, When } from "./cells";

const IncidentMap = lazy(() => import("./incident-map.client"));

export type Scorecard = {
  id: number;
  name: string;
  score: number | null;
  band: string;
  distanceKm: number;
  minDistanceKm: number;
  trend: Array<{ week: string; score: number | null }>;
  moved: Array<{ behaviour: Behaviour; points: number; count: number }>;
  incidents: MapIncident[];
  trips: Array<{ id: string; start: string; distanceKm: number }>;
};

const col = createColumnHelper<MapIncident>();
const INCIDENT_COLUMNS = [
  col.accessor("time", { header: "When", cell: ({ getValue }) => <When at={getValue()} /> }),
  col.accessor("behaviour", {
    header: "Behaviour",
    cell: ({ getValue }) => BEHAVIOUR_LABEL[getValue()],
  }),
  col.accessor("vehicle", { header: "Vehicle" }),
  col.display({
    id: "where",
    header: "Where",
    cell: ({ row: { original: r } }) => <Place lat={r.lat} lng={r.lng} />,
  }),
  col.accessor("dismissed", {
    header: "Counts",
    cell: ({ getValue }) => (getValue() ? "Dismissed" : "Yes"),
  }),
];

const MAP_HEIGHT = 360;

/** Before (or without) JavaScript: the table beside it has the same incidents. */
function IncidentMapPlaceholder() {
  return (
    <MapPlaceholder
      height={MAP_HEIGHT}
      text="The incidents are listed beside the map."
      testId="incident-map-placeholder"
    />
  );
}

export function ScorecardView({ card, tiles }: { card: Scorecard; tiles: Tiles }) {
  const { measurement } = useSettings().settings;
  const dist = (km: number) => formatDistance(km, measurement);
  const zone = useCompanyZone();
  return (
    <Paper withBorder p="md" id="scorecard" data-testid="scorecard" data-driver={card.id}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Scorecard: <span data-testid="scorecard-name">{card.name}</span>
        </Title>
        <Text data-testid="scorecard-score">
          {card.score === null
            ? `Insufficient data: ${dist(card.distanceKm)} driven, a score needs at least ${dist(card.minDistanceKm)}.`
            : `Score ${card.score} · ${card.band} · ${dist(card.distanceKm)}`}
        </Text>
        <Text size="sm" c="dimmed">
          By week:{" "}
          {card.trend.map((t) => `${formatDay(t.week, zone)} ${t.score ?? "n/a"}`).join(" · ")}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          {card.moved.map((m) => (
            <Paper key={m.behaviour} withBorder p="xs">
              <Text size="xs" c="dimmed">
                {BEHAVIOUR_LABEL[m.behaviour]}
              </Text>
              <Text fw={600}>−{m.points} points</Text>
              <Text size="xs">{m.count} events</Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Grid gutter="sm">
          <Grid.Col span={{ base: 12, md: 6 }}>
            {card.incidents.length ? (
              <ClientOnly fallback={<IncidentMapPlaceholder />}>
                {() => (
                  <Suspense fallback={<IncidentMapPlaceholder />}>
                    <IncidentMap incidents={card.incidents} tiles={tiles} height={MAP_HEIGHT} />
                  </Suspense>
                )}
              </ClientOnly>
            ) : (
              <Text size="sm" c="dimmed">
                No incidents to show on the map.
              </Text>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <DataTable
              data={card.incidents}
              columns={INCIDENT_COLUMNS}
              getRowId={(r) => r.id}
              testId="scorecard-incidents"
              label="Incidents of the driver"
              empty="No incidents."
            />
          </Grid.Col>
        </Grid>
        <Text size="sm" c="dimmed">
          Recent trips:{" "}
          {card.trips
            .map((t) => `${shortTime(t.start, zone)} (${dist(t.distanceKm)})`)
            .join(" · ") || "none"}
        </Text>
      </Stack>
    </Paper>
  );
}

export function SettingsForm({
  settings,
  version,
  result,
}: {
  settings: ScoreSettings;
  version: number;
  result?: { intent: string; result?: SubmissionResult<string[]> };
}) {
  const mine = result?.intent === "settings" ? result.result : undefined;
  const [form, f] = useForm({ id: "score-settings", lastResult: mine });
  const v = (k: string, d: number | string) => typedValue(mine, k, String(d));
  // The minimum distance is typed in the reader's unit; the hidden field tells the server which.
  const { measurement } = useSettings().settings;
  return (
    <Paper withBorder p="md" data-testid="score-settings">
      <Form method="post" {...getFormProps(form)} noValidate={false}>
        <input type="hidden" name="intent" value="settings" />
        <input type="hidden" name="measurement" value={measurement} />
        <Stack gap="xs">
          <Title order={2} size="h4">
            Scoring settings (version {version})
          </Title>
          {f.weights.errors?.length ? (
            <Alert color="red" data-testid="weights-error">
              {f.weights.errors[0]}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {SCORED.map((b) => (
              <Group key={b} gap={4} align="flex-start" wrap="nowrap">
                <Field errors={f[`w_${b}`]}>
                  <TextInput
                    label={`${BEHAVIOUR_LABEL[b]} weight`}
                    name={`w_${b}`}
                    defaultValue={v(`w_${b}`, settings.weights[b])}
                  />
                </Field>
                <Field errors={f[`k_${b}`]}>
                  <TextInput
                    label="k"
                    name={`k_${b}`}
                    defaultValue={v(`k_${b}`, settings.k[b])}
                    w={70}
                  />
                </Field>
              </Group>
            ))}
          </SimpleGrid>
          <Group gap="xs" align="flex-start">
            <Field errors={f.band_low.errors?.length ? f.band_low : f.bands}>
              <TextInput
                label="Low risk from"
                name="band_low"
                defaultValue={v("band_low", settings.bands.low)}
              />
            </Field>
            <Field errors={f.band_mild}>
              <TextInput
                label="Mild from"
                name="band_mild"
                defaultValue={v("band_mild", settings.bands.mild)}
              />
            </Field>
            <Field errors={f.band_medium}>
              <TextInput
                label="Medium from"
                name="band_medium"
                defaultValue={v("band_medium", settings.bands.medium)}
              />
            </Field>
            <Field errors={f.minDistanceKm}>
              <TextInput
                label={`Minimum distance (${distanceLabel(measurement)})`}
                name="minDistanceKm"
                defaultValue={v(
                  "minDistanceKm",
                  distanceInput(settings.minDistanceKm, measurement),
                )}
              />
            </Field>
          </Group>
          <Group>
            <Button type="submit">Save as a new version</Button>
          </Group>
        </Stack>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="recompute" />
        <Button type="submit" variant="default" mt="xs" size="xs">
          Recompute past weeks with these settings
        </Button>
      </Form>
    </Paper>
  );
}

export function DriverPicker({
  drivers,
  current,
}: {
  drivers: Array<{ id: number; name: string }>;
  current: number | null;
}) {
  return (
    <Form method="get">
      <Group gap="xs" align="flex-end">
        <NativeSelect
          label="Scorecard of"
          name="driver"
          defaultValue={current ? String(current) : ""}
          data={[
            { value: "", label: "Choose a driver" },
            ...drivers.map((d) => ({ value: String(d.id), label: d.name })),
          ]}
        />
        <Button type="submit" variant="default">
          Open
        </Button>
      </Group>
    </Form>
  );
}
