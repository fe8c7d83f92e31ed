import { Anchor, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigation } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { formatZoned } from "~/lib/zoned-time";
import type { DecidedRow, WaitingRow } from "../approvals-page.server";
import { TicketDecisionForm } from "./ticket-decision-form";

const ticketHref = (id: number) => `/tickets/admin?ticket=${id}`;

/** One card per step waiting for me, with approve / reject (a reason needed to reject). */
export function WaitingList({
  rows,
  timeZone,
  refused,
}: {
  rows: WaitingRow[];
  timeZone: string;
  refused?: { key: string; message: string; errors: Record<string, string>; comment: string };
}) {
  const busy = useNavigation().state === "submitting";
  if (!rows.length) return <Text c="dimmed">Nothing is waiting for your approval.</Text>;
  return (
    <Stack gap="sm" data-testid="approvals-waiting">
      {rows.map((r) => {
        const mine = refused?.key === r.key ? refused : undefined;
        return (
          <Paper key={r.key} withBorder p="sm" data-ticket={r.ticketId} data-step={r.stepId}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Anchor component={Link} to={ticketHref(r.ticketId)} fw={600}>
                  #{r.ticketId} {r.title}
                </Anchor>
                <Group gap={6}>
                  <Badge variant="light" color="gray">
                    {r.stepName}
                  </Badge>
                  {r.escalated ? (
                    <Badge variant="light" color="orange">
                      Escalated to you
                    </Badge>
                  ) : null}
                </Group>
              </Group>
              <Text size="sm" c="dimmed">
                {r.type} · raised by {r.requester} on{" "}
                {formatZoned(r.raisedAt, timeZone, "datetime")}
                {r.onBehalfOf ? ` · you stand in for ${r.onBehalfOf}` : ""}
              </Text>
              <TicketDecisionForm
                ticketId={r.ticketId}
                stepId={r.stepId}
                busy={busy}
                comment={mine?.comment}
                error={mine?.errors.comment}
                message={mine?.message}
              />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

const col = createColumnHelper<DecidedRow>();

/** What I decided, newest first. */
export function DecidedTable({ rows, timeZone }: { rows: DecidedRow[]; timeZone: string }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Decided
      </Title>
      <DataTable
        data={rows}
        getRowId={(r) => r.key}
        label="Decided approvals"
        testId="approvals-decided"
        empty="You have not decided any approval yet."
        columns={[
          col.accessor("ticketId", {
            header: "Ticket",
            cell: ({ row: { original: r } }) => (
              <Anchor component={Link} to={ticketHref(r.ticketId)}>
                #{r.ticketId} {r.title}
              </Anchor>
            ),
          }),
          col.accessor("stepName", { header: "Step" }),
          col.accessor("decision", {
            header: "Decision",
            cell: ({ getValue }) => (getValue() === "approve" ? "Approved" : "Rejected"),
          }),
          col.accessor("via", {
            header: "How",
            cell: ({ getValue }) => (getValue() === "email" ? "By e-mail" : "In the app"),
          }),
          col.accessor("at", {
            header: "When",
            cell: ({ getValue }) => formatZoned(getValue(), timeZone, "datetime"),
          }),
          col.accessor("comment", { header: "Comment" }),
        ]}
      />
    </Stack>
  );
}
