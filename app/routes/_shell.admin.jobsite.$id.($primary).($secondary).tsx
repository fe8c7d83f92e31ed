import { Anchor, Badge, Group, Paper, Stack, Table, Tabs, Text, Title } from "@mantine/core";
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  LinksFunction,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { DocumentsList } from "~/components/documents-list";
import { refusalText } from "~/lib/documents";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { FormReply } from "~/modules/admin/components/fields";
import { JobsiteForm } from "~/modules/admin/components/jobsite-form";
import { refused } from "~/modules/admin/form-reply.server";
import {
  companyJobsiteDocument,
  documentsTab,
  jobsiteDocuments,
  removeJobsiteDocument,
} from "~/modules/admin/jobsite-documents.server";
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
  const documents = page.tab === "documents" ? await jobsiteDocuments(ctx, page.site.id) : [];
  // An upload refused by our checks comes back here with its reason (shown next to the field).
  const uploadError = refusalText(new URL(request.url).searchParams.get("refused"));
  return json({
    mode: "site" as const,
    ...page,
    documents,
    uploadError: uploadError ?? null,
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
    "delete-document": async (form) => {
      const raw = String(form.get("document") ?? "");
      if (form.get("confirm") !== "yes") {
        // Another company's jobsite or document is a 404 before anything is asked.
        const { doc } = await companyJobsiteDocument(ctx, params.id ?? "", raw);
        return json({ confirmDocument: doc.id } as FormReply & { confirmDocument?: number });
      }
      const gone = await removeJobsiteDocument(ctx, params.id ?? "", raw);
      return redirectWithToast(documentsTab(gone.jobsite_id), {
        type: "success",
        description: `${gone.name} deleted.`,
      });
    },
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
  const reply = useActionData<typeof action>() as
    (FormReply & { confirmDocument?: number }) | undefined;
  const busy = useNavigation().state !== "idle";
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
      {data.tab === "vehicles" ? (
        <Paper withBorder p="md" data-testid="jobsite-vehicles">
          {data.vehicles.length ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Vehicle</Table.Th>
                  <Table.Th>Last report</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.vehicles.map((v) => (
                  <Table.Tr key={v.imei}>
                    <Table.Td>{v.nickname}</Table.Td>
                    <Table.Td>
                      <CompanyTime at={v.since} kind="datetime" />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm">No vehicle is inside the geofence now.</Text>
          )}
        </Paper>
      ) : null}
      {data.tab === "visits" ? (
        <Paper withBorder p="md" data-testid="jobsite-visits">
          <Text size="sm" c="dimmed" mb="xs">
            The last 7 days: a visit starts when a trip ends inside the geofence and ends when the
            vehicle's next trip starts.
          </Text>
          {data.visits.length ? (
            <Table.ScrollContainer minWidth={480}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Vehicle</Table.Th>
                    <Table.Th>Arrived</Table.Th>
                    <Table.Th>Left</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.visits.map((v) => (
                    <Table.Tr key={`${v.imei}:${v.arrived}`}>
                      <Table.Td>{v.nickname}</Table.Td>
                      <Table.Td>
                        <CompanyTime at={v.arrived} kind="datetime" />
                      </Table.Td>
                      <Table.Td>
                        {v.left ? <CompanyTime at={v.left} kind="datetime" /> : "Still there"}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm">No visits in the last 7 days.</Text>
          )}
        </Paper>
      ) : null}
      {data.tab === "people" ? (
        <Paper withBorder p="md" data-testid="jobsite-people">
          <Text size="sm" c="dimmed" mb="xs">
            Timesheet entries booked to this jobsite in the last 24 hours, those clocked on now
            first.
          </Text>
          {data.people.length ? (
            <Table.ScrollContainer minWidth={480}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Person</Table.Th>
                    <Table.Th>Clocked on</Table.Th>
                    <Table.Th>Clocked off</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.people.map((p) => (
                    <Table.Tr key={p.entry}>
                      <Table.Td>{p.name}</Table.Td>
                      <Table.Td>
                        <CompanyTime at={p.start} kind="datetime" />
                      </Table.Td>
                      <Table.Td>
                        {p.end ? <CompanyTime at={p.end} kind="datetime" /> : "On site now"}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm">Nobody has clocked on here in the last 24 hours.</Text>
          )}
        </Paper>
      ) : null}
      {data.tab === "documents" ? (
        <Paper withBorder p="md" data-testid="jobsite-documents">
          <DocumentsList
            title={`Documents of ${s.name}`}
            documents={data.documents}
            uploadUrl={`${base}/files`}
            downloadUrl={(id) => `${base}/files/${id}`}
            deleteFields={(id) => ({ intent: "delete-document", document: id })}
            confirmFor={reply?.confirmDocument}
            canEdit={data.canEdit}
            busy={busy}
            uploadError={data.uploadError ?? undefined}
          />
        </Paper>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
