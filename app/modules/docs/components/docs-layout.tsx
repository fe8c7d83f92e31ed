import {
  Anchor,
  AppShell,
  Box,
  Burger,
  Button,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { Brand } from "~/components/shell/brand";
import { DOCS_DRAWER_WIDTH, TOP_BAR_HEIGHT } from "~/lib/theme";

type Nav = { id: string; title: string; pages: { path: string; title: string }[] }[];

/** The documentation frame: a 256-wide sidebar (SPEC §9) and a search box that works without JavaScript. */
export function DocsLayout({ nav, children }: { nav: Nav; children: ReactNode }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: TOP_BAR_HEIGHT }}
      navbar={{ width: DOCS_DRAWER_WIDTH, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Open the documentation menu"
            />
            <Link to="/docs/overview/welcome" aria-label="Documentation home">
              <Brand height={32} />
            </Link>
            <Text fw={600} visibleFrom="sm">
              Documentation
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Form method="get" action="/docs/search" role="search">
              <Group gap={4} wrap="nowrap">
                <TextInput
                  name="q"
                  type="search"
                  placeholder="Search the docs"
                  aria-label="Search the docs"
                  defaultValue={params.get("q") ?? ""}
                  size="sm"
                />
                <Button type="submit" size="sm" variant="light">
                  Search
                </Button>
              </Group>
            </Form>
            <Anchor component={Link} to="/dashboard" size="sm" visibleFrom="md">
              Open Tracksmith
            </Anchor>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar data-testid="docs-sidebar">
        <ScrollArea component="nav" aria-label="Documentation" p="xs">
          <Stack gap="xs">
            {nav.map((section) => (
              <Box key={section.id}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                  {section.title}
                </Text>
                {section.pages.map((p) => (
                  <NavLink
                    key={p.path}
                    component={Link}
                    to={`/docs/${p.path}`}
                    label={p.title}
                    active={pathname === `/docs/${p.path}`}
                  />
                ))}
              </Box>
            ))}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
