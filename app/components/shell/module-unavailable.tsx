import {
  Anchor,
  Badge,
  Breadcrumbs,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";

type ModuleData = { title: string; description: string; section: string | null; pathname: string };

export const moduleMeta: MetaFunction = ({ data }) => [
  { title: `${(data as ModuleData | undefined)?.title ?? "Not available"} · Tracksmith` },
];

/**
 * The honest state of a route whose module is not built yet (inside the shell for signed-in
 * routes): the route exists, says what it will hold, and does not pretend to work.
 */
export function ModuleUnavailable() {
  const data = useLoaderData<ModuleData>();
  return (
    <Container size="md" py="md">
      <Stack gap="md" data-testid="module-unavailable">
        {data.section ? (
          <Breadcrumbs>
            <Text size="sm" c="dimmed">
              {data.section}
            </Text>
            <Text size="sm">{data.title}</Text>
          </Breadcrumbs>
        ) : null}
        <Group gap="sm" align="center">
          <Title order={1}>{data.title}</Title>
          {/* The same words as the side menu's mark (the module registry's "planned" status). */}
          <Badge variant="light" color="gray" size="lg">
            Coming soon
          </Badge>
        </Group>
        <Paper withBorder p="lg">
          <Stack gap="xs">
            <Text fw={600}>This module is not available yet</Text>
            {data.description ? <Text>It will hold: {data.description}</Text> : null}
            <Text c="dimmed" size="sm">
              Nothing is lost by visiting: this page will show the module as soon as it ships.
            </Text>
          </Stack>
        </Paper>
        <Anchor component={Link} to="/docs/overview/welcome" size="sm">
          Read the documentation
        </Anchor>
      </Stack>
    </Container>
  );
}

/** For public routes: the same message on a plain page (no shell, no session). */
export function PublicModuleUnavailable() {
  return (
    <Container size="sm" py="xl">
      <ModuleUnavailable />
    </Container>
  );
}

/** Errors of a module route (403 for a hidden route) render inside the shell. */
export function ModuleErrorBoundary() {
  return <GeneralErrorBoundary />;
}
