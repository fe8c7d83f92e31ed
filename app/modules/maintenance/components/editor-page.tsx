import { Button, Grid, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A maintenance list-and-editor page (task templates, task groups): the title with a "New" link
 * back to the empty form, the list on the left, the editor on the right (below it on a phone).
 * Someone who may not change them (`readOnly`, the reason) gets the list and that reason instead of
 * a form the server would refuse.
 */
export function EditorPage(props: {
  title: string;
  intro: string;
  page: string;
  newLabel: string;
  list: ReactNode;
  editor: ReactNode;
  readOnly?: string;
}) {
  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between">
        <div>
          <Title order={1}>{props.title}</Title>
          <Text c="dimmed" size="sm">
            {props.intro}
          </Text>
        </div>
        {props.readOnly ? null : (
          <Button component={Link} to={props.page} variant="light">
            {props.newLabel}
          </Button>
        )}
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>{props.list}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md">
            {props.readOnly ? <Text>{props.readOnly}</Text> : props.editor}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
