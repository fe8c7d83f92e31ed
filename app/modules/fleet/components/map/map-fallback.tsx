import { Center, Paper, Stack, Text } from "@mantine/core";
import { JS_ONLY, NoScriptNote } from "~/components/no-script";

/** What the map area shows before (or without) JavaScript: the list beside it has every device. */
export function MapFallback({
  height = 520,
  positioned,
}: {
  height?: number | string;
  positioned: number;
}) {
  return (
    <Paper withBorder h={height} bg="var(--mantine-color-default-hover)" data-testid="map-fallback">
      <Center h="100%">
        <Stack gap={4} align="center">
          <Text fw={600} className={JS_ONLY}>
            Map loading…
          </Text>
          <NoScriptNote>
            The live map and its live updates need JavaScript. The list shows every device as of
            this page; reload it for newer positions.
          </NoScriptNote>
          <Text size="sm" c="dimmed">
            {positioned} devices with a last known position. The list shows each one.
          </Text>
        </Stack>
      </Center>
    </Paper>
  );
}
