import { Button, Group, List, Stack, Text, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useCompanyZone } from "~/components/company-time";
import { formatDay } from "~/lib/zoned-time";
import type { LeaveActionData } from "../leave-actions.server";
import type { CalendarData } from "../leave.server";
import { LeaveStatus } from "./leave-status";

type Event = CalendarData["events"][number];
type Span = { leave_start_date: string; leave_end_date: string };

/**
 * A leave's days in the one date style ("7 Dec to 11 Dec"; the year only when it is not this
 * year in the company's `zone`): the stored days are calendar days, never shown raw.
 */
export const span = (l: Span, zone: string) =>
  l.leave_start_date === l.leave_end_date
    ? formatDay(l.leave_start_date, zone)
    : `${formatDay(l.leave_start_date, zone)} to ${formatDay(l.leave_end_date, zone)}`;

/** `span` in the company's zone, for a table cell. */
export function LeaveSpan({ l }: { l: Span }) {
  return <>{span(l, useCompanyZone())}</>;
}

/** One leave request: dates, working days, approvals; a reviewer may approve or decline it. */
export function LeaveDetail({
  l,
  act,
}: {
  l: Event | NonNullable<CalendarData["detail"]>;
  act?: LeaveActionData;
}) {
  const zone = useCompanyZone();
  return (
    <Stack gap="xs" data-testid="leave-detail">
      <Group gap="xs">
        <Text fw={600}>
          {l.accounts.first_name} {l.accounts.last_name}
        </Text>
        <LeaveStatus status={l.status} approvals={l.approvals} required={l.approvals_required} />
      </Group>
      <Text size="sm">
        {l.type_of_leave}, {span(l, zone)}: {l.working_days} working day
        {l.working_days === 1 ? "" : "s"}
        {l.allDay ? "" : `, ${l.hours} h a day`}
      </Text>
      {l.reason ? <Text size="sm">Reason: {l.reason}</Text> : null}
      <Text size="sm">
        Approvals: {l.approvals} of {l.approvals_required}
      </Text>
      {l.leave_approval.length ? (
        <List size="sm">
          {l.leave_approval.map((a) => (
            <List.Item key={a.username_id}>
              {a.approved ? "Approved" : "Declined"} by {a.first_name} {a.last_name}
              {a.comment ? `: ${a.comment}` : ""}
            </List.Item>
          ))}
        </List>
      ) : null}
      {"can_decide" in l && l.can_decide ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="id" value={l.id} />
          <Stack gap="xs">
            <TextInput
              name="comment"
              label="Comment"
              placeholder="Needed to decline"
              defaultValue={act?.decisionFor === l.id ? String(act.values?.comment ?? "") : ""}
              error={act?.decisionFor === l.id ? act.message : undefined}
            />
            <Group gap="xs">
              <Button type="submit" name="intent" value="approve">
                Approve
              </Button>
              <Button type="submit" name="intent" value="decline" variant="outline" color="red.9">
                Decline
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : null}
    </Stack>
  );
}
