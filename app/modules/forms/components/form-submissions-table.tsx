import { Badge, Button, Stack, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { CompanyTime } from "~/components/company-time";

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

const col = createColumnHelper<SubmissionRow>();

function submissionColumns(canRetry: boolean, message?: { id: string; text: string }) {
  return [
    col.accessor("createdAt", {
      header: "Received",
      cell: ({ getValue }) => <CompanyTime at={getValue()} kind="datetime" />,
    }),
    col.accessor("title", {
      header: "Form and link",
      cell: ({ row: { original: s } }) => (
        <>
          <Text size="sm" fw={600}>
            {s.title}
          </Text>
          <Text size="xs" c="dimmed">
            via “{s.linkLabel}”
          </Text>
        </>
      ),
    }),
    col.accessor("answers", {
      header: "Answers",
      cell: ({ getValue }) => (
        <Stack gap={0}>
          {getValue().map((a) => (
            <Text size="sm" key={a.id} data-answer={a.id}>
              <Text span c="dimmed" size="sm">
                {a.label}:
              </Text>{" "}
              {a.value}
            </Text>
          ))}
        </Stack>
      ),
    }),
    col.accessor("status", {
      header: "Status",
      cell: ({ row: { original: s } }) => (
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
      ),
    }),
  ];
}

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
  return (
    <DataTable
      data={rows}
      columns={submissionColumns(canRetry, message)}
      getRowId={(s) => s.id}
      rowProps={(s) => ({ "data-testid": "form-submission", "data-status": s.status })}
      testId="form-submissions"
      label="Answers received"
      highlightOnHover={false}
      empty={
        <Text size="sm" c="dimmed" data-testid="form-submissions-empty">
          No answers yet.
        </Text>
      }
    />
  );
}
