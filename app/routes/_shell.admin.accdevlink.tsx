import { Badge, Button, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MultiPicker } from "~/components/forms/multi-picker";
import { changeLinks, linksPage, type LinkAction } from "~/modules/admin/accdevlink.server";
import { FormMessage } from "~/modules/admin/components/fields";
import { refused } from "~/modules/admin/form-reply.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Account device links · Tracksmith" }];
const PAGE = "/admin/accdevlink";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await linksPage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  const run = (action: LinkAction) => async (form: FormData) => {
    const ids = form.getAll("accounts").map(Number);
    if (ids.some((id) => !Number.isInteger(id) || id <= 0))
      throw new Response("Not found", { status: 404 });
    const imeis = form.getAll("devices").map(String);
    const r = await changeLinks(ctx, action, ids, imeis);
    if (!r.ok) return refused(form, { [r.field]: r.message });
    const what =
      action === "link" ? "linked" : action === "unlink" ? "unlinked" : "no longer restricted";
    return redirectWithToast(PAGE, {
      type: "success",
      description: `${r.accounts} account${r.accounts === 1 ? "" : "s"} ${what}; it applies from their next page.`,
    });
  };
  return switchIntent(await request.formData(), {
    link: run("link"),
    unlink: run("unlink"),
    unrestrict: run("unrestrict"),
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["accounts"][number];
const col = createColumnHelper<Row>();
const columns = [
  col.accessor("name", { header: "Account" }),
  col.accessor("username", { header: "Username" }),
  col.accessor("restricted", {
    header: "Sees",
    cell: ({ getValue }) => (
      <Badge color={getValue() ? "orange" : "gray"} variant="light" miw="fit-content">
        {getValue() ? "Linked devices only" : "Every device"}
      </Badge>
    ),
  }),
  col.display({
    id: "devices",
    header: "Linked devices",
    cell: ({ row }) => row.original.devices.join(", ") || "—",
  }),
];

/** Account device links (edit_permissions): which accounts may see which devices. */
export default function AccDevLink() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const chosen = (k: string) => (reply?.values?.[k] ?? "").split(",").filter(Boolean);
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Account device links
        </Title>
        <Text c="dimmed" size="sm">
          An account with linked devices sees only those: on the map, in fleet lists, trips and
          reports. An account without links sees every device.
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
            <TableToolbar
              search={{ value: data.q, label: "Search accounts", placeholder: "Name or username" }}
              filters={[
                {
                  name: "only",
                  label: "Accounts",
                  value: data.only ? "restricted" : "",
                  options: [
                    { value: "", label: "Every account" },
                    { value: "restricted", label: "Linked devices only" },
                  ],
                },
              ]}
            />
            <DataTable
              data={data.accounts}
              columns={columns}
              getRowId={(a) => String(a.username_id)}
              label="Accounts and their devices"
              testId="device-links"
              minWidth={720}
              empty="No account matches your search."
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="md">
            <Form method="post" data-testid="link-form">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Link or unlink
                </Title>
                <FormMessage reply={reply} />
                <MultiPicker
                  id="link-accounts"
                  name="accounts"
                  label="Accounts"
                  data={data.accounts.map((a) => ({ value: String(a.username_id), label: a.name }))}
                  defaultValue={chosen("accounts")}
                  error={reply?.errors?.accounts}
                  testId="link-accounts"
                />
                <MultiPicker
                  id="link-devices"
                  name="devices"
                  label="Devices"
                  data={data.devices.map((d) => ({ value: d.imei, label: d.nickname }))}
                  defaultValue={chosen("devices")}
                  error={reply?.errors?.devices}
                  testId="link-devices"
                />
                <Group gap="xs">
                  <Button type="submit" name="intent" value="link" loading={busy}>
                    Link
                  </Button>
                  <Button type="submit" name="intent" value="unlink" variant="default">
                    Unlink
                  </Button>
                  <Button type="submit" name="intent" value="unrestrict" variant="subtle">
                    Show them every device
                  </Button>
                </Group>
              </Stack>
            </Form>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
