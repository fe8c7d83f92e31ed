import { Button, Group, NumberInput, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDay, formatZoned } from "~/lib/zoned-time";
import { noLoginPage } from "~/modules/timesheets/attendance.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "No login · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await noLoginPage(ctx, new URL(request.url)));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["people"][number];
const col = createColumnHelper<Row>();

/** People who have neither signed in nor clocked on for N days (default 7). */
export default function NoLogin() {
  const data = useLoaderData<typeof loader>();
  const at = (iso: string | null) => (iso ? formatZoned(iso, data.timeZone) : "Never");
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          No login
        </Title>
        <Text c="dimmed" size="sm">
          {data.people.length} of {data.total} people have neither signed in nor clocked on since{" "}
          {formatDay(data.since, data.timeZone)}.
        </Text>
      </div>
      <Form method="get">
        <Group align="end" gap="sm">
          <NumberInput
            name="days"
            label="Days without a sign-in or clock-on"
            min={1}
            max={90}
            defaultValue={data.days}
            w={260}
          />
          <Button type="submit" variant="default">
            Show
          </Button>
        </Group>
      </Form>
      <DataTable
        data={data.people}
        getRowId={(r) => String(r.username_id)}
        label="People without a sign-in or clock-on"
        testId="no-login"
        minWidth={720}
        empty="Everyone signed in or clocked on in that time."
        columns={[
          col.accessor("name", { header: "Person" }),
          col.accessor("role", { header: "Role" }),
          col.accessor("groups", {
            header: "Groups",
            cell: ({ getValue }) => getValue().join(", "),
          }),
          col.accessor("last_sign_in", {
            header: "Last sign-in",
            meta: { nowrap: true },
            cell: ({ getValue }) => at(getValue()),
          }),
          col.accessor("last_clock_on", {
            header: "Last clock-on",
            meta: { nowrap: true },
            cell: ({ getValue }) => at(getValue()),
          }),
          col.accessor("idle_days", {
            header: "Days idle",
            meta: { align: "right" },
            cell: ({ getValue }) => getValue() ?? "—",
          }),
        ]}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
