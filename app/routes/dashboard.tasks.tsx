import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useActionResult } from "~/lib/action-result";
import { useSettings } from "~/components/settings/settings-context";
import type { Measurement } from "~/lib/units";
import { useCompanyZone } from "~/components/company-time";
import { RequiresPermission } from "~/components/requires-permission";
import { CAN } from "~/lib/access";
import { parseForm } from "~/lib/parse-form";
import { dayKey } from "~/lib/zoned-days";
import { CompleteForm, NewTaskForm } from "~/modules/maintenance/components/task-forms";
import { day, distance, dueDay, hours } from "~/modules/maintenance/format";
import {
  CompletionSchema,
  EditTaskSchema,
  TASK_LABELS,
  TaskSchema,
} from "~/modules/maintenance/schemas";
import { EditTaskForm } from "~/modules/maintenance/components/task-edit-form";
import { PHOTO_ACCEPT, PHOTO_LIMIT_TEXT } from "~/modules/maintenance/photos.server";
import {
  addTask,
  companyTask,
  editTask,
  finishTask,
  removePhoto,
  taskFilters,
  taskRows,
} from "~/modules/maintenance/tasks.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Tasks · Tracksmith" }];
const PAGE = "/dashboard/tasks";
const MANAGE = CAN.manageMaintenance;

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  const url = new URL(request.url);
  const filters = taskFilters(url);
  const { rows, vehicles, meters, people } = await taskRows(ctx, filters);
  const completeId = url.searchParams.get("complete");
  let completing = null;
  if (completeId !== null) {
    const t = (await taskRows(ctx)).rows.find((x) => String(x.id) === completeId);
    if (!t) throw new Response("Not found", { status: 404 });
    const m = t.imei ? meters.get(t.imei) : undefined;
    completing = {
      task: { id: t.id, title: t.title, vehicle: t.vehicle },
      defaults: {
        done_at: dayKey(Date.now(), await companyTimeZone(ctx.auth)),
        odometer_km: m ? String(m.odometer_km) : "",
        engine_hours: m ? String(m.engine_hours) : "",
      },
    };
  }
  const editId = url.searchParams.get("edit");
  const editing =
    editId === null
      ? null
      : {
          task: await companyTask(ctx, editId),
          vehicle: null as string | null,
          photo: { accept: PHOTO_ACCEPT, limit: PHOTO_LIMIT_TEXT },
        };
  if (editing?.task.imei) editing.vehicle = meters.get(editing.task.imei)?.nickname ?? null;
  return json({ rows, vehicles, people, filters, completing, editing, can: ctx.can });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  return switchIntent(await request.formData(), {
    create: async (f) => {
      const s = parseForm(f, TaskSchema);
      if (s.status !== "success") return json({ result: s.reply() }, { status: 400 });
      const r = await addTask(ctx, s.value);
      if (!r.ok) return json({ result: s.reply({ formErrors: [r.message] }) }, { status: 400 });
      return redirectWithToast(PAGE, { type: "success", description: "Task added." });
    },
    update: async (f) => {
      const s = parseForm(f, EditTaskSchema);
      if (s.status !== "success") return json({ result: s.reply() }, { status: 400 });
      const r = await editTask(ctx, s.value);
      if (!r.ok)
        return json(
          { result: s.reply({ formErrors: [r.message] }), message: r.message },
          { status: 400 },
        );
      const what =
        s.value.remove_item !== undefined
          ? "Checklist item removed."
          : s.value.new_item
            ? "Checklist item added. Task saved."
            : "Task saved.";
      return redirectWithToast(`${PAGE}?edit=${s.value.task_id}`, {
        type: "success",
        description: what,
      });
    },
    "remove-photo": async (f) => {
      const id = Number(f.get("task_id"));
      const r = await removePhoto(ctx, id, String(f.get("photo") ?? ""));
      return redirectWithToast(`${PAGE}?edit=${id}`, {
        type: r.ok ? "success" : "error",
        description: r.ok ? "Photo removed." : r.message,
      });
    },
    complete: async (f) => {
      const s = parseForm(f, CompletionSchema);
      if (s.status !== "success") return json({ result: s.reply() }, { status: 400 });
      const r = await finishTask(ctx, s.value);
      if (!r.ok) {
        const errors = r.field
          ? { fieldErrors: { [r.field]: [r.message] } }
          : { formErrors: [r.message] };
        return json(
          { result: s.reply(errors), message: r.field ? null : r.message },
          { status: 400 },
        );
      }
      return redirectWithToast(PAGE, {
        type: "success",
        description: "Task completed. The schedule's next due counts from this service.",
      });
    },
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["rows"][number];
const COLOURS = {
  open: "blue",
  in_progress: "violet",
  on_hold: "yellow",
  done: "teal",
  cancelled: "gray",
} as const;
const col = createColumnHelper<Row>();
const columnsIn = (zone: string, m: Measurement) => [
  col.accessor("title", {
    header: "Task",
    cell: ({ row: { original: t } }) => (
      <>
        <Anchor component={Link} to={`${PAGE}?edit=${t.id}`} data-testid={`edit-${t.id}`}>
          {t.title}
        </Anchor>{" "}
        {t.source === "schedule" ? (
          <Badge size="xs" variant="outline">
            Scheduled
          </Badge>
        ) : null}
      </>
    ),
  }),
  col.accessor("vehicle", { header: "Vehicle", cell: ({ getValue }) => getValue() ?? "–" }),
  col.accessor("status", {
    header: "Status",
    cell: ({ getValue }) => (
      <Badge color={COLOURS[getValue()]} variant="light">
        {TASK_LABELS[getValue()]}
      </Badge>
    ),
  }),
  col.accessor("assignee", { header: "Assignee", cell: ({ getValue }) => getValue() ?? "–" }),
  col.display({
    id: "due",
    header: "Due",
    cell: ({ row: { original: t } }) =>
      [
        t.due_at ? dueDay(t.due_at, zone) : null,
        t.due_km !== null ? distance(t.due_km, m) : null,
        t.due_hours !== null ? hours(t.due_hours) : null,
      ]
        .filter(Boolean)
        .join(" · ") || "–",
  }),
  col.display({
    id: "done",
    header: "Done",
    cell: ({ row: { original: t } }) =>
      t.status === "done" ? (
        `${day(t.completed_at, zone)} · ${distance(t.completed_km, m)}`
      ) : t.status === "cancelled" ? (
        "–"
      ) : (
        <Anchor component={Link} to={`${PAGE}?complete=${t.id}`} data-testid={`complete-${t.id}`}>
          Complete…
        </Anchor>
      ),
  }),
];

export default function Tasks() {
  const data = useLoaderData<typeof loader>();
  const zone = useCompanyZone();
  const { measurement } = useSettings().settings;
  const columns = useMemo(() => columnsIn(zone, measurement), [zone, measurement]);
  const result = useActionResult<typeof action>();
  const nav = useNavigation();
  const busy = (intent: string) =>
    nav.state === "submitting" && nav.formData?.get("intent") === intent;
  return (
    <Stack gap="md" maw={1300}>
      <Title order={1}>Tasks</Title>
      {data.editing ? (
        <Paper withBorder p="md">
          <RequiresPermission allowed={data.can.update} rule={MANAGE} what="Changing a task">
            <EditTaskForm
              // A saved change comes back as new defaults: a fresh form shows them (Conform keeps
              // a form's state for as long as it stays mounted).
              key={JSON.stringify(data.editing.task)}
              task={{ ...data.editing.task, vehicle: data.editing.vehicle }}
              people={data.people}
              photo={data.editing.photo}
              lastResult={result?.result}
              message={result?.message}
              busy={busy("update")}
            />
          </RequiresPermission>
        </Paper>
      ) : null}
      {data.completing ? (
        <Paper withBorder p="md">
          <RequiresPermission allowed={data.can.complete} rule={MANAGE} what="Completing a task">
            <CompleteForm
              {...data.completing}
              lastResult={result?.result}
              message={result?.message}
              busy={busy("complete")}
            />
          </RequiresPermission>
        </Paper>
      ) : null}
      <RequiresPermission allowed={data.can.create} rule={MANAGE} what="Adding a task">
        <Paper withBorder p="md">
          <NewTaskForm
            vehicles={data.vehicles}
            people={data.people}
            lastResult={data.completing || data.editing ? undefined : result?.result}
            busy={busy("create")}
          />
        </Paper>
      </RequiresPermission>
      <Form method="get">
        <Group align="flex-end">
          <TextInput name="q" label="Search" defaultValue={data.filters.q} />
          <NativeSelect
            name="status"
            label="Status"
            defaultValue={data.filters.status ?? ""}
            data={[
              { value: "", label: "Any" },
              ...Object.entries(TASK_LABELS).map(([value, label]) => ({ value, label })),
            ]}
          />
          <NativeSelect
            name="imei"
            label="Vehicle"
            defaultValue={data.filters.imei ?? ""}
            data={[
              { value: "", label: "Any" },
              ...data.vehicles.map((v) => ({ value: v.imei, label: v.nickname })),
            ]}
          />
          <Button type="submit" variant="default">
            Filter
          </Button>
        </Group>
      </Form>
      <DataTable
        data={data.rows}
        columns={columns}
        getRowId={(t) => String(t.id)}
        rowProps={(t) => ({ "data-task": t.id, "data-status": t.status })}
        label="Tasks"
        testId="tasks"
        minWidth={900}
        empty="No tasks match."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
