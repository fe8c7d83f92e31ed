import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { ConfirmForm } from "~/components/confirm-form";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { SubmissionResult } from "@conform-to/react";
import { parseForm, refusalReply } from "~/lib/parse-form";
import { PersonFormCard } from "~/modules/admin/components/person-form";
import { PersonSchema } from "~/modules/admin/people-form";
import { personPage, resetPassword, savePerson, setActive } from "~/modules/admin/people.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.person.name ?? "Person"} · People · Tracksmith` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await personPage(ctx, params.id));
}

type ActionData = {
  intent?: "update";
  result?: SubmissionResult<string[]>;
  confirm?: "deactivate";
  message?: string;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  const id = params.id ?? "";
  const here = `/admin/people/${encodeURIComponent(id)}`;
  return switchIntent(await request.formData(), {
    update: async (form) => {
      const s = parseForm(form, PersonSchema);
      if (s.status !== "success")
        return json<ActionData>({ intent: "update", result: s.reply() }, { status: 400 });
      const r = await savePerson(ctx, id, s.value);
      if (!r.ok) {
        const result = refusalReply(s, r.field, r.message);
        return json<ActionData>({ intent: "update", result }, { status: 409 });
      }
      return redirectWithToast(here, { type: "success", description: `${r.person.name} saved.` });
    },
    deactivate: async (form) => {
      if (form.get("confirm") !== "yes") {
        await personPage(ctx, id); // another company's id is a 404 before anything is asked
        return json<ActionData>({ confirm: "deactivate" });
      }
      const r = await setActive(ctx, id, false);
      if (!r.ok) return json<ActionData>({ message: r.message }, { status: 409 });
      return redirectWithToast(here, {
        type: "success",
        description: `${r.person.name} is deactivated and signed out everywhere.`,
      });
    },
    activate: async () => {
      const r = await setActive(ctx, id, true);
      if (!r.ok) return json<ActionData>({ message: r.message }, { status: 409 });
      return redirectWithToast(here, {
        type: "success",
        description: `${r.person.name} can sign in again.`,
      });
    },
    reset: async () => {
      const r = await resetPassword(ctx, id);
      if (!r.ok) return json<ActionData>({ message: r.message }, { status: 409 });
      return redirectWithToast(here, {
        type: "success",
        description: `A password reset email went to ${r.sent_to}.`,
      });
    },
  });
}

type Permission = ReturnType<typeof useLoaderData<typeof loader>>["permissions"][number];
const col = createColumnHelper<Permission>();

const PERMISSION_COLUMNS = [
  col.accessor("name", { header: "Permission", cell: ({ getValue }) => <code>{getValue()}</code> }),
  col.accessor("granted", {
    header: "Allowed",
    cell: ({ getValue }) => (getValue() ? "Yes" : "No"),
  }),
  col.accessor("why", {
    header: "Granted by",
    cell: ({ getValue }) => (getValue().length ? getValue().join(", ") : "—"),
  }),
];

/** A person (people_view): details, groups, permissions with what grants each, devices, last sign-in. */
export default function Person() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const p = data.person;
  const groupNames = data.groups.filter((g) => p.group_ids.includes(g.id)).map((g) => g.nickname);
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Anchor component={Link} to="/admin/people" size="sm">
          ← People
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {p.name}
          </Title>
          <Badge color={p.active ? "teal" : "gray"} variant="light" data-testid="person-state">
            {p.active ? "Active" : "Deactivated"}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm">
          {p.username} · last sign-in{" "}
          {p.last_login ? <CompanyTime at={p.last_login} kind="datetime" /> : "never"}
        </Text>
      </div>
      {act?.message ? (
        <Alert color="red" role="alert" data-testid="person-refused">
          {act.message}
        </Alert>
      ) : null}
      {data.canManage && !data.self ? (
        <Group gap="sm">
          {p.active ? (
            <>
              <Form method="post">
                <Button type="submit" name="intent" value="reset" variant="default" loading={busy}>
                  Send password reset
                </Button>
              </Form>
              <ConfirmForm
                fields={{ intent: "deactivate" }}
                confirming={act?.confirm === "deactivate"}
                label="Deactivate"
                question={`Deactivate ${p.name}? They are signed out at once.`}
                confirmLabel="Yes, deactivate"
                busy={busy}
                size="sm"
                variant="light"
              />
            </>
          ) : (
            <Form method="post">
              <Button type="submit" name="intent" value="activate" loading={busy}>
                Reactivate
              </Button>
            </Form>
          )}
        </Group>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                Groups
              </Title>
              <Text size="sm">{groupNames.length ? groupNames.join(", ") : "In no group."}</Text>
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                What {p.first_name} may do, and why
              </Title>
              <DataTable
                data={data.permissions}
                columns={PERMISSION_COLUMNS}
                getRowId={(x) => x.name}
                rowProps={(x) => ({ "data-permission": x.name })}
                testId="effective-permissions"
                label={`What ${p.first_name} may do, and why`}
                // Its rows hold nothing to focus: the scroll area itself is reached by keyboard.
                focusableScroll
                minWidth={420}
                striped={false}
                highlightOnHover={false}
              />
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="xs">
                Devices {p.first_name} can see
              </Title>
              <Text size="sm" mb="xs" data-testid="person-devices">
                {data.devices.restricted
                  ? `Only linked devices: ${data.devices.count}.`
                  : `Every device of the company (${data.devices.count}).`}{" "}
                <Anchor component={Link} to="/admin/accdevlink">
                  Account device links
                </Anchor>
              </Text>
              {data.devices.restricted ? (
                <List size="sm">
                  {data.devices.list.map((d) => (
                    <List.Item key={d.imei}>{d.nickname}</List.Item>
                  ))}
                </List>
              ) : null}
            </Paper>
          </Stack>
        </Grid.Col>
        {data.canManage ? (
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <PersonFormCard
              intent="update"
              initial={p}
              groups={data.groups}
              reply={act?.intent === "update" ? act.result : undefined}
              title={`Edit ${p.name}`}
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
