import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Button, Grid, Group, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { formatZoned } from "~/lib/zoned-time";
import { ClockCard, Flash } from "~/modules/timesheets/components/clock-card";
import { EntryFormCard } from "~/modules/timesheets/components/entry-form-card";
import { StatusBadge } from "~/modules/timesheets/components/status-badge";
import { EntrySchema } from "~/modules/timesheets/entry-form";
import {
  clockAction,
  clockOn,
  myWeekPage,
  removeEntry,
  saveEntry,
  submitWeek,
  type Outcome,
} from "~/modules/timesheets/my-week.server";
import { dayParam, entryMinutes, hoursText } from "~/modules/timesheets/week";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "My timesheet · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json({ ...(await myWeekPage(ctx, new URL(request.url))), now: Date.now() });
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  message?: string | null;
  confirmFor?: number;
  clockError?: string;
  /** The clock-on form's typed values and unanswered declaration questions, after a refusal. */
  clock?: { values: Record<string, string>; missing: number[] };
};

const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search.replace(/([?&])edit=\d+&?/, "$1").replace(/[?&]$/, "")}`;
  const done = (r: Outcome) =>
    r.ok
      ? redirectWithToast(back, { type: "success", description: r.message })
      : json<ActionData>({ clockError: r.message }, { status: 400 });
  const save = async (form: FormData, id: number | null) => {
    const submission = parseForm(form, EntrySchema);
    if (submission.status !== "success")
      return json<ActionData>({ result: submission.reply(), message: null }, { status: 400 });
    const r = await saveEntry(ctx, id, submission.value);
    if (!r.ok)
      return json<ActionData>(
        { result: submission.reply(), message: r.message },
        { status: /overlaps|locked|only draft/.test(r.message) ? 409 : 400 },
      );
    return redirectWithToast(back, { type: "success", description: r.message });
  };
  return switchIntent(await request.formData(), {
    clock_on: async (f) => {
      const r = await clockOn(ctx, f);
      if (r.ok) return done(r);
      const values = Object.fromEntries(
        [...f.entries()].filter(
          (e): e is [string, string] => typeof e[1] === "string" && e[0] !== "intent",
        ),
      );
      return json<ActionData>(
        { clockError: r.message, clock: { values, missing: r.missing ?? [] } },
        { status: 400 },
      );
    },
    clock_off: async () => done(await clockAction(ctx, "off")),
    break_start: async () => done(await clockAction(ctx, "break_start")),
    break_end: async () => done(await clockAction(ctx, "break_end")),
    create: (f) => save(f, null),
    update: (f) => save(f, idOf(f)),
    delete: async (f) => {
      const id = idOf(f);
      if (f.get("confirm") !== "yes") return json<ActionData>({ confirmFor: id });
      return done(await removeEntry(ctx, id));
    },
    submit: async (f) => {
      const week = dayParam(typeof f.get("week") === "string" ? String(f.get("week")) : null);
      if (!week) return json<ActionData>({ clockError: "Pick a week to submit" }, { status: 400 });
      return done(await submitWeek(ctx, week));
    },
  });
}

/** My timesheet (SPEC §2.7 view): my week, clocking on and off, entries and submitting the week. */
export default function MyTimesheet() {
  const d = useLoaderData<typeof loader>();
  const act = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const q = (week: string) => `?${d.own ? "" : `person=${d.person.username_id}&`}week=${week}`;
  const codeOf = (id: number | null) =>
    d.jobCodes.find((c) => c.id === id)?.label ?? (id ? `#${id}` : "—");
  const siteOf = (id: number | null) => d.jobsites.find((j) => j.id === id)?.label ?? "—";
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          {d.own ? "My timesheet" : `Timesheet of ${d.person.name}`}
        </Title>
        <Text c="dimmed" size="sm">
          Week of {formatZoned(`${d.week.monday}T12:00:00Z`, "UTC", "date")}. Entries count on the
          day they start; hours are worked time less breaks. Times in {d.timeZone}.
        </Text>
      </div>
      <Flash message={act?.clockError} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: d.own ? 8 : 12 }}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Group gap="xs">
                <Button component={Link} to={q(d.week.prev)} variant="default" size="xs">
                  Previous week
                </Button>
                <Button component={Link} to={q(d.week.next)} variant="default" size="xs">
                  Next week
                </Button>
              </Group>
              {d.own ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="submit" />
                  <input type="hidden" name="week" value={d.week.monday} />
                  <Button type="submit" disabled={d.toSubmit === 0} loading={busy}>
                    Submit week ({d.toSubmit})
                  </Button>
                </Form>
              ) : null}
            </Group>
            <ScrollArea type="auto">
              <Table striped miw={820} data-testid="week-entries">
                <Table.Caption>Entries of the week</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Day</Table.Th>
                    <Table.Th>Start</Table.Th>
                    <Table.Th>End</Table.Th>
                    <Table.Th>Breaks</Table.Th>
                    <Table.Th>Hours</Table.Th>
                    <Table.Th>Job code</Table.Th>
                    <Table.Th>Jobsite</Table.Th>
                    <Table.Th>Status</Table.Th>
                    {d.own ? <Table.Th>Actions</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.entries.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={9}>No entries this week.</Table.Td>
                    </Table.Tr>
                  ) : null}
                  {d.entries.map((e) => (
                    <Table.Tr key={e.id} data-entry={e.id}>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        {formatZoned(e.start, d.timeZone, "date")}
                      </Table.Td>
                      <Table.Td>{formatZoned(e.start, d.timeZone, "time")}</Table.Td>
                      <Table.Td>
                        {e.end ? formatZoned(e.end, d.timeZone, "time") : "Clocked on"}
                      </Table.Td>
                      <Table.Td>{e.break_minutes} min</Table.Td>
                      <Table.Td>{hoursText(entryMinutes(e, d.now))}</Table.Td>
                      <Table.Td>{codeOf(e.jobcode_id)}</Table.Td>
                      <Table.Td>{siteOf(e.jobsite_id)}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={e.status} />
                        {e.review_comment ? (
                          <Text size="xs" c="dimmed">
                            {e.review_comment}
                          </Text>
                        ) : null}
                      </Table.Td>
                      {d.own ? (
                        <Table.Td>
                          {e.editable ? (
                            <Group gap="xs" wrap="nowrap">
                              <Anchor
                                component={Link}
                                to={`${q(d.week.monday)}&edit=${e.id}`}
                                size="sm"
                              >
                                Edit
                              </Anchor>
                              <ConfirmForm
                                fields={{ intent: "delete", id: e.id }}
                                confirming={act?.confirmFor === e.id}
                                label="Delete"
                                question="Delete this entry?"
                                confirmLabel="Yes, delete"
                                busy={busy}
                              />
                            </Group>
                          ) : null}
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <ScrollArea type="auto">
              <Table miw={620} data-testid="week-totals">
                <Table.Caption>Hours by day and week</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {d.week.days.map((day) => (
                      <Table.Th key={day}>
                        {formatZoned(`${day}T12:00:00Z`, "UTC", "date").split(",")[0]}
                      </Table.Th>
                    ))}
                    <Table.Th>Week</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    {d.week.days.map((day) => (
                      <Table.Td key={day}>{hoursText(d.totals.byDay[day] ?? 0)}</Table.Td>
                    ))}
                    <Table.Td fw={700} data-testid="week-total">
                      {hoursText(d.totals.total)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Stack>
        </Grid.Col>
        {d.own ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <ClockCard
                open={d.open}
                timeZone={d.timeZone}
                jobCodes={d.jobCodes}
                jobsites={d.jobsites}
                vehicles={d.vehicles}
                questions={d.questions}
                typed={act?.clock}
              />
              <EntryFormCard
                editing={d.editing}
                result={act}
                jobCodes={d.jobCodes}
                jobsites={d.jobsites}
                cancelTo={q(d.week.monday)}
                defaultDay={d.week.days[0]!}
              />
            </Stack>
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
