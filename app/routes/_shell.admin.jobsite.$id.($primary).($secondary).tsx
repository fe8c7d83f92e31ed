import { Anchor, Badge, Group, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  LinksFunction,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { JobsiteForm } from "~/modules/admin/components/jobsite-form";
import { refused } from "~/modules/admin/form-reply.server";
import { JobsiteDocuments } from "~/modules/admin/components/jobsite-documents";
import { JobsitePeople } from "~/modules/admin/components/jobsite-people";
import { JobsiteVehicles, JobsiteVisits } from "~/modules/admin/components/jobsite-presence";
import { deleteDocumentIntent, documentsTabData } from "~/modules/admin/jobsite-documents.server";
import {
  formValues,
  jobsitePage,
  parseJobsiteForm,
  saveJobsite,
} from "~/modules/admin/jobsites.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { tileConfig } from "~/services/map-tiles.server";
import { redirectWithToast } from "~/services/toast.server";
import leafletStyles from "leaflet/dist/leaflet.css";
import { useActionResult } from "~/lib/action-result";

// The geofence map needs Leaflet's own styles (its panes are positioned by them).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.mode === "site" ? data.site.name : "Jobsite"} · Jobsites · Tracksmith` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // /admin/jobsite/new: the add form again, where a refused add from /admin/add-jobsite lands.
  if (params.id === "new" && !params.primary) {
    await requireModule(request, "admin", { permission: "geofences_edit" });
    return json({ mode: "new" as const, initial: formValues(null), tiles: tileConfig() });
  }
  const ctx = await requireModule(request, "admin");
  const page = await jobsitePage(ctx, params);
  return json({
    mode: "site" as const,
    ...page,
    ...(await documentsTabData(ctx, page, request)),
    initial: formValues(page.site),
    tiles: tileConfig(),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return switchIntent(await request.formData(), {
    create: async (form) => {
      if (params.id !== "new") throw new Response("Not found", { status: 404 });
      const parsed = parseJobsiteForm(form);
      if (!parsed.ok) return refused(form, parsed.errors);
      const r = await saveJobsite(ctx, null, parsed.input);
      if (!r.ok)
        return refused(form, { [/named/.test(r.message) ? "name" : "form"]: r.message }, 409);
      return redirectWithToast(`/admin/jobsite/${r.site.id}`, {
        type: "success",
        description: `${r.site.name} added.`,
      });
    },
    update: async (form) => {
      const parsed = parseJobsiteForm(form);
      if (!parsed.ok) return refused(form, parsed.errors);
      const r = await saveJobsite(ctx, params.id ?? "", parsed.input);
      if (!r.ok)
        return refused(form, { [/named/.test(r.message) ? "name" : "form"]: r.message }, 409);
      return redirectWithToast(`/admin/jobsite/${r.site.id}`, {
        type: "success",
        description: `${r.site.name} saved.`,
      });
    },
    "delete-document": (form) => deleteDocumentIntent(ctx, params.id ?? "", form),
  });
}

const TAB_LABELS = {
  details: "Details",
  vehicles: "On site now",
  visits: "Visits",
  people: "People",
  documents: "Documents",
} as const;

/** A jobsite (jobsites_view): tabs linked by URL (/admin/jobsite/{id}/{tab}/{sub-tab}). */
export default function Jobsite() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  if (loaded.mode === "new")
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
          initial={loaded.initial}
          reply={reply}
          tiles={loaded.tiles}
          submitLabel="Add jobsite"
        />
      </Stack>
    );
  const data = loaded;
  const s = data.site;
  const base = `/admin/jobsite/${s.id}`;
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Anchor component={Link} to="/admin/jobsites" size="sm">
          ← Jobsites
        </Anchor>
        <Group gap="sm">
          <Title order={1} size="h2">
            {s.name}
          </Title>
          <Badge color={s.active ? "teal" : "gray"} variant="light">
            {s.active ? "Active" : "Inactive"}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {s.address || "No address"}
        </Text>
      </div>
      <Tabs value={data.tab} keepMounted={false}>
        <Tabs.List aria-label="Jobsite sections">
          {Object.entries(TAB_LABELS).map(([k, label]) => (
            <Tabs.Tab
              key={k}
              value={k}
              renderRoot={(props) => <Link {...props} to={`${base}/${k}`} />}
            >
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {data.tab === "details" ? (
        <>
          <Group gap="md">
            {(["geofence", "contacts"] as const).map((k) => (
              <Anchor
                key={k}
                component={Link}
                to={`${base}/details/${k}`}
                fw={data.sub === k ? 700 : 400}
                aria-current={data.sub === k ? "page" : undefined}
              >
                {k === "geofence" ? "Geofence and details" : "Contacts"}
              </Anchor>
            ))}
          </Group>
          {data.sub === "contacts" ? (
            <Paper withBorder p="md" data-testid="jobsite-contacts">
              {[
                ["Primary contact", s.primary_contact],
                ["Secondary contact", s.secondary_contact],
              ].map(([title, c]) => (
                <div key={String(title)}>
                  <Title order={2} size="h5">
                    {String(title)}
                  </Title>
                  <Text size="sm" mb="sm">
                    {c && typeof c === "object"
                      ? [c.name, c.phone, c.email].filter(Boolean).join(" · ")
                      : "None"}
                  </Text>
                </div>
              ))}
            </Paper>
          ) : data.canEdit ? (
            <JobsiteForm
              intent="update"
              initial={data.initial}
              reply={reply}
              tiles={data.tiles}
              submitLabel="Save jobsite"
            />
          ) : (
            <Text size="sm">
              {s.geofence.type === "circle"
                ? `Circle of ${s.geofence.radius_meters} m around ${s.geofence.lat}, ${s.geofence.lng}.`
                : `Polygon of ${s.geofence.points.length} corners.`}
            </Text>
          )}
        </>
      ) : null}
      {data.tab === "vehicles" ? <JobsiteVehicles vehicles={data.vehicles} /> : null}
      {data.tab === "visits" ? <JobsiteVisits visits={data.visits} /> : null}
      {data.tab === "people" ? <JobsitePeople people={data.people} /> : null}
      {data.tab === "documents" ? (
        <JobsiteDocuments
          site={s}
          documents={data.documents}
          canEdit={data.canEdit}
          confirmFor={reply?.confirmDocument}
          uploadError={data.uploadError}
        />
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
