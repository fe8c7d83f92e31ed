import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { kindLabel } from "../alert-events";
import type { FeedItem } from "../feed-item";
import { CompanyTime } from "~/components/company-time";
import { useSettings } from "~/components/settings/settings-context";
import { inReaderUnits } from "~/lib/units";

/** The feed: newest first, unread in bold, mark read per item (plain forms). */
export function FeedList({
  items,
  more,
  unreadOnly,
}: {
  items: FeedItem[];
  more: boolean;
  unreadOnly: boolean;
}) {
  const { measurement } = useSettings().settings;
  if (!items.length) {
    return (
      <Paper withBorder p="lg" data-testid="feed-empty">
        <Text>
          {unreadOnly
            ? "No unread notifications."
            : "No notifications yet. Alerts from your fleet appear here as they happen."}
        </Text>
      </Paper>
    );
  }
  const last = items[items.length - 1]!;
  return (
    <Stack gap="xs" data-testid="feed">
      {items.map((n) => (
        <Paper
          key={n.id}
          withBorder
          p="sm"
          data-testid="feed-item"
          data-read={n.readAt ? "true" : "false"}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Badge size="sm" variant="light">
                  {kindLabel(n.kind)}
                </Badge>
                <Text size="xs" c="dimmed">
                  <CompanyTime at={n.createdAt} />
                </Text>
              </Group>
              <Text fw={n.readAt ? 400 : 700} mt={4}>
                {n.link ? (
                  <Link to={n.link} style={{ color: "inherit" }}>
                    {n.title}
                  </Link>
                ) : (
                  n.title
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {inReaderUnits(n.body, measurement)}
              </Text>
            </div>
            {n.readAt ? null : (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="read" />
                <input type="hidden" name="id" value={n.id} />
                <Button type="submit" size="compact-sm" variant="subtle">
                  Mark read
                </Button>
              </Form>
            )}
          </Group>
        </Paper>
      ))}
      {more ? (
        <Button
          component={Link}
          to={`?${new URLSearchParams({ ...(unreadOnly ? { filter: "unread" } : {}), before: last.createdAt })}`}
          variant="light"
          preventScrollReset
        >
          Older notifications
        </Button>
      ) : null}
    </Stack>
  );
}
