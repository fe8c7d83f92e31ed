import { Container, Paper, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useMemo } from "react";
import { ClientOnly } from "remix-utils/client-only";
import type { Tiles } from "~/lib/map-tiles";
import { beaconStatus } from "../beacon-list";
import { Battery, SeenAgo } from "./beacon-status";
import { LocalTime } from "~/components/local-time";

const BeaconMap = lazy(() => import("./beacon-map.client"));

export type SharedBeacon = {
  expiresAt: string;
  beacon: {
    nickname: string;
    battery: number | null;
    lastSeenAt: string | null;
    lat: number | null;
    lng: number | null;
  };
  tiles: Tiles;
};

/** The public beacon dashboard: only the allow-listed fields of a shared beacon (no shell, no gateway, no company). */
export function SharedBeaconView({ data }: { data: SharedBeacon }) {
  const b = data.beacon;
  const points = useMemo(
    () => [
      {
        uuid: "shared",
        nickname: b.nickname,
        status: beaconStatus(b.lastSeenAt),
        lat: b.lat,
        lng: b.lng,
      },
    ],
    [b],
  );
  return (
    <Container size="md" py="md">
      <Stack gap="sm">
        <Title order={1} size="h2" data-testid="shared-beacon-name">
          {b.nickname}
        </Title>
        <Paper withBorder p="sm">
          <Text size="sm" data-testid="shared-beacon-position">
            {b.lat !== null && b.lng !== null
              ? `Last seen at ${b.lat.toFixed(5)}, ${b.lng.toFixed(5)}`
              : "Position unknown"}
          </Text>
          <Text size="sm">
            Last seen <SeenAgo at={b.lastSeenAt} /> · Battery <Battery value={b.battery} />
          </Text>
          <Text size="sm" c="dimmed">
            This link works until <LocalTime at={data.expiresAt} />
          </Text>
        </Paper>
        <ClientOnly fallback={null}>
          {() => (
            <Suspense fallback={null}>
              <BeaconMap points={points} tiles={data.tiles} cluster={false} height={420} />
            </Suspense>
          )}
        </ClientOnly>
      </Stack>
    </Container>
  );
}
