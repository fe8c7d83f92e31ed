import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Radio,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { isAllowed } from "~/lib/access";
import { adminAction, adminPage } from "~/modules/forms/admin.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Forms Admin · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  return json({
    ...(await adminPage(ctx)),
    canBuild: isAllowed(ctx.user, { permission: "forms_add" }),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "forms");
  const run = async (form: FormData) => {
    const id = Number(form.get("id"));
    if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
    const r = await adminAction(ctx, String(form.get("intent")), id, form);
    if (!r.ok) return json({ id: r.id, message: r.message }, { status: 400 });
    return redirectWithToast("/forms/admin", { type: "success", description: r.message });
  };
  return switchIntent(await request.formData(), {
    publish: run,
    archive: run,
    unarchive: run,
    duplicate: run,
    fillers: run,
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["forms"][number];
const col = createColumnHelper<Row>();

function Fillers({ f, groups }: { f: Row; groups: Data["groups"] }) {
  return (
    <details>
      <summary>
        {f.everyone
          ? "Everyone"
          : groups
              .filter((g) => f.groupIds.includes(g.id))
              .map((g) => g.nickname)
              .join(", ") || "Nobody"}
      </summary>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="id" value={f.id} />
        <Stack gap={6} mt={6} miw={220}>
          <Radio.Group
            name="everyone"
            defaultValue={f.everyone ? "yes" : "no"}
            label={`Who may fill in ${f.title}`}
          >
            <Stack gap={4} mt={4}>
              <Radio value="yes" label="Everyone who may fill in forms" />
              <Radio value="no" label="Only these groups:" />
            </Stack>
          </Radio.Group>
          {groups.map((g) => (
            <Checkbox
              key={g.id}
              name="group"
              value={g.id}
              label={g.nickname}
              defaultChecked={f.groupIds.includes(g.id)}
            />
          ))}
          <Button type="submit" name="intent" value="fillers" size="compact-sm" w="fit-content">
            Save who may fill it in
          </Button>
        </Stack>
      </Form>
    </details>
  );
}

const act = (f: Row, intent: string, label: string, variant = "subtle") => (
  <Form method="post" preventScrollReset key={intent}>
    <input type="hidden" name="id" value={f.id} />
    <Button
      type="submit"
      name="intent"
      value={intent}
      variant={variant}
      size="compact-sm"
      aria-label={`${label}: ${f.title}`}
    >
      {label}
    </Button>
  </Form>
);

function columns(groups: Data["groups"]) {
  return [
    col.accessor("title", {
      header: "Form",
      cell: ({ row: { original: f } }) => (
        <Stack gap={2}>
          <Anchor component={Link} to={`/forms/buildform/${f.id}`}>
            {f.title}
          </Anchor>
          {f.archived ? (
            <Badge color="gray" variant="light" w="fit-content">
              Archived
            </Badge>
          ) : null}
        </Stack>
      ),
    }),
    col.display({
      id: "versions",
      header: "Versions",
      cell: ({ row: { original: f } }) => (
        <Stack gap={2}>
          <Text size="sm">{f.version ? `Version ${f.version} is live` : "Never published"}</Text>
          {f.versions.length > 1 ? (
            <Text size="xs" c="dimmed">
              Earlier:{" "}
              {f.versions
                .slice(0, -1)
                .map((v) => `v${v.version}`)
                .join(", ")}
            </Text>
          ) : null}
          {f.draftChanged ? (
            <Badge color="yellow" variant="light" w="fit-content">
              Unpublished changes
            </Badge>
          ) : null}
        </Stack>
      ),
    }),
    col.display({
      id: "fillers",
      header: "Who may fill it in",
      cell: ({ row: { original: f } }) => <Fillers f={f} groups={groups} />,
    }),
    col.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: f } }) => (
        <Group gap={4} wrap="wrap">
          {f.draftChanged ? act(f, "publish", "Publish", "light") : null}
          {act(f, "duplicate", "Duplicate")}
          {f.archived ? act(f, "unarchive", "Restore") : act(f, "archive", "Archive")}
        </Group>
      ),
    }),
  ];
}

export default function FormsAdmin() {
  const data = useLoaderData<typeof loader>();
  const act = useActionData<typeof action>();
  const failed = act && "id" in act ? act : null;
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Forms Admin
        </Title>
        <Text c="dimmed" size="sm">
          Every form with its versions. Publishing makes the draft the next version; answers already
          given keep the version they answered.{" "}
          {data.canBuild ? (
            <Anchor component={Link} to="/forms/buildform">
              Build a new form
            </Anchor>
          ) : null}
        </Text>
      </div>
      {failed ? (
        <Alert color="red" role="alert" data-testid="admin-error">
          {data.forms.find((f) => f.id === failed.id)?.title}: {failed.message}
        </Alert>
      ) : null}
      <DataTable
        data={data.forms}
        columns={columns(data.groups)}
        getRowId={(f) => String(f.id)}
        label="Forms"
        testId="forms-admin"
        minWidth={820}
        empty="No forms yet."
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
