import { Alert, Anchor, Badge, Grid, Stack, Text, Title } from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "@mantine/core";
import { useActionResult } from "~/lib/action-result";
import { formatDay } from "~/lib/zoned-time";
import { useCompanyZone } from "~/components/company-time";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { confirmColumn } from "~/components/data-table/confirm-column";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { JobCodeFormCard } from "~/modules/admin/components/jobcode-form";
import { JobCodeSchema } from "~/modules/admin/jobcode-form";
import {
  jobCodesPage,
  removeJobCode,
  saveJobCode,
  setJobCodeActive,
} from "~/modules/admin/jobcodes.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Job codes · Tracksmith" }];
const PAGE = "/admin/jobcodes";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return json(await jobCodesPage(ctx, new URL(request.url)));
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  message?: string | null;
  confirmFor?: number;
  refused?: { id: number; message: string };
};

const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  const save = async (form: FormData, id: number | null) => {
    const submission = parseForm(form, JobCodeSchema);
    if (submission.status !== "success")
      return json<ActionData>({ result: submission.reply(), message: null }, { status: 400 });
    const r = await saveJobCode(ctx, id, submission.value);
    if (!r.ok)
      return json<ActionData>({ result: submission.reply(), message: r.message }, { status: 400 });
    return redirectWithToast(PAGE, {
      type: "success",
      description: id === null ? `Job code ${r.code.code} created.` : `${r.code.code} saved.`,
    });
  };
  return switchIntent(await request.formData(), {
    create: (f) => save(f, null),
    update: (f) => save(f, idOf(f)),
    delete: async (f) => {
      const id = idOf(f);
      if (f.get("confirm") !== "yes") return json<ActionData>({ confirmFor: id });
      const r = await removeJobCode(ctx, id);
      if (!r.ok) return json<ActionData>({ refused: { id, message: r.message } }, { status: 409 });
      return redirectWithToast(PAGE, { type: "success", description: "Job code deleted." });
    },
    deactivate: async (f) => {
      const code = await setJobCodeActive(ctx, idOf(f), false);
      return redirectWithToast(PAGE, {
        type: "success",
        description: `${code.code} is inactive: no new time can be booked to it.`,
      });
    },
    activate: async (f) => {
      const code = await setJobCodeActive(ctx, idOf(f), true);
      return redirectWithToast(PAGE, { type: "success", description: `${code.code} is active.` });
    },
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["codes"][number];
const col = createColumnHelper<Row>();

function columns(canManage: boolean, act: ActionData | undefined, busy: boolean, zone: string) {
  return [
    col.accessor("code", {
      header: "Code",
      cell: ({ row: { original: c } }) =>
        // A code reads as one word: never broken across lines on a phone.
        canManage ? (
          <Anchor component={Link} to={`?edit=${c.id}`} style={{ whiteSpace: "nowrap" }}>
            {c.code}
          </Anchor>
        ) : (
          <span style={{ whiteSpace: "nowrap" }}>{c.code}</span>
        ),
    }),
    col.accessor("name", { header: "Name" }),
    col.accessor("active", {
      header: "State",
      cell: ({ getValue }) => (
        <Badge color={getValue() ? "teal" : "gray"} variant="light" miw="fit-content">
          {getValue() ? "Active" : "Inactive"}
        </Badge>
      ),
    }),
    col.display({
      id: "effective",
      header: "Effective",
      cell: ({ row: { original: c } }) =>
        c.effective_from || c.effective_to
          ? `${c.effective_from ? formatDay(c.effective_from, zone) : "…"} to ${c.effective_to ? formatDay(c.effective_to, zone) : "…"}`
          : "Always",
    }),
    col.accessor("in_use", { header: "Timesheet entries" }),
    ...(canManage
      ? [
          confirmColumn<Row>({
            rowKey: (c) => c.id,
            confirmFor: act?.confirmFor,
            question: (c) => `Delete ${c.code}?`,
            busy,
            before: (c) => (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="id" value={c.id} />
                <Button
                  type="submit"
                  name="intent"
                  value={c.active ? "deactivate" : "activate"}
                  variant="subtle"
                  size="compact-sm"
                >
                  {c.active ? "Make inactive" : "Make active"}
                </Button>
              </Form>
            ),
          }),
        ]
      : []),
  ];
}

/** Job codes (SPEC §2.8, codes_view): what timesheet entries are booked to. */
export default function JobCodes() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const zone = useCompanyZone();
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Job codes
        </Title>
        <Text c="dimmed" size="sm">
          What people book their time to on timesheets. A code in use cannot be deleted: make it
          inactive and no new time can be booked to it.
        </Text>
      </div>
      {act?.refused ? (
        <Alert color="red" role="alert" title="Not deleted" data-testid="jobcode-refused">
          {act.refused.message}.
        </Alert>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: data.canManage ? 8 : 12 }}>
          <Stack gap="sm">
            {data.total > 0 ? (
              <TableToolbar
                search={{ value: data.q, label: "Search job codes", placeholder: "Code or name" }}
                filters={[
                  {
                    name: "state",
                    label: "State",
                    value: data.state ?? "",
                    options: [
                      { value: "", label: "Active or inactive" },
                      { value: "active", label: "Active" },
                      { value: "inactive", label: "Inactive" },
                    ],
                  },
                ]}
              />
            ) : null}
            <DataTable
              data={data.codes}
              columns={columns(data.canManage, act, busy, zone)}
              getRowId={(c) => String(c.id)}
              label="Job codes"
              testId="jobcodes"
              minWidth={760}
              empty={data.total > 0 ? "No job code matches your search." : "No job codes yet."}
            />
          </Stack>
        </Grid.Col>
        {data.canManage ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <JobCodeFormCard editing={data.editing} result={act} />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
