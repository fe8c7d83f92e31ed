import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { PeriodPicker } from "~/modules/timesheets/components/period-picker";
import { payrollPage, setPeriodLock } from "~/modules/timesheets/payroll-page.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { CompanyDay } from "~/components/company-time";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Payroll · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await payrollPage(ctx, new URL(request.url)));
}

type ActionData = { message?: string; reasonError?: string };

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  const lock = async (f: FormData, locking: boolean) => {
    const group = Number(f.get("group"));
    const from = String(f.get("period") ?? "");
    if (!Number.isInteger(group) || group <= 0) throw new Response("Not found", { status: 404 });
    const reason = String(f.get("reason") ?? "").trim();
    if (!locking && !reason)
      return json<ActionData>(
        { reasonError: "Give a reason to reopen a locked pay period" },
        { status: 400 },
      );
    const r = await setPeriodLock(ctx, { group, from, lock: locking, reason });
    if (!r.ok) return json<ActionData>({ message: r.message }, { status: 409 });
    return redirectWithToast(`/timesheet/payroll?group=${group}&period=${from}`, {
      type: "success",
      description: r.message,
    });
  };
  return switchIntent(await request.formData(), {
    lock: (f) => lock(f, true),
    reopen: (f) => lock(f, false),
  });
}

const money = (a: string) =>
  Number(a).toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type Line = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["run"]>["lines"][number];
const col = createColumnHelper<Line>();
const LINE_COLUMNS = [
  col.accessor("person", {
    header: "Person",
    cell: ({ row: { original: l } }) => (
      <>
        {l.person}
        {l.payrollCode ? (
          <Text size="xs" c="dimmed">
            {l.payrollCode}
          </Text>
        ) : null}
      </>
    ),
  }),
  col.accessor("category", { header: "Pay category" }),
  col.accessor("hours", { header: "Hours", cell: ({ getValue }) => getValue() ?? "—" }),
  col.accessor("rate", { header: "Rate" }),
  col.accessor("amount", { header: "Amount", cell: ({ getValue }) => money(getValue()) }),
  col.accessor("rule", { header: "Rule" }),
];

/** Payroll (SPEC §2.7 payroll): hours by pay category per person, the period's lock and the export. */
export default function Payroll() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const qs = d.group && d.period ? `?group=${d.group.id}&period=${d.period.from}` : "";
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h2">
          Payroll
        </Title>
        <Text c="dimmed" size="sm">
          Approved entries of a payroll group&apos;s pay period, classified by the group&apos;s
          overtime rules and priced at each person&apos;s rate; every line names the rule that
          produced it. Amounts are exact to the cent.
        </Text>
      </div>
      {!d.group ? (
        <Alert color="gray">No payroll groups yet: create one under Admin, Payroll Groups.</Alert>
      ) : (
        <>
          <PeriodPicker groups={d.groups} group={d.group} periods={d.periods} period={d.period} />
          {act?.message ? (
            <Alert color="red" role="alert">
              {act.message}
            </Alert>
          ) : null}
          <Paper withBorder p="md">
            <Stack gap="xs">
              <Title order={2} size="h4">
                <CompanyDay day={d.period?.from} /> to <CompanyDay day={d.period?.to} />:{" "}
                {d.period?.locked ? "locked" : "open"}
              </Title>
              {d.period?.locked ? (
                <Form method="post">
                  <input type="hidden" name="group" value={d.group.id} />
                  <input type="hidden" name="period" value={d.period.from} />
                  <Group align="flex-end">
                    <TextInput
                      name="reason"
                      label="Reason to reopen"
                      maxLength={500}
                      w={340}
                      error={act?.reasonError}
                    />
                    <Button
                      type="submit"
                      name="intent"
                      value="reopen"
                      variant="light"
                      loading={busy}
                    >
                      Reopen period
                    </Button>
                  </Group>
                </Form>
              ) : (
                <Form method="post">
                  <input type="hidden" name="group" value={d.group.id} />
                  <input type="hidden" name="period" value={d.period?.from ?? ""} />
                  <Group>
                    <Button type="submit" name="intent" value="lock" loading={busy}>
                      Lock period for everyone
                    </Button>
                    <Text size="sm" c="dimmed">
                      Locked periods take no new, changed or reviewed entries.
                    </Text>
                  </Group>
                </Form>
              )}
              {d.period?.history.length ? (
                <List size="sm" data-testid="lock-history">
                  {d.period.history.map((h) => (
                    <List.Item key={h.at}>
                      {h.action === "lock" ? "Locked" : "Reopened"} by {h.by.name} on{" "}
                      {formatZoned(h.at, d.timeZone, "full")}
                      {h.reason ? `: ${h.reason}` : ""}
                    </List.Item>
                  ))}
                </List>
              ) : null}
            </Stack>
          </Paper>
          <Group justify="space-between">
            <Text size="sm">
              Rules: {d.group.preset}. {d.rules.join(" ")}
            </Text>
            <Group gap="xs">
              <Button
                component="a"
                href={`/timesheet/payroll/export/csv${qs}`}
                variant="default"
                size="xs"
              >
                Export CSV
              </Button>
              <Button
                component="a"
                href={`/timesheet/payroll/export/xlsx${qs}`}
                variant="default"
                size="xs"
              >
                Export XLSX
              </Button>
            </Group>
          </Group>
          {d.run?.notApproved ? (
            <Alert color="yellow">
              {d.run.notApproved} {d.run.notApproved === 1 ? "entry is" : "entries are"} not
              approved yet and left out.
            </Alert>
          ) : null}
          <DataTable
            data={d.run?.lines ?? []}
            columns={LINE_COLUMNS}
            getRowId={(l, i) => `${l.personId}-${i}`}
            caption={`Total ${d.run?.totalHours ?? 0} h worked · ${money(d.run?.totalAmount ?? "0")}`}
            testId="payroll-lines"
            label="Payroll lines"
            // Its rows hold nothing to focus: the scroll area itself is reached by keyboard.
            focusableScroll
            minWidth={1000}
            highlightOnHover={false}
            empty="No approved hours in this period."
          />
        </>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
