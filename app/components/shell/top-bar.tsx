import { mediaUrl } from "~/lib/media";
import {
  ActionIcon,
  Avatar,
  Burger,
  Button,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { Link } from "@remix-run/react";
import { Brand } from "~/components/shell/brand";
import { logout } from "~/components/shell/logout";
import { NotificationBell } from "~/components/shell/notification-bell";
import type { ShellUser } from "~/lib/shell";

/** SPEC §6: company 129 sees Contact Us instead of Leave a Review. */
export const CONTACT_US_COMPANY = 129;
export const CONTACT_US_HREF = "mailto:support@tracksmith.local?subject=Contact%20request";
export const REVIEW_HREF = "https://www.trustpilot.com/evaluate/tracksmith.local";

/** Upstream photos are paths on the upstream host: they come through our /media proxy. */
function avatarSrc(user: ShellUser) {
  return mediaUrl(user.avatar ?? user.photo);
}

function initialsOf(user: ShellUser) {
  const a = (user.first_name || user.name || user.username || "?")[0] ?? "?";
  const b = user.last_name?.[0] ?? "";
  return `${a}${b}`.toUpperCase();
}

export function TopBar({
  user,
  mobileOpened,
  onToggleMobile,
  collapsed,
  onToggleCollapsed,
  onOpenSettings,
}: {
  user: ShellUser;
  mobileOpened: boolean;
  onToggleMobile: () => void;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onOpenSettings: () => void;
}) {
  const displayName = user.name || `${user.first_name} ${user.last_name}`.trim() || user.username;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" data-testid="top-bar">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={mobileOpened}
          onClick={onToggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label="Open the menu"
        />
        <Tooltip label={collapsed ? "Expand the menu" : "Collapse the menu"}>
          <ActionIcon
            variant="subtle"
            visibleFrom="sm"
            size="lg"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? "Expand the menu" : "Collapse the menu"}
            aria-expanded={!collapsed}
            data-testid="menu-toggle"
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
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </ActionIcon>
        </Tooltip>
        <Link to="/dashboard/assets" aria-label="Home">
          <Brand companyid={user.companyid} />
        </Link>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user.companyid === CONTACT_US_COMPANY ? (
          <Button component="a" href={CONTACT_US_HREF} variant="light" size="xs" visibleFrom="xs">
            Contact Us
          </Button>
        ) : (
          <Button
            component="a"
            href={REVIEW_HREF}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            size="xs"
            visibleFrom="xs"
          >
            Leave a Review
          </Button>
        )}
        <NotificationBell />
        <Tooltip label="Display settings">
          {/* Opens the drawer; without JavaScript, the account page's settings form. */}
          <ActionIcon
            component="a"
            href="/dashboard/account#display-settings"
            variant="subtle"
            size="lg"
            onClick={(e) => {
              e.preventDefault();
              onOpenSettings();
            }}
            aria-label="Display settings"
            data-testid="open-settings"
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
              <circle cx="12" cy="12" r="3" />
              <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09a1.65 1.65 0 0 0-1-1.51 1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06a1.65 1.65 0 0 0 .33-1.82 1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09a1.65 1.65 0 0 0 1.51-1 1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06a1.65 1.65 0 0 0 1.82.33h0a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51h0a1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06a1.65 1.65 0 0 0-.33 1.82v0a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z" />
            </svg>
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" width={220} withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label="Account menu" data-testid="avatar-menu">
              <Avatar src={avatarSrc(user)} alt={displayName} radius="xl" color="teal">
                {initialsOf(user)}
              </Avatar>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              <Text size="sm" fw={600} c="var(--mantine-color-text)" data-testid="avatar-name">
                {displayName}
              </Text>
            </Menu.Label>
            <Menu.Item component={Link} to="/dashboard/account">
              Settings
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => void logout()}>
              Logout
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
