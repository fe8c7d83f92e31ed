import { Alert, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LeaveStatus } from "~/modules/timesheets/components/leave-status";
import { decideAction, type LeaveActionData } from "~/modules/timesheets/leave-actions.server";
import { allLeavePage } from "~/modules/timesheets/leave.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";

export const meta: MetaFunction = () => [{ title: "All leave requests · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await allLeavePage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return switchIntent(await request.formData(), {
    approve: (f) => decideAction(ctx, f, true, back),
    decline: (f) => decideAction(ctx, f, false, back),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["requests"][number];
const col = createColumnHelper<Row>();

function columns(act: LeaveActionData | undefined) {
  return [
    col.display({
      id: "person",
      header: "Person",
      meta: { nowrap: true },
      cell: ({ row: { original: l } }) => `${l.accounts.first_name} ${l.accounts.last_name}`,
    }),
    col.accessor("type_of_leave", { header: "Type" }),
    col.display({
      id: "dates",
      header: "Dates",
      meta: { nowrap: true },
      cell: ({ row: { original: l } }) =>
        l.leave_start_date === l.leave_end_date
          ? l.leave_start_date
          : `${l.leave_start_date} to ${l.leave_end_date}`,
    }),
    col.display({
      id: "days",
      header: "Working days",
      meta: { align: "right" },
      cell: ({ row: { original: l } }) =>
        l.allDay ? l.working_days : `${l.working_days} × ${l.hours} h`,
    }),
    col.display({
      id: "status",
      header: "Status",
      cell: ({ row: { original: l } }) => (
        <LeaveStatus status={l.status} approvals={l.approvals} required={l.approvals_required} />
      ),
    }),
    col.display({
      id: "decisions",
      header: "Approvals",
      cell: ({ row: { original: l } }) =>
        `${l.approvals} of ${l.approvals_required}` +
        l.leave_approval
          .map(
            (a) =>
              ` · ${a.approved ? "approved" : "declined"} by ${a.first_name} ${a.last_name}${a.comment ? `: ${a.comment}` : ""}`,
          )
          .join(""),
    }),
    col.accessor("reason", { header: "Reason" }),
    col.display({
      id: "decide",
      header: "Decision",
      cell: ({ row: { original: l } }) =>
        l.can_decide ? (
          <Form method="post" preventScrollReset data-testid={`decide-${l.id}`}>
            <input type="hidden" name="id" value={l.id} />
            <Stack gap={4} miw={220}>
              <TextInput
                name="comment"
                size="xs"
                label={`Comment on ${l.accounts.first_name}'s leave`}
                placeholder="Needed to decline"
                defaultValue={act?.decisionFor === l.id ? String(act.values?.comment ?? "") : ""}
                error={act?.decisionFor === l.id ? act.message : undefined}
              />
              <Group gap="xs" wrap="nowrap">
                <Button type="submit" name="intent" value="approve" size="compact-sm">
                  Approve
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="decline"
                  size="compact-sm"
                  variant="outline"
                  color="red.9"
                >
                  Decline
                </Button>
              </Group>
            </Stack>
          </Form>
        ) : null,
    }),
  ];
}

/** Every leave request (SPEC §2.7 all-leave-requests): reviewers approve or decline with a comment. */
export default function AllLeaveRequests() {
  const data = useLoaderData<typeof loader>();
  const act = useActionData<typeof action>() as LeaveActionData | undefined;
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h2">
          All leave requests
        </Title>
        <Text c="dimmed" size="sm">
          {data.pending} pending. Some types of leave need more than one approval; a decline needs a
          comment. Nobody decides on their own leave.
        </Text>
      </div>
      {act?.message && act.decisionFor === undefined ? (
        <Alert color="red" role="alert">
          {act.message}
        </Alert>
      ) : null}
      <TableToolbar
        search={{ value: data.q, label: "Search leave requests", placeholder: "Person or type" }}
        filters={[
          {
            name: "status",
            label: "Status",
            value: data.status,
            options: [
              { value: "pending", label: "Pending" },
              { value: "approved", label: "Approved" },
              { value: "declined", label: "Declined" },
              { value: "cancelled", label: "Cancelled" },
              { value: "all", label: "Any status" },
            ],
          },
          {
            name: "group",
            label: "Group",
            value: data.group ? String(data.group) : "",
            options: [
              { value: "", label: "Every group" },
              ...data.groups.map((g) => ({ value: String(g.id), label: g.nickname })),
            ],
          },
        ]}
      />
      <DataTable
        data={data.requests}
        columns={columns(act)}
        getRowId={(l) => String(l.id)}
        rowProps={(l) => ({ "data-leave": l.id, "data-status": l.status })}
        label="Leave requests"
        testId="all-leave"
        minWidth={1100}
        empty="No leave request matches."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
