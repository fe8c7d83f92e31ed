import { Anchor, Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { JobsiteForm } from "~/modules/admin/components/jobsite-form";
import { formValues } from "~/modules/admin/jobsites.server";
import { requireModule } from "~/services/guard.server";
import { tileConfig } from "~/services/map-tiles.server";
import leafletStyles from "leaflet/dist/leaflet.css";

// The geofence map needs Leaflet's own styles (its panes are positioned by them).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

export const meta: MetaFunction = () => [{ title: "Add jobsite · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireModule(request, "admin", { permission: "geofences_edit" });
  return json({ initial: formValues(null), tiles: tileConfig() });
}

/** Add a jobsite (jobsites_view and geofences_edit): posts to /admin/jobsite/new, which shows a refusal. */
export default function AddJobsite() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Anchor component={Link} to="/admin/jobsites" size="sm">
          ← Jobsites
        </Anchor>
        <Title order={1} size="h2">
          Add jobsite
        </Title>
      </div>
      <JobsiteForm
        intent="create"
        action="/admin/jobsite/new"
        initial={data.initial}
        tiles={data.tiles}
        submitLabel="Add jobsite"
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
