import { useSettings } from "~/components/settings/settings-context";
import { formatSpeed } from "~/lib/units";
import { Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { Tiles } from "~/lib/map-tiles";
import { DeviceIcon } from "./device-icon";
import { LocalTime } from "~/components/local-time";
import { LiveVehicleMap, useLiveRefresh } from "./public-live";

export type SharedVehicle = {
  expiresAt: string;
  vehicle: {
    nickname: string;
    avatar: string | null;
    lat: number | null;
    lng: number | null;
    speed: number | null;
    heading: number | null;
    lastContactAt: string | null;
  };
  tiles: Tiles;
};

/** A shared vehicle's live position (public, no shell): refreshed every 15 s while the tab is visible. */
export function SharedVehicleView({ data }: { data: SharedVehicle }) {
  useLiveRefresh();
  const v = data.vehicle;
  const { settings } = useSettings();
  return (
    <Container size="md" py="md">
      <Stack gap="sm">
        <Title order={1} size="h2">
          <DeviceIcon avatar={v.avatar} size={24} /> {v.nickname}
        </Title>
        <Paper withBorder p="sm">
          <Text size="sm" data-testid="shared-position">
            {v.lat !== null && v.lng !== null
              ? `Last position ${v.lat.toFixed(5)}, ${v.lng.toFixed(5)}`
              : "Position unknown"}
            {v.speed !== null ? ` · ${formatSpeed(v.speed, settings.measurement)}` : ""}
          </Text>
          <Text size="sm" c="dimmed">
            Last report {v.lastContactAt ? <LocalTime at={v.lastContactAt} /> : "never"} · This link
            works until <LocalTime at={data.expiresAt} />
          </Text>
        </Paper>
        <LiveVehicleMap vehicle={v} tiles={data.tiles} />
      </Stack>
    </Container>
  );
}
