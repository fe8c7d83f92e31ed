import { Center, Paper, Stack, Text } from "@mantine/core";

/** What the map area shows before (or without) JavaScript: the list beside it has every device. */
export function MapFallback({ height = 520, positioned }: { height?: number; positioned: number }) {
  return (
    <Paper withBorder h={height} bg="gray.1" data-testid="map-fallback">
      <Center h="100%">
        <Stack gap={4} align="center">
          <Text fw={600}>Map loading…</Text>
          <Text size="sm" c="dimmed">
            {positioned} devices with a last known position. The list shows each one.
          </Text>
        </Stack>
      </Center>
    </Paper>
  );
}
