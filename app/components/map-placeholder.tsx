import { Center, Paper, Stack, Text } from "@mantine/core";
import { JS_ONLY, NoScriptNote } from "~/components/no-script";

/** What a map area shows before (or without) JavaScript; the table on the page carries the same data. */
export function MapPlaceholder({
  height = 420,
  text,
  testId = "map-placeholder",
}: {
  height?: number;
  text: string;
  testId?: string;
}) {
  return (
    <Paper withBorder h={height} bg="var(--mantine-color-default-hover)" data-testid={testId}>
      <Center h="100%">
        <Stack gap={4} align="center">
          <Text fw={600} className={JS_ONLY}>
            Map loading…
          </Text>
          <NoScriptNote>The map needs JavaScript.</NoScriptNote>
          <Text size="sm" c="dimmed" ta="center" px="md">
            {text}
          </Text>
        </Stack>
      </Center>
    </Paper>
  );
}
