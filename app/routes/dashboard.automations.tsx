import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { confirmColumn } from "~/components/data-table/confirm-column";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { type ActionResult, useActionResult } from "~/lib/action-result";
import { retryText } from "~/modules/operations/automations/format";
import { formatZoned } from "~/lib/zoned-time";
import {
  automationsPage,
  removeAutomation,
  requireAutomation,
  setEnabled,
} from "~/modules/operations/automations/automations.server";
import { requireModule } from "~/services/guard.server";
import { measurementOf } from "~/services/measurement.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Automations · Tracksmith" }];
const PAGE = "/dashboard/automations";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return json({
    ...(await automationsPage(ctx, new URL(request.url), measurementOf(request))),
    canManage: ctx.can.enable ?? false,
  });
}

const idOf = (form: FormData) => {
  const id = String(form.get("id") ?? "");
  if (!/^[\w:-]{1,60}$/.test(id)) throw new Response("Not found", { status: 404 });
  return id;
};

type ActionData = { confirmFor?: string };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return switchIntent(await request.formData(), {
    enable: async (f) => {
      await setEnabled(ctx, idOf(f), true);
      return redirectWithToast(PAGE, { type: "success", description: "Automation turned on." });
    },
    disable: async (f) => {
      await setEnabled(ctx, idOf(f), false);
      return redirectWithToast(PAGE, { type: "success", description: "Automation turned off." });
    },
    delete: async (f) => {
      const id = idOf(f);
      if (f.get("confirm") !== "yes") {
        await requireAutomation(ctx, id); // a foreign id is a 404 before anything is asked
        return json<ActionData>({ confirmFor: id });
      }
      await removeAutomation(ctx, id);
      return redirectWithToast(PAGE, { type: "success", description: "Automation deleted." });
    },
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["rows"][number];
const col = createColumnHelper<Row>();

function columns(data: Data, act: ActionResult<typeof action> | undefined, busy: boolean) {
  return [
    col.accessor("name", {
      header: "Name",
      cell: ({ row: { original: r } }) => (
        <Anchor component={Link} to={r.href}>
          {r.name}
        </Anchor>
      ),
    }),
    col.accessor("source", {
      header: "Kind",
      cell: ({ getValue }) => (getValue() === "notification" ? "Notification rule" : "Automation"),
    }),
    col.accessor("enabled", {
      header: "State",
      cell: ({ getValue }) => (
        <Badge color={getValue() ? "teal" : "gray"} variant="light" miw="fit-content">
          {getValue() ? "On" : "Off"}
        </Badge>
      ),
    }),
    col.accessor("trigger", { header: "Trigger" }),
    col.accessor("actions", { header: "Actions" }),
    col.accessor("lastFiredAt", {
      header: "Last fired",
      cell: ({ getValue }) => (getValue() ? formatZoned(getValue()!, data.timeZone) : "Never"),
    }),
    confirmColumn<Row>({
      id: "manage",
      header: "Manage",
      rowKey: (r) => r.id,
      confirmFor: act?.confirmFor,
      question: (r) => `Delete ${r.name}?`,
      busy,
      canConfirm: (r) => data.canManage && r.source === "automation",
      before: (r) => (
        <>
          {r.source === "automation" ? (
            <Anchor component={Link} to={`?history=${r.id}`} size="sm">
              Run history
            </Anchor>
          ) : null}
          {data.canManage ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="id" value={r.id} />
              <Button
                type="submit"
                name="intent"
                value={r.enabled ? "disable" : "enable"}
                variant="subtle"
                size="compact-sm"
                aria-label={`${r.enabled ? "Turn off" : "Turn on"} ${r.name}`}
              >
                {r.enabled ? "Turn off" : "Turn on"}
              </Button>
            </Form>
          ) : null}
        </>
      ),
    }),
  ];
}

const OUTCOME_COLOURS: Record<string, string> = {
  fired: "teal",
  skipped: "gray",
  failed: "red",
  retrying: "indigo",
};

/** Automations (SPEC §2.3, feature automation): every rule, on or off, and what each did. */
export default function Automations() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Automations
          </Title>
          <Text c="dimmed" size="sm">
            Rules of a trigger, conditions and actions. Notification rules run on the same engine:
            edit them under Notifications.
          </Text>
        </div>
        {data.canManage ? (
          <Button component={Link} to="/dashboard/createAutomations">
            Create an automation
          </Button>
        ) : null}
      </Group>
      <DataTable
        data={data.rows}
        columns={columns(data, act, busy)}
        getRowId={(r) => r.id}
        label="Automations"
        testId="automations"
        minWidth={900}
        empty="No automations yet."
      />
      {data.history ? (
        <Paper withBorder p="md" data-testid="run-history">
          <Title order={2} size="h3" mb="xs">
            Run history: {data.history.name}
          </Title>
          {data.history.runs.length ? (
            <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
              {data.history.runs.map((r) => (
                <Group component="li" key={r.id} gap="sm" wrap="nowrap" align="flex-start">
                  <Badge color={OUTCOME_COLOURS[r.outcome] ?? "gray"} variant="light" miw={70}>
                    {r.outcome}
                  </Badge>
                  <Text size="sm">
                    {formatZoned(r.at, data.timeZone)} · {r.subject} ·{" "}
                    {r.retry ? retryText(r.retry, data.timeZone) : r.reason}
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : (
            <Alert color="gray">It has not run yet.</Alert>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
