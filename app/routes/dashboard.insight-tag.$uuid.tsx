import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { lazy, Suspense, useMemo } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CompanyTime } from "~/components/company-time";
import { MapPlaceholder } from "~/components/map-placeholder";
import printLabelStyles from "~/modules/insight-tags/components/print-label.css";
import { PublicFieldsForm } from "~/modules/insight-tags/components/public-fields-form";
import { TagLabel } from "~/modules/insight-tags/components/tag-label";
import { ReadingsChart } from "~/modules/insight-tags/components/readings-chart";
import { PUBLIC_FIELD_LABELS } from "~/modules/insight-tags/rules";
import { tagAction, tagPage } from "~/modules/insight-tags/tags.server";
import { requireModule } from "~/services/guard.server";
import { tileConfig } from "~/services/map-tiles.server";
import { useSettings } from "~/components/settings/settings-context";
import { formatCelsius, temperatureLabel, toTemperatureUnit, type Measurement } from "~/lib/units";
import { useActionResult } from "~/lib/action-result";

const TagMap = lazy(() => import("~/modules/insight-tags/components/tag-map.client"));

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: leafletStyles },
  { rel: "stylesheet", href: printLabelStyles },
];
export const meta: MetaFunction = () => [{ title: "Insight tag · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  const origin = new URL(request.url).origin;
  return json({ ...(await tagPage(ctx, params.uuid ?? "", origin)), tiles: tileConfig() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return tagAction(ctx, params.uuid ?? "", await request.formData());
}

type Sample = ReturnType<typeof useLoaderData<typeof loader>>["history"][number];
const col = createColumnHelper<Sample>();
/** The readings table, temperatures (stored °C) in the reader's unit. */
const columnsFor = (m: Measurement) => [
  col.accessor("time", {
    header: "When",
    cell: ({ getValue }) => <CompanyTime at={getValue()} kind="datetime" />,
  }),
  col.display({
    id: "where",
    header: "Where",
    cell: ({ row: { original: r } }) => `${r.lat.toFixed(4)}, ${r.lng.toFixed(4)}`,
  }),
  col.accessor("temperature", {
    header: "Temperature",
    cell: ({ getValue }) => formatCelsius(getValue(), m),
  }),
  col.accessor("battery", { header: "Battery (%)" }),
];

export default function InsightTagPage() {
  const d = useLoaderData<typeof loader>();
  const a = useActionResult<typeof action>();
  const t = d.tag;
  const { measurement } = useSettings().settings;
  const columns = useMemo(() => columnsFor(measurement), [measurement]);
  const trail = useMemo(() => d.history.map((h) => ({ lat: h.lat, lng: h.lng })), [d.history]);
  const points = useMemo(
    () =>
      t.last_position
        ? [{ uuid: t.uuid, name: t.name, lat: t.last_position.lat, lng: t.last_position.lng }]
        : [],
    [t],
  );
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} data-testid="insight-tag-name">
            {t.name}
          </Title>
          <Text c="dimmed">{t.description}</Text>
          <Group gap="xs">
            <Badge variant="light">{t.kind === "gps" ? "GPS tag" : "QR/NFC label"}</Badge>
            {t.retired ? <Badge color="gray">Retired</Badge> : <Badge color="green">In use</Badge>}
            {t.battery !== null ? <Badge variant="outline">Battery {t.battery}%</Badge> : null}
          </Group>
          <Text size="sm" ff="monospace" data-testid="insight-tag-uuid">
            {t.uuid}
          </Text>
          <Anchor
            component={Link}
            to={`/dashboard/insight-tags/${t.uuid}/wiki`}
            data-testid="wiki-link"
          >
            Open the wiki
          </Anchor>
        </Stack>
        <TagLabel uuid={t.uuid} name={t.name} publicUrl={d.publicUrl} />
      </Group>
      {t.kind === "gps" ? (
        <>
          <Title order={2} size="h3">
            Position history (48 hours)
          </Title>
          <ClientOnly
            fallback={<MapPlaceholder height={280} text="The positions are listed below." />}
          >
            {() => (
              <Suspense
                fallback={<MapPlaceholder height={280} text="The positions are listed below." />}
              >
                <TagMap
                  points={points}
                  trail={trail}
                  tiles={d.tiles}
                  height={280}
                  label={`Where ${t.name} was`}
                />
              </Suspense>
            )}
          </ClientOnly>
          <Title order={2} size="h3">
            Readings
          </Title>
          <ReadingsChart
            label="Temperature over 48 hours"
            unit={` ${temperatureLabel(measurement)}`}
            points={d.history.map((h) => ({
              time: h.time,
              value: Math.round(toTemperatureUnit(h.temperature, measurement) * 10) / 10,
            }))}
          />
          <DataTable
            data={[...d.history].reverse()}
            columns={columns}
            getRowId={(r) => r.time}
            testId="insight-tag-history"
            label="Positions and readings"
            empty="No positions yet."
            minWidth={600}
          />
        </>
      ) : (
        <Text>
          A QR/NFC label reports no position or readings; people who scan it see its public page.
        </Text>
      )}
      <Title order={2} size="h3">
        What the public page shows
      </Title>
      {d.canEdit ? (
        <PublicFieldsForm shown={t.public_fields} ownerContact={t.owner_contact} a={a} />
      ) : (
        <Text data-testid="public-fields">
          {t.public_fields.map((f) => PUBLIC_FIELD_LABELS[f]).join(", ") ||
            "Nothing but the contact form."}
        </Text>
      )}
      {d.canEdit ? (
        <Form method="post">
          <input type="hidden" name="intent" value="retire" />
          <input type="hidden" name="retired" value={t.retired ? "no" : "yes"} />
          <Button type="submit" variant="default" color={t.retired ? undefined : "red"}>
            {t.retired ? "Put back in use" : "Retire tag (its public page then answers 404)"}
          </Button>
        </Form>
      ) : null}
      <Title order={2} size="h3">
        Messages from people who scanned it
      </Title>
      {d.messages.length === 0 ? (
        <Text c="dimmed">No messages.</Text>
      ) : (
        <Stack gap="xs" data-testid="insight-tag-messages">
          {d.messages.map((m) => (
            <Paper key={m.id} withBorder p="xs">
              <Text size="sm">
                <CompanyTime at={m.time} kind="datetime" /> · {m.name || "Anonymous"}
                {m.email ? ` (${m.email})` : ""}
              </Text>
              <Text>{m.message}</Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
