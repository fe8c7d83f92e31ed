import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm, refusalReply } from "~/lib/parse-form";
import { GroupNameForm } from "~/modules/admin/components/group-name-form";
import { GroupSchema } from "~/modules/admin/people-form";
import { addGroup, groupsPage, removeGroup, renameGroupOf } from "~/modules/admin/groups.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Groups · Tracksmith" }];
const PAGE = "/admin/groups";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await groupsPage(ctx, new URL(request.url)));
}

type ActionData = {
  intent?: "create" | "rename";
  result?: SubmissionResult<string[]>;
  confirmFor?: number;
  refusedFor?: number;
  message?: string;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return switchIntent(await request.formData(), {
    create: async (form) => {
      const s = parseForm(form, GroupSchema);
      if (s.status !== "success")
        return json<ActionData>({ intent: "create", result: s.reply() }, { status: 400 });
      const r = await addGroup(ctx, s.value.nickname);
      if (!r.ok) {
        const result = refusalReply(s, "nickname", r.message);
        return json<ActionData>({ intent: "create", result }, { status: 409 });
      }
      return redirectWithToast(PAGE, {
        type: "success",
        description: `Group ${r.nickname} added.`,
      });
    },
    rename: async (form) => {
      const s = parseForm(form, GroupSchema);
      if (s.status !== "success")
        return json<ActionData>({ intent: "rename", result: s.reply() }, { status: 400 });
      const r = await renameGroupOf(ctx, form.get("id"), s.value.nickname);
      if (!r.ok) {
        const result = refusalReply(s, "nickname", r.message);
        return json<ActionData>({ intent: "rename", result }, { status: 409 });
      }
      return redirectWithToast(PAGE, { type: "success", description: `Renamed to ${r.nickname}.` });
    },
    delete: async (form) => {
      const id = Number(form.get("id"));
      if (form.get("confirm") !== "yes") {
        await groupsPage(
          ctx,
          new URL(`http://x/?rename=${encodeURIComponent(String(form.get("id")))}`),
        );
        return json<ActionData>({ confirmFor: id });
      }
      const r = await removeGroup(ctx, form.get("id"));
      if (!r.ok) return json<ActionData>({ refusedFor: id, message: r.message }, { status: 409 });
      return redirectWithToast(PAGE, { type: "success", description: "Group deleted." });
    },
  });
}

/** Groups (SPEC §2.8, groups_view): people and vehicles, sorted by name case-insensitively. */
export default function Groups() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Groups
          </Title>
          <Text c="dimmed" size="sm">
            Groups gather people and vehicles. What members may do is set on Group Permissions.
          </Text>
        </div>
        {data.canManage ? (
          <Button component={Link} to="/admin/addgroup">
            Add group
          </Button>
        ) : null}
      </Group>
      {act?.intent === "create" && act.result ? (
        <Paper withBorder p="md">
          <GroupNameForm result={act.result} busy={busy} />
        </Paper>
      ) : null}
      {act?.message ? (
        <Alert color="red" role="alert" title="Not deleted" data-testid="group-refused">
          {act.message}
        </Alert>
      ) : null}
      <TableToolbar search={{ value: data.q, label: "Search groups", placeholder: "Group name" }} />
      <Stack gap="sm" data-testid="groups">
        {data.groups.length === 0 ? (
          <Text>{data.total ? "No group matches your search." : "No groups yet."}</Text>
        ) : null}
        {data.groups.map((g) => (
          <Paper withBorder p="md" key={g.id} data-testid="group" data-group={g.nickname}>
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <div>
                <Title order={2} size="h4">
                  {g.nickname}
                </Title>
                <Text size="sm" c="dimmed">
                  {g.members.length} member{g.members.length === 1 ? "" : "s"} · {g.vehicles.length}{" "}
                  vehicle{g.vehicles.length === 1 ? "" : "s"}
                </Text>
              </div>
              {data.canManage ? (
                <Group gap="xs">
                  <Button
                    component={Link}
                    to={`?rename=${g.id}`}
                    variant="subtle"
                    size="compact-sm"
                  >
                    Rename
                  </Button>
                  <ConfirmForm
                    fields={{ intent: "delete", id: g.id }}
                    confirming={act?.confirmFor === g.id}
                    label="Delete"
                    question={`Delete ${g.nickname}?`}
                    confirmLabel="Yes, delete"
                    busy={busy}
                  />
                </Group>
              ) : null}
            </Group>
            {data.rename === g.id ? (
              <GroupNameForm
                group={g}
                result={act?.intent === "rename" ? act.result : undefined}
                busy={busy}
                cancelTo={PAGE}
              />
            ) : null}
            <details>
              <summary>Members and vehicles</summary>
              <Text size="sm" mt="xs">
                <strong>Members:</strong> {g.members.length ? g.members.join(", ") : "none"}
              </Text>
              <Text size="sm">
                <strong>Vehicles:</strong> {g.vehicles.length ? g.vehicles.join(", ") : "none"}
              </Text>
            </details>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
