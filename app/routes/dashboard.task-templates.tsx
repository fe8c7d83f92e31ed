import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { TemplateForm } from "~/modules/maintenance/components/template-form";
import { describeInterval } from "~/modules/maintenance/format";
import {
  saveTemplate,
  templateDefaults,
  templateOf,
  templates,
} from "~/modules/maintenance/maintenance.server";
import { TemplateSchema } from "~/modules/maintenance/schemas";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Task templates · Tracksmith" }];
const PAGE = "/dashboard/task-templates";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  const edit = new URL(request.url).searchParams.get("edit");
  const [list, current] = await Promise.all([templates(ctx), templateOf(ctx, edit)]);
  return json({
    templates: list.map((t) => ({
      id: t.id,
      name: t.name,
      code: t.code,
      interval: describeInterval(t),
      checklist: t.checklist.length,
      cost: t.estimated_cost,
    })),
    editing: current?.id ?? null,
    defaults: templateDefaults(current),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  const form = await request.formData();
  const save = async (f: FormData, id: number | null) => {
    const submission = parseForm(f, TemplateSchema);
    if (submission.status !== "success")
      return json({ result: submission.reply(), message: null }, { status: 400 });
    const r = await saveTemplate(ctx, id, submission.value);
    if (!r.ok) return json({ result: submission.reply(), message: r.message }, { status: 400 });
    return redirectWithToast(`${PAGE}?edit=${r.value.id}`, {
      type: "success",
      description: id === null ? "Template created." : "Template saved.",
    });
  };
  return switchIntent(form, {
    create: (f) => save(f, null),
    update: async (f) => {
      const t = await templateOf(ctx, String(f.get("id") ?? ""));
      return save(f, t!.id);
    },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["templates"][number];
const col = createColumnHelper<Row>();
const COLUMNS = [
  col.accessor("name", {
    header: "Template",
    cell: ({ row: { original: t } }) => (
      <Anchor component={Link} to={`${PAGE}?edit=${t.id}`}>
        {t.name}
      </Anchor>
    ),
  }),
  col.accessor("code", {
    header: "Code",
    cell: ({ getValue }) => (getValue() ? <Badge variant="light">{getValue()}</Badge> : "–"),
  }),
  col.accessor("interval", { header: "Interval" }),
  col.accessor("checklist", { header: "Checklist items", meta: { align: "right" } }),
  col.accessor("cost", {
    header: "Est. cost",
    meta: { align: "right" },
    cell: ({ getValue }) => (getValue() === null ? "–" : `$${getValue()}`),
  }),
];

export default function TaskTemplates() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    { result?: SubmissionResult<string[]>; message?: string | null } | undefined;
  const nav = useNavigation();
  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between">
        <div>
          <Title order={1}>Task templates</Title>
          <Text c="dimmed" size="sm">
            Reusable recurring tasks: intervals by distance, engine hours and time.
          </Text>
        </div>
        <Button component={Link} to={PAGE} variant="light">
          New template
        </Button>
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <DataTable
            data={data.templates}
            columns={COLUMNS}
            getRowId={(t) => String(t.id)}
            label="Task templates"
            testId="templates"
            empty="No templates yet."
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md">
            <TemplateForm
              key={data.editing ?? "new"}
              id={data.editing}
              defaults={data.defaults}
              lastResult={result?.result}
              message={result?.message}
              busy={nav.state === "submitting"}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
