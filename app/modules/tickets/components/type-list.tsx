import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";

/** The company's ticket types, each opening the editor. */
export function TypeList({
  types,
}: {
  types: Array<{ id: number; name: string; active: boolean; steps: number; fields: number }>;
}) {
  return (
    <Paper withBorder p="md" data-testid="ticket-types">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Ticket types
          </Title>
          <Button
            component={Link}
            to="/tickets/admin?edit_type=new"
            size="compact-sm"
            variant="light"
          >
            New type
          </Button>
        </Group>
        {types.map((t) => (
          <Group key={t.id} justify="space-between" wrap="nowrap">
            <Button
              component={Link}
              to={`/tickets/admin?edit_type=${t.id}`}
              variant="subtle"
              size="compact-sm"
            >
              {t.name}
            </Button>
            <Text size="xs" c="dimmed">
              {t.fields} fields · {t.steps} approval steps{t.active ? "" : " · inactive"}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
