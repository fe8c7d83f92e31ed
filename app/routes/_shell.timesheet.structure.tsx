import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { RosterSchema, WEEKDAYS } from "~/modules/timesheets/leave-form";
import { removeRoster, saveRoster, structurePage } from "~/modules/timesheets/structure.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Rosters · Tracksmith" }];
const PAGE = "/timesheet/structure";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await structurePage(ctx, new URL(request.url)));
}

type ActionData = {
  values?: Record<string, string | string[]>;
  errors?: Record<string, string>;
  message?: string | null;
};

const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  const save = async (form: FormData, id: number | null) => {
    const values: ActionData["values"] = {};
    for (const [k, v] of form.entries())
      if (typeof v === "string")
        values[k] = k === "days" ? [...((values[k] as string[]) ?? []), v] : v;
    for (const k of ["rrule", "jobsite_id", "valid_to"]) if (form.get(k) === "") form.delete(k);
    const submission = parseForm(form, RosterSchema);
    if (submission.status !== "success")
      return json<ActionData>(
        { values, errors: firstErrors(submission.reply()), message: null },
        { status: 400 },
      );
    const r = await saveRoster(ctx, id, submission.value);
    if (!r.ok) return json<ActionData>({ values, message: r.message }, { status: 400 });
    return redirectWithToast(PAGE, {
      type: "success",
      description: id === null ? `Roster ${r.value.name} created.` : `${r.value.name} saved.`,
    });
  };
  return switchIntent(await request.formData(), {
    create: (f) => save(f, null),
    update: (f) => save(f, idOf(f)),
    delete: async (f) => {
      const r = await removeRoster(ctx, idOf(f));
      if (!r.ok) return json<ActionData>({ message: r.message }, { status: 409 });
      return redirectWithToast(PAGE, { type: "success", description: "Roster deleted." });
    },
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
const col = createColumnHelper<Data["rosters"][number]>();

function columns(canManage: boolean) {
  return [
    col.accessor("name", {
      header: "Roster",
      cell: ({ row: { original: r } }) =>
        canManage ? (
          <Anchor component={Link} to={`?edit=${r.id}`}>
            {r.name}
          </Anchor>
        ) : (
          r.name
        ),
    }),
    col.accessor("who", { header: "For" }),
    col.display({
      id: "pattern",
      header: "Pattern",
      cell: ({ row: { original: r } }) =>
        r.pattern === "weekly" ? r.days.map((d) => WEEKDAYS[d]).join(", ") : r.rrule,
    }),
    col.display({
      id: "times",
      header: "Times",
      meta: { nowrap: true },
      cell: ({ row: { original: r } }) =>
        `${r.start_time}–${r.end_time}${r.break_minutes ? `, ${r.break_minutes} min break` : ""}`,
    }),
    col.accessor("hours", { header: "Hours", meta: { align: "right" } }),
    col.accessor("jobsite_name", { header: "Jobsite", cell: ({ getValue }) => getValue() ?? "—" }),
    col.display({
      id: "valid",
      header: "Valid",
      meta: { nowrap: true },
      cell: ({ row: { original: r } }) => `${r.valid_from} to ${r.valid_to ?? "…"}`,
    }),
    col.display({
      id: "next",
      header: "Next days",
      cell: ({ row: { original: r } }) => (r.next.length ? r.next.join(", ") : "None in 2 weeks"),
    }),
    ...(canManage
      ? [
          col.display({
            id: "actions",
            header: "Actions",
            cell: ({ row: { original: r } }) => (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="id" value={r.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="delete"
                  variant="subtle"
                  size="compact-sm"
                  color="red.9"
                >
                  Delete
                </Button>
              </Form>
            ),
          }),
        ]
      : []),
  ];
}

function RosterFormCard({ data, act }: { data: Data; act?: ActionData }) {
  const e = data.editing;
  const v = act?.values;
  const val = (k: string, fallback: string) => (v ? String(v[k] ?? "") : fallback);
  const days = v
    ? ((v.days as string[] | undefined) ?? []).map(Number)
    : (e?.days ?? [1, 2, 3, 4, 5]);
  const err = act?.errors ?? {};
  return (
    <Paper withBorder p="md">
      <Form
        method="post"
        key={`${e?.id ?? "new"}:${JSON.stringify(v ?? {})}`}
        data-testid="roster-form"
      >
        <input type="hidden" name="intent" value={e ? "update" : "create"} />
        {e ? <input type="hidden" name="id" value={e.id} /> : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {e ? `Edit ${e.name}` : "New roster"}
          </Title>
          {act?.message ? (
            <Alert color="red" role="alert">
              {act.message}
            </Alert>
          ) : null}
          <TextInput
            name="name"
            label="Name"
            defaultValue={val("name", e?.name ?? "")}
            error={err.name}
          />
          <NativeSelect
            name="assign"
            label="For"
            defaultValue={val(
              "assign",
              e
                ? e.username_id !== null
                  ? `person:${e.username_id}`
                  : `group:${e.compgroups_id}`
                : "",
            )}
            error={err.assign}
            data={[
              { value: "", label: "Pick a person or a group" },
              ...data.groups,
              ...data.people,
            ]}
          />
          <NativeSelect
            name="pattern"
            label="Repeats"
            defaultValue={val("pattern", e?.pattern ?? "weekly")}
            data={[
              { value: "weekly", label: "Every week on the days ticked" },
              { value: "rrule", label: "By a recurrence rule (RRULE)" },
            ]}
          />
          <Checkbox.Group label="Days (weekly)" error={err.days} defaultValue={days.map(String)}>
            <Group gap="xs">
              {WEEKDAYS.map((d, i) => (
                <Checkbox key={d} name="days" value={String(i)} label={d} />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            name="rrule"
            label="Recurrence rule"
            description="e.g. FREQ=WEEKLY;INTERVAL=2;BYDAY=SA (every second Saturday)"
            defaultValue={val("rrule", e?.rrule ?? "")}
            error={err.rrule}
          />
          <Group grow align="flex-start">
            <TextInput
              type="time"
              name="start_time"
              label="Start"
              defaultValue={val("start_time", e?.start_time ?? "07:00")}
              error={err.start_time}
            />
            <TextInput
              type="time"
              name="end_time"
              label="End"
              defaultValue={val("end_time", e?.end_time ?? "15:30")}
              error={err.end_time}
            />
          </Group>
          <NumberInput
            name="break_minutes"
            label="Break (minutes)"
            min={0}
            max={240}
            defaultValue={val("break_minutes", String(e?.break_minutes ?? 30))}
            error={err.break_minutes}
          />
          <NativeSelect
            name="jobsite_id"
            label="Jobsite"
            defaultValue={val("jobsite_id", e?.jobsite_id ? String(e.jobsite_id) : "")}
            data={[{ value: "", label: "No jobsite" }, ...data.jobsites]}
          />
          <Group grow align="flex-start">
            <TextInput
              type="date"
              name="valid_from"
              label="From"
              defaultValue={val("valid_from", e?.valid_from ?? data.today)}
              error={err.valid_from}
            />
            <TextInput
              type="date"
              name="valid_to"
              label="Until"
              defaultValue={val("valid_to", e?.valid_to ?? "")}
              error={err.valid_to}
            />
          </Group>
          <Group>
            <Button type="submit">{e ? "Save roster" : "Create roster"}</Button>
            {e ? (
              <Button component={Link} to="/timesheet/structure" variant="subtle">
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

/** Rosters (SPEC §2.7 structure): expected shifts per person or group. */
export default function Structure() {
  const data = useLoaderData<typeof loader>();
  const act = useActionData<typeof action>() as ActionData | undefined;
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h2">
          Rosters
        </Title>
        <Text c="dimmed" size="sm">
          Who is expected when: a weekly pattern or a recurrence rule, for one person or a whole
          group. Missing shifts are checked against these.
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: data.canManage ? 8 : 12 }}>
          <DataTable
            data={data.rosters}
            columns={columns(data.canManage)}
            getRowId={(r) => String(r.id)}
            label="Rosters"
            testId="rosters"
            minWidth={1000}
            empty="No rosters yet."
          />
        </Grid.Col>
        {data.canManage ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <RosterFormCard data={data} act={act} />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
