/**
 * The public asset dashboard and details (SPEC §2.1), opened with a vehicle's share link: no
 * shell, refreshed every 15 s while the tab is visible. Times are in the viewer's own zone, named:
 * the browser tells the server its zone once (cookie), so even the first paint after that and a
 * page without JavaScript read in it; before that the server's UTC is named as UTC.
 */
import {
  Anchor,
  Badge,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useSettings } from "~/components/settings/settings-context";
import { formatOdometer, formatSpeed } from "~/lib/units";
import { STATUS_COLOURS, type DeviceStatus } from "../device-status";
import type { PublicAsset } from "../public-device.server";
import { DeviceIcon } from "./device-icon";
import { LiveVehicleMap, useLiveRefresh } from "./public-live";

function useViewerZone(rendered: string) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === rendered) return;
    document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    revalidate();
  }, [rendered, revalidate]);
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

const COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
const headingText = (deg: number | null) =>
  deg === null || !Number.isFinite(deg)
    ? "—"
    : `${COMPASS[Math.round((((deg % 360) + 360) % 360) / 45) % 8]} (${Math.round(deg)}°)`;

export function PublicAssetView({ data }: { data: PublicAsset }) {
  useLiveRefresh();
  useViewerZone(data.lastReport.zone);
  const { settings } = useSettings();
  const m = settings.measurement;
  const v = data.vehicle;
  const offline = data.status.key === "offline";
  const position =
    v.lat !== null && v.lng !== null
      ? `${v.lat.toFixed(5)}, ${v.lng.toFixed(5)}`
      : "Position unknown";
  return (
    <Container size="md" py="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={1} size="h2">
            <DeviceIcon avatar={v.avatar} size={24} /> {v.nickname}
          </Title>
          <nav aria-label="Shared vehicle">
            <Group gap="md">
              {data.page === "details" ? (
                <Anchor component={Link} to={data.links.dashboard}>
                  Dashboard
                </Anchor>
              ) : (
                <Text fw={600}>Dashboard</Text>
              )}
              {data.page === "dashboard" ? (
                <Anchor component={Link} to={data.links.details}>
                  Details
                </Anchor>
              ) : (
                <Text fw={600}>Details</Text>
              )}
            </Group>
          </nav>
        </Group>
        <Paper withBorder p="sm">
          <Group gap="sm" mb="xs">
            <Badge
              color={STATUS_COLOURS[data.status.key as DeviceStatus]}
              data-testid="asset-status"
            >
              {data.status.label}
            </Badge>
            {data.status.outdated && !offline ? (
              <Text size="sm" c="dimmed">
                (no recent report)
              </Text>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Fact label="Last report" value={data.lastReport.text} testId="asset-last-report" />
            <Fact label="Position" value={position} testId="asset-position" />
            <Fact
              label="Speed"
              value={offline || v.speed === null ? "—" : formatSpeed(v.speed, m)}
              testId="asset-speed"
            />
          </SimpleGrid>
        </Paper>
        {data.page === "dashboard" ? (
          <LiveVehicleMap vehicle={v} tiles={data.tiles} />
        ) : data.details ? (
          <Paper withBorder p="sm" data-testid="asset-details">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Fact
                label="Odometer"
                value={
                  data.details.odometer === null ? "—" : formatOdometer(data.details.odometer, m)
                }
                testId="asset-odometer"
              />
              <Fact
                label="Ignition"
                value={
                  offline || data.details.ignition === null
                    ? "—"
                    : data.details.ignition
                      ? "On"
                      : "Off"
                }
              />
              <Fact label="Heading" value={offline ? "—" : headingText(v.heading)} />
              <Fact
                label="Battery"
                value={
                  data.details.battery === null ? "—" : `${Math.round(data.details.battery)} %`
                }
              />
            </SimpleGrid>
          </Paper>
        ) : null}
        <Text size="sm" c="dimmed">
          This link works until {data.expires}.
        </Text>
      </Stack>
    </Container>
  );
}
