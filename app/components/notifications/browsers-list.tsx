import { Badge, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import dayjs from "dayjs";

export type BrowserRow = { id: string; endpoint: string; label: string; createdAt: string; lastUsedAt: string | null };

/** The user's subscribed browsers; removing one asks for confirmation first. */
export function BrowsersList({ rows, confirmFor, thisEndpoint }: { rows: BrowserRow[]; confirmFor: string | null; thisEndpoint: string | null }) {
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
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="sub-remove" />
                <input type="hidden" name="id" value={b.id} />
                {confirmFor === b.id ? (
                  <Stack gap={4} align="flex-end">
                    <Text size="xs">Stop push alerts to this browser?</Text>
                    <Button type="submit" name="confirm" value="yes" color="red" size="compact-sm">
                      Yes, remove
                    </Button>
                  </Stack>
                ) : (
                  <Button type="submit" variant="subtle" color="red" size="compact-sm">
                    Remove
                  </Button>
                )}
              </Form>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
