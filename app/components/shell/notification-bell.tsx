import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { notifications as snackbars } from "@mantine/notifications";
import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { PushPrompt } from "~/modules/notifications";
import { registerServiceWorker } from "~/modules/notifications";
import type { FeedItem } from "~/modules/notifications";
import { CompanyTime } from "~/components/company-time";
import { useSettings } from "~/components/settings/settings-context";
import { inReaderUnits } from "~/lib/units";

const STREAM_URL = "/api/notifications-stream";
const RECENT = 8;

/**
 * The bell of the top bar: unread count (live over SSE), a dropdown of the latest notifications
 * with mark read / mark all read, and a snackbar for each new one (the root's <Notifications
 * limit={3}> keeps at most three on screen; the rest wait). Without JavaScript it is a link to
 * the notifications page. Mounting it (the signed-in shell) registers the service worker.
 */
export function NotificationBell() {
  const { measurement } = useSettings().settings;
  const [opened, setOpened] = useState(false);
  const [unread, setUnread] = useState<number | null>(null);
  const [items, setItems] = useState<FeedItem[]>([]);
  const loader = useFetcher<{ unread: number; items: FeedItem[] }>();
  const marker = useFetcher<{ unread?: number }>();
  const navigate = useNavigate();
  const seen = useRef(new Set<string>());

  useEffect(() => {
    void registerServiceWorker();
    loader.load("/api/notifications");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!loader.data) return;
    setUnread(loader.data.unread);
    setItems(loader.data.items);
    for (const i of loader.data.items) seen.current.add(i.id);
  }, [loader.data]);

  useEffect(() => {
    if (typeof marker.data?.unread === "number") setUnread(marker.data.unread);
  }, [marker.data]);

  const onNew = useCallback(
    (item: FeedItem) => {
      if (seen.current.has(item.id)) return;
      seen.current.add(item.id);
      setItems((list) => [item, ...list].slice(0, RECENT));
      snackbars.show({
        id: `notification-${item.id}`,
        title: item.title,
        message: inReaderUnits(item.body, measurement),
        color: item.kind === "test" ? "blue" : "teal",
        autoClose: 6000,
        withBorder: true,
        // A snackbar is a hint; the feed keeps the notification.
        onClick: () => item.link && navigate(item.link),
        style: item.link ? { cursor: "pointer" } : undefined,
        "data-testid": "notification-snackbar",
      } as Parameters<typeof snackbars.show>[0]);
    },
    [navigate, measurement],
  );

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(STREAM_URL);
    const onUnread = (e: MessageEvent) => setUnread(Number(e.data));
    const onItem = (e: MessageEvent) => {
      try {
        onNew(JSON.parse(e.data) as FeedItem);
      } catch {
        /* a malformed event is ignored */
      }
    };
    source.addEventListener("unread", onUnread);
    source.addEventListener("notification", onItem);
    return () => source.close();
  }, [onNew]);

  const markRead = (item: FeedItem) => {
    if (!item.readAt) {
      setItems((list) =>
        list.map((i) => (i.id === item.id ? { ...i, readAt: new Date().toISOString() } : i)),
      );
      setUnread((n) => (n ? n - 1 : n));
      marker.submit(
        { intent: "read", id: item.id },
        { method: "post", action: "/api/notifications" },
      );
    }
  };
  const markAll = () => {
    setItems((list) => list.map((i) => ({ ...i, readAt: i.readAt ?? new Date().toISOString() })));
    setUnread(0);
    marker.submit({ intent: "read-all" }, { method: "post", action: "/api/notifications" });
  };

  const count = unread ?? 0;
  const label = count ? `Notifications (${count} unread)` : "Notifications";
  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
        trapFocus
      >
        <Popover.Target>
          <Tooltip label={label} disabled={opened}>
            <Indicator
              label={count > 99 ? "99+" : count}
              size={18}
              disabled={!count}
              color="red"
              offset={4}
              zIndex={2}
            >
              <ActionIcon
                component="a"
                href="/dashboard/notifications"
                onClick={(e: React.MouseEvent) => {
                  e.preventDefault();
                  setOpened((o) => !o);
                  if (!opened) loader.load("/api/notifications");
                }}
                variant="subtle"
                size="lg"
                aria-label={label}
                aria-haspopup="dialog"
                aria-expanded={opened}
                data-testid="notification-bell"
                data-unread={count}
              >
                <svg
                  width="20"
                  height="20"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  aria-hidden="true"
                >
                  <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
                  <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
                </svg>
              </ActionIcon>
            </Indicator>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown
          p={0}
          data-testid="notification-dropdown"
          aria-label="Latest notifications"
        >
          <Group justify="space-between" px="md" py="xs">
            <Text fw={600}>Notifications</Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={markAll}
              disabled={!count}
              data-testid="mark-all-read"
            >
              Mark all read
            </Button>
          </Group>
          <ScrollArea.Autosize mah={380}>
            {items.length === 0 ? (
              <Text size="sm" c="dimmed" px="md" pb="md">
                {loader.state === "loading" && !loader.data
                  ? "Loading…"
                  : "Nothing yet. Alerts from your fleet will appear here."}
              </Text>
            ) : (
              <Stack gap={0}>
                {items.map((item) => (
                  <UnstyledButton
                    key={item.id}
                    px="md"
                    py="xs"
                    onClick={() => {
                      markRead(item);
                      setOpened(false);
                      if (item.link) navigate(item.link);
                    }}
                    style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
                    data-testid="notification-item"
                    data-read={item.readAt ? "true" : "false"}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                      <Box style={{ minWidth: 0 }}>
                        <Text size="sm" fw={item.readAt ? 400 : 600} lineClamp={1}>
                          {item.title}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {inReaderUnits(item.body, measurement)}
                        </Text>
                      </Box>
                      <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                        <Text size="xs" c="dimmed">
                          <CompanyTime at={item.createdAt} kind="time" />
                        </Text>
                        {item.readAt ? null : (
                          <Badge size="xs" color="red" variant="filled" aria-label="unread">
                            new
                          </Badge>
                        )}
                      </Stack>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
          <Box
            px="md"
            py="xs"
            style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
          >
            <Button
              component={Link}
              to="/dashboard/notifications"
              variant="light"
              size="xs"
              fullWidth
              onClick={() => setOpened(false)}
            >
              See all notifications and alert rules
            </Button>
          </Box>
        </Popover.Dropdown>
      </Popover>
      <PushPrompt />
    </>
  );
}
