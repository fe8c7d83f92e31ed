import { Badge, Button, Stack, Table, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";

export type SubmissionRow = {
  id: string;
  linkLabel: string;
  title: string;
  createdAt: string;
  answers: { id: string; label: string; value: string }[];
  status: "forwarded" | "pending" | "rejected";
  attempts: number;
  lastError: string | null;
};

const STATUS = {
  forwarded: { label: "Sent to the forms service", color: "green" },
  pending: { label: "Waiting to be sent", color: "yellow" },
  rejected: { label: "Refused by the forms service", color: "red" },
} as const;

/** Answers received through links, newest first, with whether they reached the upstream yet. */
export function FormSubmissionsTable({
  rows,
  canRetry,
  message,
}: {
  rows: SubmissionRow[];
  canRetry: boolean;
  message?: { id: string; text: string };
}) {
  if (!rows.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="form-submissions-empty">
        No answers yet.
      </Text>
    );
  }
  return (
    <Table striped verticalSpacing="xs" data-testid="form-submissions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Received</Table.Th>
          <Table.Th>Form and link</Table.Th>
          <Table.Th>Answers</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((s) => (
          <Table.Tr key={s.id} data-testid="form-submission" data-status={s.status}>
            <Table.Td>
              <LocalTime at={s.createdAt} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={600}>
                {s.title}
              </Text>
              <Text size="xs" c="dimmed">
                via “{s.linkLabel}”
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                {s.answers.map((a) => (
                  <Text size="sm" key={a.id} data-answer={a.id}>
                    <Text span c="dimmed" size="sm">
                      {a.label}:
                    </Text>{" "}
                    {a.value}
                  </Text>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <Badge color={STATUS[s.status].color} variant="light" tt="none">
                  {STATUS[s.status].label}
                </Badge>
                {s.status !== "forwarded" && s.lastError ? (
                  <Text size="xs" c="dimmed">
                    {s.attempts} attempt{s.attempts === 1 ? "" : "s"}: {s.lastError}
                  </Text>
                ) : null}
                {message?.id === s.id ? (
                  <Text size="xs" role="status">
                    {message.text}
                  </Text>
                ) : null}
                {canRetry && s.status !== "forwarded" ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="submission-retry" />
                    <input type="hidden" name="id" value={s.id} />
                    <Button type="submit" size="compact-xs" variant="light">
                      Send again now
                    </Button>
                  </Form>
                ) : null}
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
