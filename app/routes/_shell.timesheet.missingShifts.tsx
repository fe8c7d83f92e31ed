import { Button, Group, NumberInput, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { missingShiftsPage, notifyMissing } from "~/modules/timesheets/attendance.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Missing shifts · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await missingShiftsPage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  const url = new URL(request.url);
  return switchIntent(await request.formData(), {
    notify: async (f) => {
      const who = f.get("username_id");
      const only = who === null || who === "" ? null : Number(who);
      const r = await notifyMissing(ctx, url, only);
      return redirectWithToast(`${url.pathname}${url.search}`, {
        type: "success",
        description:
          r.missing === 0
            ? "No missing shifts to report."
            : `Reviewers told about ${r.sent} missing shift${r.sent === 1 ? "" : "s"} (${r.missing - r.sent} already reported).`,
      });
    },
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
const m = createColumnHelper<Data["missing"][number]>();
const u = createColumnHelper<Data["unrostered"][number]>();
const at = (iso: string, tz: string) => formatZoned(iso, tz);

/** Rostered shifts with no clock-on in the grace period, and clock-ons outside any roster. */
export default function MissingShifts() {
  const data = useLoaderData<typeof loader>();
  const tz = data.timeZone;
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1} size="h2">
          Missing shifts
        </Title>
        <Text c="dimmed" size="sm">
          Rostered shifts nobody clocked on to within {data.grace} minutes of the start (approved
          leave excepted), and clock-ons outside any rostered shift. {data.onTime} shift
          {data.onTime === 1 ? "" : "s"} started on time.
        </Text>
      </div>
      <Paper withBorder p="sm">
        <Form method="get">
          <Group align="end" gap="sm">
            <TextInput type="date" name="from" label="From" defaultValue={data.from} />
            <TextInput type="date" name="to" label="To" defaultValue={data.to} />
            <NumberInput
              name="grace"
              label="Grace (minutes)"
              min={0}
              max={240}
              defaultValue={data.grace}
              w={150}
            />
            <Button type="submit" variant="default">
              Show
            </Button>
          </Group>
        </Form>
      </Paper>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Rostered, not clocked on ({data.missing.length})
        </Title>
        <Form method="post">
          <Button type="submit" name="intent" value="notify" disabled={data.missing.length === 0}>
            Notify reviewers
          </Button>
        </Form>
      </Group>
      <DataTable
        data={data.missing}
        getRowId={(r) => r.key}
        label="Missing shifts"
        testId="missing-shifts"
        minWidth={640}
        empty="Every rostered shift was clocked on to in time."
        columns={[
          m.accessor("name", { header: "Person" }),
          m.accessor("roster", { header: "Roster" }),
          m.accessor("start", {
            header: "Rostered start",
            meta: { nowrap: true },
            cell: ({ getValue }) => at(getValue(), tz),
          }),
          m.display({
            id: "notify",
            header: "Reviewer",
            cell: ({ row: { original: r } }) => (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="username_id" value={r.username_id} />
                <Button
                  type="submit"
                  name="intent"
                  value="notify"
                  size="compact-sm"
                  variant="subtle"
                >
                  Notify
                </Button>
              </Form>
            ),
          }),
          m.accessor("late_clock_on", {
            header: "Clocked on",
            meta: { nowrap: true },
            cell: ({ getValue }) => {
              const v = getValue();
              return v ? `${at(v, tz)} (late)` : "No clock-on";
            },
          }),
        ]}
      />
      <Title order={2} size="h4">
        Clocked on with no rostered shift ({data.unrostered.length})
      </Title>
      <DataTable
        data={data.unrostered}
        getRowId={(r) => String(r.entry_id)}
        label="Clock-ons with no rostered shift"
        testId="unrostered"
        minWidth={480}
        empty="Every clock-on falls in a rostered shift."
        columns={[
          u.accessor("name", { header: "Person" }),
          u.accessor("start", {
            header: "Clocked on",
            meta: { nowrap: true },
            cell: ({ getValue }) => at(getValue(), tz),
          }),
        ]}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
