import {
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { LocalTime } from "~/components/local-time";

type LinkData = {
  ticket: {
    id: number;
    title: string;
    description: string;
    type: string;
    priority: string;
    requester: string;
    raisedAt: string;
    fields: { label: string; value: string | number }[];
  };
  step: string;
  approver: string;
  expiresAt: string;
};

/** The ticket in short and the two buttons (works without JavaScript). */
export function ApprovalLinkView({
  data: d,
  refused,
}: {
  data: LinkData;
  refused?: { errors: Record<string, string>; values: { comment: string } };
}) {
  const busy = useNavigation().state === "submitting";
  const t = d.ticket;
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" data-testid="approval-link">
        <div>
          <Text c="dimmed" size="sm">
            Tracksmith · approval for {d.approver}
          </Text>
          <Title order={1} size="h2">
            Ticket #{t.id}: {t.title}
          </Title>
        </div>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text>
              <strong>{d.step}</strong> is waiting for your decision.
            </Text>
            <Table>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">Type</Table.Th>
                  <Table.Td>{t.type}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">Priority</Table.Th>
                  <Table.Td>{t.priority}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">Raised by</Table.Th>
                  <Table.Td>
                    {t.requester}, <LocalTime at={t.raisedAt} />
                  </Table.Td>
                </Table.Tr>
                {t.fields.map((f) => (
                  <Table.Tr key={f.label}>
                    <Table.Th scope="row">{f.label}</Table.Th>
                    <Table.Td>{f.value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {t.description ? <Text style={{ whiteSpace: "pre-wrap" }}>{t.description}</Text> : null}
          </Stack>
        </Paper>
        <Form method="post">
          <Stack gap="sm">
            <Textarea
              name="comment"
              label="Comment"
              description="Needed when you reject: say why."
              defaultValue={refused?.values.comment}
              error={refused?.errors.comment}
              autosize
              minRows={2}
            />
            <Group gap="sm">
              <Button type="submit" name="decision" value="approve" loading={busy}>
                Approve
              </Button>
              <Button type="submit" name="decision" value="reject" color="red" loading={busy}>
                Reject
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              This link works once, until <LocalTime at={d.expiresAt} />.
            </Text>
          </Stack>
        </Form>
      </Stack>
    </Container>
  );
}

export function ApprovalLinkDone({ decision }: { decision: "approve" | "reject" }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" data-testid="approval-link-done">
        <Title order={1}>{decision === "approve" ? "Approved" : "Rejected"}</Title>
        <Text>Thank you: your decision is recorded on the ticket as made by e-mail.</Text>
      </Stack>
    </Container>
  );
}

export function ApprovalLinkInvalid({ status, message }: { status: number; message?: string }) {
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" data-testid="approval-link-invalid">
        <Text c="dimmed" fw={700} size="xl">
          {status}
        </Text>
        <Title order={1}>
          {status === 503
            ? "Try again later"
            : status === 410
              ? "This request no longer exists"
              : "This approval link does not work"}
        </Title>
        <Text>{message ?? "This approval link is not valid."}</Text>
      </Stack>
    </Container>
  );
}
