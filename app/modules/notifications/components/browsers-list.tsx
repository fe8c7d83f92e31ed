import { Badge, Group, Paper, Table, Text } from "@mantine/core";
import { ConfirmForm } from "~/components/confirm-form";
import dayjs from "dayjs";

export type BrowserRow = {
  id: string;
  endpoint: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
};

/** The user's subscribed browsers; removing one asks for confirmation first. */
export function BrowsersList({
  rows,
  confirmFor,
  thisEndpoint,
}: {
  rows: BrowserRow[];
  confirmFor: string | null;
  thisEndpoint: string | null;
}) {
  if (!rows.length) {
    return (
      <Paper withBorder p="md">
        <Text size="sm">No browser receives your alerts yet.</Text>
      </Paper>
    );
  }
  return (
    <Table data-testid="browsers">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Browser</Table.Th>
          <Table.Th>Added</Table.Th>
          <Table.Th>Last push</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((b) => (
          <Table.Tr key={b.id} data-testid="browser-row">
            <Table.Td>
              <Group gap="xs">
                <Text size="sm">{b.label}</Text>
                {b.endpoint === thisEndpoint ? (
                  <Badge size="xs" variant="light">
                    this browser
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>{dayjs(b.createdAt).format("D MMM YYYY")}</Table.Td>
            <Table.Td>{b.lastUsedAt ? dayjs(b.lastUsedAt).format("D MMM HH:mm") : "—"}</Table.Td>
            <Table.Td>
              <ConfirmForm
                fields={{ intent: "sub-remove", id: b.id }}
                confirming={confirmFor === b.id}
                label="Remove"
                question="Stop push alerts to this browser?"
                confirmLabel="Yes, remove"
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
