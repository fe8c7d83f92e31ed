import {
  ActionIcon,
  Anchor,
  Box,
  Divider,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { IconMessageReport } from "@tabler/icons-react";
import { MENU_ICONS, type MenuIconName } from "~/components/shell/menu-icons";
import { matchPattern, searchMenu, type MenuItem, type MenuSection } from "~/lib/menu";

const REPORT_ISSUE_ADDRESS = "support@tracksmith.local";

function isActive(item: MenuItem, pathname: string) {
  return [...(item.href ? [item.href] : []), ...(item.match ?? [])].some((p) =>
    matchPattern(p, pathname),
  );
}

/** A top-level entry on the collapsed rail: its icon, its title as tooltip and accessible name. */
function RailItem({
  item,
  pathname,
  onExpand,
}: {
  item: MenuItem;
  pathname: string;
  onExpand: () => void;
}) {
  const Icon = MENU_ICONS[(item.icon ?? "dot") as MenuIconName] ?? MENU_ICONS.dot;
  const active = [item, ...(item.children ?? [])].some((i) => isActive(i, pathname));
  const icon = <Icon size={22} stroke={1.6} aria-hidden />;
  const look = {
    variant: active ? "filled" : "subtle",
    size: "lg",
    "aria-label": item.title,
    "data-menu-item": item.id,
  } as const;
  return (
    <Tooltip label={item.title} position="right">
      {item.href && !item.children?.length ? (
        <ActionIcon component={Link} to={item.href} prefetch="intent" {...look}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon {...look} onClick={onExpand}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

/** A mailto link that carries the page the user was on, so the report says where it happened. */
export function reportIssueHref(pathname: string) {
  const subject = encodeURIComponent("Issue report");
  const body = encodeURIComponent(`Page: ${pathname}\n\nWhat happened:\n\nWhat I expected:\n`);
  return `mailto:${REPORT_ISSUE_ADDRESS}?subject=${subject}&body=${body}`;
}

function ItemLink({
  item,
  pathname,
  forceOpen = false,
}: {
  item: MenuItem;
  pathname: string;
  forceOpen?: boolean;
}) {
  const Icon = item.icon ? MENU_ICONS[item.icon as MenuIconName] : null;
  const leftSection = Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : undefined;
  const common = {
    label: item.title,
    leftSection,
    "data-menu-item": item.id,
  };
  const [opened, setOpened] = useState(
    () => forceOpen || (item.children ?? []).some((c) => isActive(c, pathname)),
  );
  if (item.children?.length) {
    // A real button (an <a> without href is neither focusable nor announced) that says its state.
    return (
      <NavLink
        {...common}
        component="button"
        type="button"
        opened={opened}
        onChange={setOpened}
        aria-expanded={opened}
        childrenOffset="md"
      >
        {/* A closed group's entries are hidden and unreachable, so they are rendered only once it
            opens: most pages' menus are mostly closed groups, and drawing them cost every page. */}
        {opened ? (
          item.children.map((child) => <ItemLink key={child.id} item={child} pathname={pathname} />)
        ) : (
          <span hidden />
        )}
      </NavLink>
    );
  }
  return (
    <NavLink
      {...common}
      component={Link}
      to={item.href ?? "#"}
      prefetch="intent"
      active={isActive(item, pathname)}
    />
  );
}

/**
 * The side menu (SPEC §2.10): search box, sections, Report Issue. The search filters live with
 * JavaScript; without it the box is a GET form (`?menu=`) and the server-rendered menu is filtered.
 */
export function SideMenu({
  menu,
  collapsed,
  onExpand,
}: {
  menu: MenuSection[];
  collapsed: boolean;
  onExpand: () => void;
}) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get("menu") ?? "");
  const shown = searchMenu(menu, query);

  if (collapsed) {
    return (
      <Stack gap="xs" align="center" h="100%" data-testid="side-menu" data-collapsed="true">
        <ScrollArea flex={1} w="100%" type="scroll" offsetScrollbars={false}>
          <Stack gap="xs" align="center" py="sm">
            {menu.map((section, i) => (
              <Stack
                key={section.id}
                gap={4}
                align="center"
                aria-label={section.title}
                role="group"
              >
                {i > 0 ? <Divider w="60%" /> : null}
                {section.items.map((item) => (
                  <RailItem key={item.id} item={item} pathname={pathname} onExpand={onExpand} />
                ))}
              </Stack>
            ))}
          </Stack>
        </ScrollArea>
        <Tooltip label="Report Issue" position="right">
          <ActionIcon
            component="a"
            href={reportIssueHref(pathname)}
            variant="subtle"
            size="xl"
            aria-label="Report Issue"
          >
            <IconMessageReport size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Stack>
    );
  }

  return (
    <Stack gap={0} h="100%" data-testid="side-menu" data-collapsed="false">
      <Box p="sm">
        {/* The current page, never its query: a token in the URL (a link filter) must not be copied into every page's menu form. */}
        <Form method="get" action={pathname} role="search" onSubmit={(e) => e.preventDefault()}>
          <TextInput
            name="menu"
            placeholder="Search menu"
            aria-label="Search menu"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            type="search"
          />
        </Form>
      </Box>
      <ScrollArea style={{ flex: 1 }} px="xs" component="nav" aria-label="Main menu">
        {shown.length === 0 ? (
          <Text c="dimmed" size="sm" p="sm" data-testid="menu-empty">
            No menu entry matches “{query}”.
          </Text>
        ) : null}
        {shown.map((section) => (
          <Box key={section.id} mb="sm" data-menu-section={section.id}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
              {section.title}
            </Text>
            {section.items.map((item) => (
              // Searching opens every parent (a new key remounts it) so the matching children show.
              <ItemLink
                key={`${item.id}${query ? "-search" : ""}`}
                item={item}
                pathname={pathname}
                forceOpen={Boolean(query.trim())}
              />
            ))}
          </Box>
        ))}
      </ScrollArea>
      <Divider />
      <UnstyledButton component="div" p="sm">
        <Anchor href={reportIssueHref(pathname)} size="sm" data-testid="report-issue">
          Report Issue
        </Anchor>
      </UnstyledButton>
    </Stack>
  );
}
