import { Alert, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LeaveDecisionForm } from "~/modules/timesheets/components/leave-decision-form";
import { LeaveList } from "~/modules/timesheets/components/leave-list";
import { decideAction } from "~/modules/timesheets/leave-actions.server";
import { allLeavePage } from "~/modules/timesheets/leave.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { useActionResult } from "~/lib/action-result";

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

/** Every leave request (SPEC §2.7 all-leave-requests): reviewers approve or decline with a comment. */
export default function AllLeaveRequests() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
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
      <LeaveList
        rows={data.requests}
        view="all"
        last={{
          id: "decide",
          header: "Decision",
          cell: (l) => (l.can_decide ? <LeaveDecisionForm leave={l} act={act} /> : null),
        }}
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
