import { Anchor, Badge } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useActionResult } from "~/lib/action-result";
import { EditorPage } from "~/modules/maintenance/components/editor-page";
import { TemplateForm } from "~/modules/maintenance/components/template-form";
import { saveEditorForm } from "~/modules/maintenance/editor-actions.server";
import { describeInterval } from "~/modules/maintenance/format";
import {
  saveTemplate,
  templateDefaults,
  templateOf,
  templates,
} from "~/modules/maintenance/maintenance.server";
import { TemplateSchema } from "~/modules/maintenance/schemas";
import { requireModule } from "~/services/guard.server";
import { measurementOf } from "~/services/measurement.server";
import { switchIntent } from "~/services/intent.server";

export const meta: MetaFunction = () => [{ title: "Task templates · Tracksmith" }];
const PAGE = "/dashboard/task-templates";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  const edit = new URL(request.url).searchParams.get("edit");
  const [list, current] = await Promise.all([templates(ctx), templateOf(ctx, edit)]);
  return json({
    can: ctx.can,
    templates: list.map((t) => ({
      id: t.id,
      name: t.name,
      code: t.code,
      interval: describeInterval(t, measurementOf(request)),
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
  const save = (f: FormData, id: number | null) =>
    saveEditorForm(f, TemplateSchema, {
      page: PAGE,
      save: (value) => saveTemplate(ctx, id, value),
      said: id === null ? "Template created." : "Template saved.",
    });
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
  const result = useActionResult<typeof action>();
  const nav = useNavigation();
  return (
    <EditorPage
      title="Task templates"
      intro="Reusable recurring tasks: intervals by distance, engine hours and time."
      page={PAGE}
      newLabel="New template"
      readOnly={data.can.create ? undefined : "You may look at the templates, but not change them."}
      list={
        <DataTable
          data={data.templates}
          columns={COLUMNS}
          getRowId={(t) => String(t.id)}
          label="Task templates"
          testId="templates"
          empty="No templates yet."
        />
      }
      editor={
        <TemplateForm
          key={data.editing ?? "new"}
          id={data.editing}
          defaults={data.defaults}
          lastResult={result?.result}
          message={result?.message}
          busy={nav.state === "submitting"}
        />
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
