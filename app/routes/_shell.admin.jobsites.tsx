import { Anchor, Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { jobsitesPage } from "~/modules/admin/jobsites.server";
import { requireModule } from "~/services/guard.server";
import { tileConfig } from "~/services/map-tiles.server";
import leafletStyles from "leaflet/dist/leaflet.css";

const JobsitesMap = lazy(() => import("~/modules/admin/components/jobsites-map.client"));

// The geofence map needs Leaflet's own styles (its panes are positioned by them).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

export const meta: MetaFunction = () => [{ title: "Jobsites · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json({ ...(await jobsitesPage(ctx, new URL(request.url))), tiles: tileConfig() });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["jobsites"][number];
const col = createColumnHelper<Row>();
const columns = [
  col.accessor("name", {
    header: "Name",
    cell: ({ row: { original: j } }) => (
      <Anchor component={Link} to={`/admin/jobsite/${j.id}`}>
        {j.name}
      </Anchor>
    ),
  }),
  col.accessor("address", { header: "Address" }),
  col.display({
    id: "fence",
    header: "Geofence",
    cell: ({ row: { original: j } }) =>
      j.geofence.type === "circle"
        ? `Circle, ${j.geofence.radius_meters} m`
        : `Polygon, ${j.geofence.points.length} corners`,
  }),
  col.display({
    id: "contact",
    header: "Primary contact",
    cell: ({ row: { original: j } }) => j.primary_contact?.name ?? "—",
  }),
  col.accessor("active", {
    header: "State",
    cell: ({ getValue }) => (
      <Badge color={getValue() ? "teal" : "gray"} variant="light" miw="fit-content">
        {getValue() ? "Active" : "Inactive"}
      </Badge>
    ),
  }),
];

/** Jobsites (SPEC §2.8, jobsites_view): the company's sites and their geofences. */
export default function Jobsites() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const placeholder = (
    <div style={{ height: 320, background: "#dee2e6", borderRadius: 8 }} aria-hidden="true" />
  );
  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Jobsites
          </Title>
          <Text c="dimmed" size="sm">
            Sites work happens at. Active jobsites show on the fleet map with their geofence.
          </Text>
        </div>
        {data.canEdit ? (
          <Button component={Link} to="/admin/add-jobsite">
            Add jobsite
          </Button>
        ) : null}
      </Group>
      <TableToolbar
        search={{ value: data.q, label: "Search jobsites", placeholder: "Name or address" }}
        filters={[
          {
            name: "state",
            label: "State",
            value: data.state ?? "",
            options: [
              { value: "", label: "Active or inactive" },
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
            ],
          },
        ]}
      />
      <ClientOnly fallback={placeholder}>
        {() => (
          <Suspense fallback={placeholder}>
            <JobsitesMap
              sites={data.jobsites}
              tiles={data.tiles}
              onOpen={(id) => navigate(`/admin/jobsite/${id}`)}
            />
          </Suspense>
        )}
      </ClientOnly>
      <DataTable
        data={data.jobsites}
        columns={columns}
        getRowId={(j) => String(j.id)}
        label="Jobsites"
        testId="jobsites"
        minWidth={760}
        empty={data.total ? "No jobsite matches your search." : "No jobsites yet."}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
