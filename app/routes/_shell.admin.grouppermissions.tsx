import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { permissionsPage, saveMatrix } from "~/modules/admin/groups.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Group permissions · Tracksmith" }];
const PAGE = "/admin/grouppermissions";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await permissionsPage(ctx));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return switchIntent(await request.formData(), {
    save: async (form) => {
      const groups = form.getAll("groups").map(Number);
      if (groups.some((id) => !Number.isInteger(id) || id <= 0))
        throw new Response("Not found", { status: 404 });
      const checked = new Set(form.getAll("grant").map(String));
      const r = await saveMatrix(ctx, groups, checked);
      return redirectWithToast(PAGE, {
        type: "success",
        description: r.changed
          ? `${r.changed} change${r.changed === 1 ? "" : "s"} saved: they apply to ${r.members} member${r.members === 1 ? "" : "s"} from their next page.`
          : "Nothing changed.",
      });
    },
  });
}

type Change = ReturnType<typeof useLoaderData<typeof loader>>["changes"][number];
const col = createColumnHelper<Change>();

const CHANGE_COLUMNS = [
  col.accessor("at", {
    header: "When",
    cell: ({ getValue }) => <CompanyTime at={getValue()} kind="datetime" />,
  }),
  col.accessor("actor", { header: "Who" }),
  col.accessor("group", { header: "Group" }),
  col.accessor("permission", {
    header: "Change",
    cell: ({ row: { original: c } }) => (
      <>
        {c.granted ? "Granted" : "Removed"} <code>{c.permission}</code>
      </>
    ),
  }),
];

/** Group permissions (edit_permissions): what the members of each group may do. */
export default function GroupPermissions() {
  const data = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h2">
          Group permissions
        </Title>
        <Text c="dimmed" size="sm">
          A person may do what their account allows plus what any of their groups is granted. A
          screen whose feature is off for the company stays hidden whatever is granted here.
        </Text>
      </div>
      <Form method="post" data-testid="permission-matrix">
        <input type="hidden" name="intent" value="save" />
        {data.groups.map((g) => (
          <input key={g.id} type="hidden" name="groups" value={g.id} />
        ))}
        <Paper withBorder>
          <Table.ScrollContainer minWidth={260 + data.groups.length * 110}>
            <Table striped stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Permission</Table.Th>
                  <Table.Th scope="col">Feature</Table.Th>
                  {data.groups.map((g) => (
                    <Table.Th scope="col" key={g.id} ta="center">
                      {g.nickname}
                      <Text size="xs" c="dimmed" component="div">
                        {g.members} member{g.members === 1 ? "" : "s"}
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.permissions.map((p) => (
                  <Table.Tr key={p.name}>
                    <Table.Th scope="row">
                      <code>{p.name}</code>
                    </Table.Th>
                    <Table.Td>
                      {p.feature ? (
                        <Badge
                          variant="light"
                          color={p.featureOn ? "teal" : "gray"}
                          miw="fit-content"
                        >
                          {p.feature} {p.featureOn ? "on" : "off"}
                        </Badge>
                      ) : (
                        <Text size="xs" c="dimmed">
                          always
                        </Text>
                      )}
                    </Table.Td>
                    {data.groups.map((g) => (
                      <Table.Td key={g.id} ta="center">
                        <input
                          type="checkbox"
                          name="grant"
                          value={`${g.id}:${p.name}`}
                          defaultChecked={g.granted.includes(p.name)}
                          aria-label={`${p.name} for ${g.nickname}`}
                          style={{ width: 18, height: 18 }}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Group mt="sm">
          <Button type="submit" loading={busy}>
            Save permissions
          </Button>
        </Group>
      </Form>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          Changes
        </Title>
        <DataTable
          data={data.changes}
          columns={CHANGE_COLUMNS}
          getRowId={(c) => String(c.id)}
          testId="permission-changes"
          label="Permission changes"
          // Its rows hold nothing to focus: the scroll area itself is reached by keyboard.
          focusableScroll
          minWidth={560}
          striped={false}
          highlightOnHover={false}
          empty={<Text size="sm">No changes made here yet.</Text>}
        />
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
