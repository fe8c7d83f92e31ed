import { Alert, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import leafletStyles from "leaflet/dist/leaflet.css";
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { useCompanyZone } from "~/components/company-time";
import { MapPlaceholder } from "~/components/map-placeholder";
import { formatZonedLabelled } from "~/lib/zoned-time";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  MIN_DEVICES_PER_CELL,
  QUALITY_COLOURS,
  QUALITY_LABELS,
  qualityCounts,
} from "~/modules/beacons/coverage-grid";
import { useSettings } from "~/components/settings/settings-context";
import { formatDistance } from "~/lib/units";
import { coverage } from "~/modules/beacons/coverage.server";
import { tileConfig } from "~/services/map-tiles.server";

const CoverageMap = lazy(() => import("~/modules/beacons/components/coverage-map.client"));

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction = () => [{ title: "Coverage map · Tracksmith" }];

/** SPEC §2.1 Coverage map (public): aggregated cells only, never a device's position or identity. */
export async function loader(_: LoaderFunctionArgs) {
  return json(
    { ...(await coverage()), tiles: tileConfig() },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}

type Cell = ReturnType<typeof useLoaderData<typeof loader>>["cells"][number];
const col = createColumnHelper<Cell>();
const COLUMNS = [
  col.display({
    id: "centre",
    header: "Cell (centre)",
    cell: ({ row: { original: c } }) => `${c.lat.toFixed(2)}, ${c.lng.toFixed(2)}`,
  }),
  col.accessor("quality", {
    header: "Signal",
    cell: ({ getValue }) => QUALITY_LABELS[getValue()],
  }),
  col.accessor("avgDbm", { header: "Average", cell: ({ getValue }) => `${getValue()} dBm` }),
  col.accessor("samples", { header: "Samples" }),
];

export default function CoverageMapPage() {
  const data = useLoaderData<typeof loader>();
  // A public page: outside the console the zone is UTC, and the label says so.
  const zone = useCompanyZone();
  const counts = qualityCounts(data.cells);
  const side = formatDistance(
    Math.round(data.cellDeg * 111),
    useSettings().settings.measurement,
    0,
  );
  const placeholder = (
    <MapPlaceholder
      height={520}
      text={`${data.cells.length} cells; the table below lists each one.`}
    />
  );
  return (
    <Container size="lg" py="md">
      <Stack gap="sm">
        <Title order={1} size="h2">
          Network coverage
        </Title>
        <Text size="sm" c="dimmed">
          Mobile signal as the fleet's devices reported it over the last 24 hours, in cells of about{" "}
          {side} × {side}. A cell is shown only when at least {MIN_DEVICES_PER_CELL} different
          devices reported from it, so no single vehicle can be followed.
        </Text>
        {data.stale ? (
          <Alert color="yellow" variant="light" data-testid="coverage-stale">
            {data.fetchedAt
              ? `Coverage as of ${formatZonedLabelled(data.fetchedAt, zone)}: the tracking service is not answering.`
              : "Coverage data is not available right now."}
          </Alert>
        ) : null}
        {data.cells.length === 0 ? (
          <Text data-testid="coverage-empty">No coverage data to show yet.</Text>
        ) : (
          <>
            <Group gap="md" data-testid="coverage-counts">
              {(["good", "fair", "poor"] as const).map((q) => (
                <Text key={q} size="sm" data-quality={q}>
                  <span
                    aria-hidden
                    style={{
                      display: "inline-block",
                      width: 12,
                      height: 12,
                      background: QUALITY_COLOURS[q],
                      borderRadius: 2,
                      marginRight: 6,
                    }}
                  />
                  {QUALITY_LABELS[q]}: <b>{counts[q]}</b> cells
                </Text>
              ))}
            </Group>
            <ClientOnly fallback={placeholder}>
              {() => (
                <Suspense fallback={placeholder}>
                  <CoverageMap cells={data.cells} tiles={data.tiles} />
                </Suspense>
              )}
            </ClientOnly>
            <DataTable
              data={data.cells}
              columns={COLUMNS}
              getRowId={(c) => `${c.south},${c.west}`}
              rowProps={(c) => ({ "data-quality": c.quality })}
              testId="coverage-table"
              label="Coverage cells"
              highlightOnHover={false}
              minWidth={480}
            />
          </>
        )}
        {data.generatedAt ? (
          <Text size="xs" c="dimmed">
            Computed {formatZonedLabelled(data.generatedAt, zone)}.
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
