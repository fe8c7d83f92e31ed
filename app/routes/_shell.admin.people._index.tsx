import { Anchor, Badge, Grid, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm, refusalReply } from "~/lib/parse-form";
import { PersonFormCard } from "~/modules/admin/components/person-form";
import { PersonSchema } from "~/modules/admin/people-form";
import { peoplePage, savePerson } from "~/modules/admin/people.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { resultFor, useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "People · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await peoplePage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return switchIntent(await request.formData(), {
    create: async (form) => {
      const s = parseForm(form, PersonSchema);
      if (s.status !== "success")
        return json({ intent: "create", result: s.reply() }, { status: 400 });
      const r = await savePerson(ctx, null, s.value);
      if (!r.ok)
        return json(
          { intent: "create", result: refusalReply(s, r.field, r.message) },
          { status: 409 },
        );
      return redirectWithToast(`/admin/people/${r.person.username_id}`, {
        type: "success",
        description: `${r.person.name} is invited: an email with a sign-in link went to ${r.person.email}.`,
      });
    },
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["people"][number];
const col = createColumnHelper<Row>();

const columns = [
  col.accessor("name", {
    header: "Name",
    cell: ({ row: { original: p } }) => (
      <Anchor component={Link} to={`/admin/people/${p.username_id}`}>
        {p.name}
      </Anchor>
    ),
  }),
  col.accessor("email", { header: "Email" }),
  col.accessor("username", { header: "Username" }),
  col.display({
    id: "groups",
    header: "Groups",
    cell: ({ row }) => row.original.groups.join(", "),
  }),
  col.accessor("active", {
    header: "State",
    cell: ({ getValue }) => (
      <Badge color={getValue() ? "teal" : "gray"} variant="light" miw="fit-content">
        {getValue() ? "Active" : "Deactivated"}
      </Badge>
    ),
  }),
  col.accessor("last_login", {
    header: "Last sign-in",
    cell: ({ getValue }) => {
      const v = getValue();
      return v ? <CompanyTime at={v} kind="datetime" /> : "Never";
    },
  }),
];

/** People (SPEC §2.8, people_view): the company's accounts. */
export default function People() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          People
        </Title>
        <Text c="dimmed" size="sm">
          Everyone with an account in your company. Open a person to see what they may do and why.
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: data.canManage ? 8 : 12 }}>
          <Stack gap="sm">
            <TableToolbar
              search={{
                value: data.q,
                label: "Search people",
                placeholder: "Name, email or username",
              }}
              filters={[
                {
                  name: "group",
                  label: "Group",
                  value: data.group ? String(data.group) : "",
                  options: [
                    { value: "", label: "Any group" },
                    ...data.groups.map((g) => ({ value: String(g.id), label: g.nickname })),
                  ],
                },
                {
                  name: "state",
                  label: "State",
                  value: data.state ?? "",
                  options: [
                    { value: "", label: "Active or deactivated" },
                    { value: "active", label: "Active" },
                    { value: "inactive", label: "Deactivated" },
                  ],
                },
              ]}
            />
            <DataTable
              data={data.people}
              columns={columns}
              getRowId={(p) => String(p.username_id)}
              label="People"
              testId="people"
              minWidth={860}
              empty={data.total > 0 ? "Nobody matches your search." : "No people yet."}
            />
          </Stack>
        </Grid.Col>
        {data.canManage ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <PersonFormCard
              intent="create"
              initial={null}
              groups={data.groups}
              reply={resultFor(reply, "create")}
              title="Invite a person"
            />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
