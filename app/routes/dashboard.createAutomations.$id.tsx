import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { defer } from "@remix-run/node";
import { Await, Link, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useActionResult } from "~/lib/action-result";
import {
  automationForEdit,
  builderChoices,
  requireAutomation,
} from "~/modules/operations/automations/automations.server";
import { builderAction } from "~/modules/operations/automations/builder-action.server";
import { dryRun, type DryRun } from "~/modules/operations/automations/dry-run.server";
import { formatZoned } from "~/lib/zoned-time";
import { AutomationBuilder } from "~/modules/operations/components/automation-builder";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.name} · Edit Automation · Tracksmith`
      : "Automation not found · Tracksmith",
  },
];

const idOf = (raw: string | undefined) => {
  if (!raw || !/^[\w-]{1,40}$/.test(raw)) throw new Response("Not found", { status: 404 });
  return raw;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const edit = await automationForEdit(ctx, idOf(params.id));
  const wantsDryRun = new URL(request.url).searchParams.get("dryrun") === "1";
  const canManage = ctx.can["*"] ?? false;
  return defer({
    id: edit.id,
    name: edit.automation.name,
    draft: edit.draft,
    secret: canManage ? edit.secret : null,
    canManage,
    choices: await builderChoices(ctx),
    timeZone: await companyTimeZone(ctx.auth),
    // Streamed: the page shows at once, with the dry run's progress until it is done.
    dryRun: wantsDryRun ? dryRun(ctx.companyId, ctx.auth.token, edit.automation) : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const id = idOf(params.id);
  await requireAutomation(ctx, id); // another company's id: 404 before anything else
  return builderAction(ctx, id, await request.formData());
}

const COLOURS: Record<string, string> = { fired: "teal", skipped: "gray" };

const col = createColumnHelper<DryRun["rows"][number]>();

const dryRunColumns = (timeZone: string) => [
  col.accessor("time", {
    header: "When",
    cell: ({ getValue }) => formatZoned(getValue(), timeZone),
  }),
  col.accessor("subject", { header: "Subject" }),
  col.accessor("outcome", {
    header: "Outcome",
    cell: ({ getValue }) => (
      <Badge color={COLOURS[getValue()]} variant="light">
        {getValue() === "fired" ? "would fire" : "skipped"}
      </Badge>
    ),
  }),
  col.accessor("reason", { header: "Why" }),
];

function DryRunResult({ r, timeZone }: { r: DryRun; timeZone: string }) {
  return (
    <Stack gap="xs" data-testid="dry-run-result">
      <Text role="status">
        Over {r.events.toLocaleString("en")} events from {formatZoned(r.from, timeZone)} to{" "}
        {formatZoned(r.to, timeZone)}: <strong>would have fired {r.fired} times</strong>, skipped{" "}
        {r.skipped} ({(r.ms / 1000).toFixed(1)} s).
      </Text>
      {r.reasons.length ? (
        <div>
          <Text fw={600} size="sm">
            Why events were skipped
          </Text>
          <ul style={{ margin: 0 }}>
            {r.reasons.map((x) => (
              <li key={x.reason}>
                <Text size="sm">
                  {x.reason}: {x.count}
                </Text>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <DataTable
        data={r.rows}
        columns={dryRunColumns(timeZone)}
        getRowId={(_, i) => String(i)}
        label="Dry run decisions, newest first"
        // The rows hold nothing to focus: the scroll area itself must be reachable by keyboard.
        focusableScroll
        minWidth={560}
        withTableBorder
        highlightOnHover={false}
        empty={<Text size="sm">No event of the last 7 days was one this trigger listens to.</Text>}
      />
    </Stack>
  );
}

/** Edit an automation (SPEC §2.3, createAutomations/{id}), with its 7-day dry run. */
export default function EditAutomation() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} size="h2">
          {data.name}
        </Title>
        <Text c="dimmed" size="sm">
          <Anchor component={Link} to="/dashboard/automations">
            All automations
          </Anchor>{" "}
          ·{" "}
          <Anchor component={Link} to={`/dashboard/automations?history=${data.id}`}>
            Run history
          </Anchor>
        </Text>
      </div>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={2} size="h3">
            Dry run
          </Title>
          <Text size="sm">
            What the saved automation would have done over the last 7 days of events. Nothing is
            sent.
          </Text>
          <Group>
            <Button component={Link} to="?dryrun=1" variant="default" preventScrollReset>
              Run a dry run over 7 days
            </Button>
          </Group>
          {data.dryRun ? (
            <Suspense
              fallback={
                <Group gap="xs" role="status">
                  <Loader size="sm" aria-hidden />
                  <Text size="sm">Reading 7 days of events and evaluating…</Text>
                </Group>
              }
            >
              <Await
                resolve={data.dryRun}
                errorElement={<Alert color="red">The dry run could not read the events.</Alert>}
              >
                {(r) => <DryRunResult r={r as DryRun} timeZone={data.timeZone} />}
              </Await>
            </Suspense>
          ) : null}
        </Stack>
      </Paper>
      {data.secret ? (
        <Text size="sm">
          Webhook signing secret (HMAC-SHA256 of &quot;timestamp.body&quot;):{" "}
          <Code>{data.secret}</Code>
        </Text>
      ) : null}
      {data.canManage ? (
        <AutomationBuilder
          draft={act?.draft ?? data.draft}
          choices={data.choices}
          result={act?.result}
          message={act?.message}
          formKey={act?.key ?? data.id}
        />
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
