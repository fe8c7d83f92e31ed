import { Center, Paper, Stack, Text } from "@mantine/core";

/** What a map area shows before (or without) JavaScript; the table on the page carries the same data. */
export function MapPlaceholder({ height = 420, text }: { height?: number; text: string }) {
  return (
    <Paper withBorder h={height} bg="gray.1" data-testid="map-placeholder">
      <Center h="100%">
        <Stack gap={4} align="center">
          <Text fw={600}>Map loading…</Text>
          <Text size="sm" c="dimmed" ta="center" px="md">
            {text}
          </Text>
        </Stack>
      </Center>
    </Paper>
  );
}
