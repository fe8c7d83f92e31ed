import { ActionIcon, Tooltip } from "@mantine/core";
import { Link } from "@remix-run/react";

/**
 * The notifications slot of the top bar. For now a plain link to the notifications page; the
 * notifications work (issue 6) replaces the body of this component (unread badge, live updates).
 */
export function NotificationBell() {
  return (
    <Tooltip label="Notifications">
      <ActionIcon component={Link} to="/dashboard/notifications" variant="subtle" size="lg" aria-label="Notifications" data-testid="notification-bell">
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
      </ActionIcon>
    </Tooltip>
  );
}
