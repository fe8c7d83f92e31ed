import { Anchor, Badge, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { lazy, Suspense, useMemo } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LocalTime } from "~/components/local-time";
import { MapPlaceholder } from "~/components/map-placeholder";
import { listPage } from "~/modules/insight-tags/tags.server";
import { requireModule } from "~/services/guard.server";
import { tileConfig } from "~/services/map-tiles.server";

const TagMap = lazy(() => import("~/modules/insight-tags/components/tag-map.client"));

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction = () => [{ title: "Insight tags · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return json({ ...(await listPage(ctx, new URL(request.url))), tiles: tileConfig() });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();
const COLUMNS = [
  col.accessor("name", {
    header: "Name",
    cell: ({ row: { original: r } }) => (
      <Anchor
        component={Link}
        to={`/dashboard/insight-tag/${r.uuid}`}
        data-testid="insight-tag-link"
      >
        {r.name}
      </Anchor>
    ),
  }),
  col.accessor("description", { header: "Asset" }),
  col.accessor("kind", {
    header: "Kind",
    cell: ({ getValue }) => (getValue() === "gps" ? "GPS tag" : "QR/NFC label"),
  }),
  col.accessor("lastSeen", {
    header: "Last seen",
    cell: ({ getValue }) => {
      const v = getValue();
      return v ? <LocalTime at={v} /> : "Never (label)";
    },
  }),
  col.accessor("battery", {
    header: "Battery",
    cell: ({ getValue }) => (getValue() === null ? "—" : `${getValue()}%`),
  }),
  col.accessor("retired", {
    header: "Status",
    cell: ({ getValue }) =>
      getValue() ? <Badge color="gray">Retired</Badge> : <Badge color="green">In use</Badge>,
  }),
];

export default function InsightTags() {
  const d = useLoaderData<typeof loader>();
  const points = useMemo(
    () =>
      d.rows
        .filter((r) => r.lat !== null && r.lng !== null)
        .map((r) => ({ uuid: r.uuid, name: r.name, lat: r.lat!, lng: r.lng! })),
    [d.rows],
  );
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between">
        <Title order={1}>Insight tags</Title>
        <Button component={Link} to="/dashboard/insight-tag" variant="default">
          Register a tag
        </Button>
      </Group>
      <Form method="get" role="search">
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Search tags"
            name="q"
            defaultValue={d.q}
            placeholder="Name, asset or uuid"
          />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </Form>
      <ClientOnly
        fallback={<MapPlaceholder height={300} text="Every tag's last position is in the table." />}
      >
        {() => (
          <Suspense
            fallback={
              <MapPlaceholder height={300} text="Every tag's last position is in the table." />
            }
          >
            <TagMap points={points} tiles={d.tiles} />
          </Suspense>
        )}
      </ClientOnly>
      <Text size="sm" c="dimmed">
        {d.rows.length} of {d.total} tags
      </Text>
      <DataTable
        data={d.rows}
        columns={COLUMNS}
        getRowId={(r) => r.uuid}
        rowProps={(r) => ({ "data-insight-tag": r.uuid })}
        testId="insight-tag-table"
        label="Insight tags"
        empty={d.q ? "No tag matches the search." : "No insight tags yet."}
        minWidth={700}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
