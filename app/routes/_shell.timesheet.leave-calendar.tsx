import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { addDays } from "~/lib/zoned-days";
import { LeaveRequestForm } from "~/modules/timesheets/components/leave-request-form";
import { LeaveDetail, span } from "~/modules/timesheets/components/leave-detail";
import {
  cancelAction,
  decideAction,
  requestAction,
} from "~/modules/timesheets/leave-actions.server";
import { groupShortWarnings, LEAVE_MODAL_CLASS } from "~/modules/timesheets/leave-rules";
import { calendarPage } from "~/modules/timesheets/leave.server";
import { workingDays } from "~/modules/timesheets/working-days";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { useCompanyZone } from "~/components/company-time";
import { formatDay } from "~/lib/zoned-time";
import { useActionResult } from "~/lib/action-result";

// Loaded after hydration: FullCalendar adds its <style> to <head> when its module runs, and a
// <head> changed before React hydrates the document fails hydration.
const LeaveCalendar = lazy(() =>
  import("~/modules/timesheets/components/leave-calendar.client").then((m) => ({
    default: m.LeaveCalendar,
  })),
);

export const meta: MetaFunction = () => [{ title: "Leave calendar · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return json(await calendarPage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  const url = new URL(request.url);
  url.searchParams.delete("leave");
  const back = `${url.pathname}${url.search}`;
  return switchIntent(await request.formData(), {
    request: (f) => requestAction(ctx, f, back),
    cancel: (f) => cancelAction(ctx, f, back),
    approve: (f) => decideAction(ctx, f, true, back),
    decline: (f) => decideAction(ctx, f, false, back),
  });
}

/** Leave on a calendar (SPEC §2.7 leave-calendar, §4 leave colours and modals). */
export default function LeaveCalendarPage() {
  const data = useLoaderData<typeof loader>();
  const zone = useCompanyZone();
  const act = useActionResult<typeof action>();
  const navigate = useNavigate();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [cleared, setCleared] = useState(0);
  const nav = useNavigation();
  const posted = useRef(false);
  // After a post from a modal: a refusal keeps it open with the values; anything else closes it.
  useEffect(() => {
    if (nav.state === "submitting") posted.current = true;
    if (nav.state === "idle" && posted.current) {
      posted.current = false;
      if (!act?.values && act?.decisionFor === undefined) {
        setRange(null);
        setShown(null);
        setCleared((n) => n + 1);
      }
    }
  }, [nav.state, act]);
  // A refused request reopens the modal with what was typed.
  useEffect(() => {
    if (act?.values && act.decisionFor === undefined)
      setRange({
        from: String(act.values.leave_start_date ?? ""),
        to: String(act.values.leave_end_date ?? ""),
      });
    if (act?.decisionFor !== undefined) setShown(act.decisionFor);
  }, [act]);
  const names = useMemo(
    () => new Map(data.short.groupNames.map((g) => [g.id, g.nickname])),
    [data.short.groupNames],
  );
  const off = useMemo(() => new Set(data.offDays), [data.offDays]);
  const warnings =
    range && range.from && range.to
      ? groupShortWarnings(
          { username_id: data.short.me, from: range.from, to: range.to },
          data.short.people,
          data.short.leave,
          names,
        )
      : [];
  const days = range && range.from && range.to ? workingDays(range.from, range.to, off) : 0;
  const event = data.events.find((l) => l.id === shown) ?? null;
  const params = (month: string, view: string) => {
    const p = new URLSearchParams({ month, view });
    if (data.group) p.set("group", String(data.group));
    return `?${p}`;
  };
  const prevMonth = addDays(`${data.month}-01`, -1).slice(0, 7);
  const nextMonth = addDays(`${data.month}-01`, 32).slice(0, 7);
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Leave calendar
        </Title>
        <Text c="dimmed" size="sm">
          Green: at least one approval. Grey: pending. Select days to request leave; select a leave
          to see it. Public holidays are shaded.
        </Text>
      </div>
      {act?.message && !act.values && act.decisionFor === undefined ? (
        <Alert color="red" role="alert">
          {act.message}
        </Alert>
      ) : null}
      {data.reviewer ? (
        <Form method="get">
          <input type="hidden" name="month" value={data.month} />
          <input type="hidden" name="view" value={data.view} />
          <Group align="end" gap="xs">
            <NativeSelect
              name="group"
              label="Group"
              defaultValue={data.group ? String(data.group) : ""}
              data={[
                { value: "", label: "Every group" },
                ...data.groups.map((g) => ({ value: String(g.id), label: g.nickname })),
              ]}
            />
            <Button type="submit" variant="default">
              Show
            </Button>
          </Group>
        </Form>
      ) : null}
      {data.detail ? (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            {data.detail.title}
          </Title>
          <LeaveDetail l={data.detail} act={act} />
        </Paper>
      ) : null}
      <ClientOnly
        fallback={
          <Paper withBorder p="md" data-testid="leave-list">
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                Leave around {data.month}
              </Title>
              <Group gap="sm">
                <Anchor component={Link} to={params(prevMonth, data.view)}>
                  Previous month
                </Anchor>
                <Anchor component={Link} to={params(nextMonth, data.view)}>
                  Next month
                </Anchor>
                <Anchor component={Link} to="/timesheet/leave-requests">
                  Request leave
                </Anchor>
              </Group>
            </Group>
            {data.events.length === 0 ? (
              <Text size="sm">No leave this month.</Text>
            ) : (
              <List size="sm">
                {data.events.map((l) => (
                  <List.Item key={l.id}>
                    <Anchor component={Link} to={`${params(data.month, data.view)}&leave=${l.id}`}>
                      {l.title}
                    </Anchor>{" "}
                    {span(l, zone)} ({l.status}, {l.approvals} of {l.approvals_required} approvals)
                  </List.Item>
                ))}
              </List>
            )}
            {data.holidays.length ? (
              <Text size="sm" mt="xs">
                Public holidays:{" "}
                {data.holidays.map((h) => `${formatDay(h.day, zone)} ${h.name}`).join("; ")}
              </Text>
            ) : null}
          </Paper>
        }
      >
        {() => (
          <Paper withBorder p={{ base: 4, sm: "md" }}>
            <Suspense fallback={<Text size="sm">Loading the calendar…</Text>}>
              <LeaveCalendar
                events={data.events}
                holidays={data.holidays}
                month={data.month}
                view={data.view}
                cleared={cleared}
                onSelect={(from, to) => {
                  setShown(null);
                  setRange({ from, to });
                }}
                onUnselect={() => setRange(null)}
                onEvent={(id) => {
                  setRange(null);
                  setShown(id);
                }}
                onMonth={(month, view) => {
                  if (month !== data.month || view !== data.view)
                    navigate(params(month, view), { replace: true, preventScrollReset: true });
                }}
              />
            </Suspense>
          </Paper>
        )}
      </ClientOnly>
      <Modal
        opened={range !== null}
        onClose={() => setRange(null)}
        closeOnClickOutside={false}
        classNames={{ content: LEAVE_MODAL_CLASS }}
        title={
          range
            ? `Request leave: ${span({ leave_start_date: range.from, leave_end_date: range.to }, zone)}`
            : ""
        }
        data-testid="leave-request-modal"
      >
        {range ? (
          <Stack gap="sm">
            <Text size="sm" data-testid="leave-days">
              {days} working day{days === 1 ? "" : "s"} (weekends and public holidays not counted)
            </Text>
            <LeaveRequestForm
              types={data.types}
              values={
                act?.values && act.decisionFor === undefined
                  ? {
                      ...(act.values as Record<string, string>),
                      all_day: act.values.all_day === true,
                    }
                  : { leave_start_date: range.from, leave_end_date: range.to }
              }
              errors={act?.decisionFor === undefined ? act?.errors : undefined}
              message={act?.values && act.decisionFor === undefined ? act.message : null}
              warnings={warnings}
              id="leave-calendar-request"
              onDaysChange={(from, to) => setRange({ from, to })}
            />
          </Stack>
        ) : null}
      </Modal>
      <Modal
        opened={event !== null}
        onClose={() => setShown(null)}
        classNames={{ content: LEAVE_MODAL_CLASS }}
        title={event?.title ?? ""}
        data-testid="leave-detail-modal"
      >
        {event ? <LeaveDetail l={event} act={act} /> : null}
      </Modal>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
