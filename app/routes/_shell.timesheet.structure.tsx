import { Anchor, Button, Grid, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { RosterFormCard } from "~/modules/timesheets/components/roster-form";
import { RosterSchema, WEEKDAYS } from "~/modules/timesheets/leave-form";
import { removeRoster, saveRoster, structurePage } from "~/modules/timesheets/structure.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { CompanyDay } from "~/components/company-time";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Rosters · Tracksmith" }];
const PAGE = "/timesheet/structure";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await structurePage(ctx, new URL(request.url)));
}

export type ActionData = {
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
      cell: ({ row: { original: r } }) => (
        <>
          <CompanyDay day={r.valid_from} /> to {r.valid_to ? <CompanyDay day={r.valid_to} /> : "…"}
        </>
      ),
    }),
    col.display({
      id: "next",
      header: "Next days",
      cell: ({ row: { original: r } }) =>
        r.next.length
          ? r.next.map((day, i) => (
              <span key={day}>
                {i ? ", " : ""}
                <CompanyDay day={day} />
              </span>
            ))
          : "None in 2 weeks",
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

/** Rosters (SPEC §2.7 structure): expected shifts per person or group. */
export default function Structure() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
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
