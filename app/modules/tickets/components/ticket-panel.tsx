import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { formatZoned } from "~/lib/zoned-time";
import type { SlaState } from "../business-hours";
import { PRIORITY_LABEL, PRIORITY_VALUES, STATUS_LABEL, STATUS_VALUES } from "../ticket-labels";
import { SLA_LABEL } from "../ticket-sla";
import type { TicketDetail } from "../tickets-page.server";
import { TicketAttachments } from "./ticket-attachments";
import { TicketDecisionForm } from "./ticket-decision-form";

const SLA_COLOR: Record<SlaState, string> = {
  met: "teal",
  on_time: "blue",
  at_risk: "yellow",
  breached: "red",
};

export function SlaBadge({ state, label }: { state: SlaState; label?: string }) {
  return (
    <Badge color={SLA_COLOR[state]} variant="light" miw="fit-content" data-sla={state}>
      {label ? `${label}: ` : ""}
      {SLA_LABEL[state]}
    </Badge>
  );
}

const STEP_LABEL: Record<string, string> = {
  skipped: "Not needed",
  waiting: "Waiting",
  approved: "Approved",
  rejected: "Rejected",
  not_started: "Not yet",
};

/** One ticket: facts, SLA, approval chain, status, comments and history. */
export function TicketPanel({
  d,
  timeZone,
  canEdit,
  canAttach = false,
  people,
  message,
  errors,
}: {
  d: TicketDetail;
  timeZone: string;
  canEdit: boolean;
  canAttach?: boolean;
  people: Array<{ id: number; name: string }>;
  message?: string | null;
  errors?: Record<string, string>;
}) {
  const busy = useNavigation().state !== "idle";
  const t = d.ticket;
  const when = (ms: number) => formatZoned(ms, timeZone, "datetime");
  return (
    <Paper withBorder p="md" data-testid="ticket-panel">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              #{t.id} {t.title}
            </Title>
            <Text size="sm" c="dimmed">
              {d.typeName} · raised by {d.requester} on {when(t.created_at)} · assigned to{" "}
              {d.assignee}
            </Text>
          </div>
          <Button component={Link} to="." variant="subtle" size="compact-sm">
            Close
          </Button>
        </Group>
        {message ? (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        ) : null}
        {t.description ? <Text style={{ whiteSpace: "pre-wrap" }}>{t.description}</Text> : null}
        {d.fields.length ? (
          <Table withRowBorders={false} maw={420}>
            <Table.Tbody>
              {d.fields.map((f) => (
                <Table.Tr key={f.label}>
                  <Table.Th scope="row">{f.label}</Table.Th>
                  <Table.Td>{f.value ?? "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        <Group gap="xs">
          <SlaBadge state={d.sla.firstResponse.state} label="First response" />
          <SlaBadge state={d.sla.resolution.state} label="Resolution" />
          {!d.done ? (
            <Text size="sm" c="dimmed">
              Resolve by {when(d.sla.resolution.dueAt)} (working hours, {timeZone})
            </Text>
          ) : null}
        </Group>

        {d.approval ? (
          <Stack gap={6} data-testid="approval-chain">
            <Title order={3} size="h5">
              Approval: {d.approval.status === "pending" ? "in progress" : d.approval.status}
            </Title>
            {d.approval.steps.map((s) => (
              <Paper key={s.id} withBorder p="xs" data-step={s.id} data-state={s.state}>
                <Group justify="space-between" wrap="wrap">
                  <Text size="sm">
                    <strong>{s.name}</strong> · {STEP_LABEL[s.state]} · {s.approvedBy.length} of{" "}
                    {s.needed} from {s.approvers.join(", ")}
                    {s.escalated ? " (escalated)" : ""}
                  </Text>
                </Group>
                {s.mine ? (
                  <TicketDecisionForm
                    ticketId={t.id}
                    stepId={s.id}
                    busy={busy}
                    error={errors?.comment}
                    mt={6}
                  />
                ) : null}
              </Paper>
            ))}
          </Stack>
        ) : null}

        {canEdit ? (
          <Form method="post" preventScrollReset data-testid="ticket-move">
            <input type="hidden" name="intent" value="move" />
            <input type="hidden" name="id" value={t.id} />
            <Group align="flex-end" gap="xs" wrap="wrap">
              <NativeSelect
                name="status"
                label="Status"
                defaultValue={t.status}
                data={STATUS_VALUES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
              />
              <NativeSelect
                name="priority"
                label="Priority"
                defaultValue={t.priority}
                data={PRIORITY_VALUES.map((p) => ({ value: p, label: PRIORITY_LABEL[p] }))}
              />
              <NativeSelect
                name="assignee"
                label="Assignee"
                defaultValue={t.assignee === null ? "" : String(t.assignee)}
                data={[
                  { value: "", label: "Nobody" },
                  ...people.map((p) => ({ value: String(p.id), label: p.name })),
                ]}
              />
              <Button type="submit" loading={busy}>
                Save
              </Button>
            </Group>
          </Form>
        ) : null}

        <Title order={3} size="h5">
          Comments
        </Title>
        {d.comments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No comments yet.
          </Text>
        ) : (
          d.comments.map((c) => (
            <Paper key={c.id} withBorder p="xs" data-testid="ticket-comment">
              <Text size="xs" c="dimmed">
                {c.name} · {when(c.at)}
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
                {c.body}
              </Text>
            </Paper>
          ))
        )}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="comment" />
          <input type="hidden" name="id" value={t.id} />
          <Stack gap={6}>
            <Textarea name="body" label="Add a comment" autosize minRows={2} error={errors?.body} />
            <Group>
              <Button type="submit" variant="light" loading={busy}>
                Comment
              </Button>
            </Group>
          </Stack>
        </Form>

        <TicketAttachments d={d} timeZone={timeZone} canAttach={canAttach} error={errors?.file} />

        <Title order={3} size="h5">
          History
        </Title>
        <Stack gap={2} data-testid="ticket-history">
          {d.history.map((h, i) => (
            <Text key={i} size="xs">
              {when(h.at)} · {h.name} · {h.what}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
