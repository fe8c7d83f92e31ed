import { Alert, Button, Grid, Paper, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LeaveRequestForm } from "~/modules/timesheets/components/leave-request-form";
import { LeaveList } from "~/modules/timesheets/components/leave-list";
import { cancelAction, requestAction } from "~/modules/timesheets/leave-actions.server";
import { myLeavePage } from "~/modules/timesheets/leave.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Leave requests · Tracksmith" }];
const PAGE = "/timesheet/leave-requests";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await myLeavePage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return switchIntent(await request.formData(), {
    request: (f) => requestAction(ctx, f, PAGE),
    cancel: (f) => cancelAction(ctx, f, PAGE),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["requests"][number];

const cancel = {
  id: "actions",
  header: "Actions",
  cell: (l: Row) =>
    l.status === "pending" ? (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="id" value={l.id} />
        <Button type="submit" name="intent" value="cancel" variant="subtle" size="compact-sm">
          Cancel request
        </Button>
      </Form>
    ) : null,
};

/** My leave requests (SPEC §2.7 leave-requests): request leave, see approvals, cancel pending ones. */
export default function LeaveRequests() {
  const data = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const typed = act?.values as Record<string, string> | undefined;
  const values = typed
    ? { ...typed, all_day: act?.values?.all_day === true }
    : {
        leave_start_date: data.prefill.from ?? "",
        leave_end_date: data.prefill.to ?? data.prefill.from ?? "",
      };
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Leave requests
        </Title>
        <Text c="dimmed" size="sm">
          Your leave and its approvals. Working days leave out weekends and the company&apos;s
          public holidays. A pending request can be cancelled.
        </Text>
      </div>
      {act?.message && !act.values ? (
        <Alert color="red" role="alert">
          {act.message}
        </Alert>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <LeaveList
            rows={data.requests}
            view="mine"
            last={cancel}
            label="My leave requests"
            testId="my-leave"
            minWidth={860}
            empty="No leave requests yet."
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              Request leave
            </Title>
            <LeaveRequestForm
              types={data.types}
              values={values}
              errors={act?.errors}
              message={act?.values ? act.message : null}
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
