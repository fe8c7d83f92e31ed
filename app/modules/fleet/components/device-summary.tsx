import { Group, Image, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { mediaUrl } from "~/lib/media";
import { formatCelsius, formatOdometer } from "~/lib/units";
import { speedText } from "../device-text";
import { StatusBadge } from "./status-badge";
import { formatDuration, type DeviceStatus } from "../device-status";
import { capabilityLabels } from "~/lib/device-types";
import { formatZoned } from "~/lib/zoned-time";
import { DeviceIcon } from "./device-icon";

export type SummaryDevice = {
  imei: string;
  nickname: string;
  avatar: string | null;
  /** The device's photo (SPEC §3), an upstream path served through /media. */
  photo?: string | null;
  deviceTypeId: number;
  status: DeviceStatus;
  outdated: boolean;
  silentMs: number | null;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  heading: number | null;
  ignition: boolean | null;
  odometer: number | null;
  permdriver: string | null;
  lastContactAt: string | null;
  battery: number | null;
  temperature: number | null;
  tags: { id: number; name: string }[];
  groups: { id: number; nickname: string }[];
};

function Field({
  label,
  value,
  testid,
}: {
  label: string;
  value: React.ReactNode;
  testid?: string;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testid} suppressHydrationWarning>
        {value}
      </Text>
    </Stack>
  );
}

/** What a device is and where it was last: the top of the device pages. */
export function DeviceSummary({
  d,
  measurement = "metric",
  timeZone,
}: {
  d: SummaryDevice;
  measurement?: "metric" | "imperial";
  timeZone: string;
}) {
  const speed = speedText(d.speed, d.status, measurement);
  const odo = d.odometer === null ? "—" : formatOdometer(d.odometer, measurement);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group gap="sm">
          {mediaUrl(d.photo) ? (
            <Image
              src={mediaUrl(d.photo)}
              alt={`Photo of ${d.nickname}`}
              w={72}
              h={72}
              radius="sm"
              fit="cover"
              data-testid="device-photo"
            />
          ) : null}
          <DeviceIcon avatar={d.avatar} size={26} />
          <Text fw={700} size="lg" data-testid="device-nickname">
            {d.nickname}
          </Text>
          <StatusBadge status={d.status} outdated={d.outdated} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Field label="IMEI" value={d.imei} />
          <Field
            label="Position"
            value={
              d.lat !== null && d.lng !== null
                ? `${d.lat.toFixed(5)}, ${d.lng.toFixed(5)}`
                : "Unknown"
            }
            testid="device-position"
          />
          <Field label="Speed" value={speed} />
          <Field label="Heading" value={d.heading === null ? "—" : `${Math.round(d.heading)}°`} />
          <Field label="Ignition" value={d.ignition === null ? "—" : d.ignition ? "On" : "Off"} />
          <Field label="Odometer" value={odo} />
          <Field
            label="Permanent driver"
            value={d.permdriver ?? "None"}
            testid="device-permdriver"
          />
          <Field
            label="Last contact"
            value={
              d.lastContactAt
                ? `${formatZoned(d.lastContactAt, timeZone)}${d.silentMs !== null ? ` (${formatDuration(d.silentMs)} ago)` : ""}`
                : "Never"
            }
          />
          {d.battery !== null ? (
            <Field label="Battery" value={`${Math.round(d.battery)} %`} />
          ) : null}
          {d.temperature !== null ? (
            <Field label="Temperature" value={formatCelsius(d.temperature, measurement)} />
          ) : null}
          <Field
            label="Tags"
            value={d.tags.length ? d.tags.map((t) => t.name).join(", ") : "None"}
            testid="device-tags"
          />
          <Field
            label="Groups"
            value={d.groups.length ? d.groups.map((g) => g.nickname).join(", ") : "None"}
            testid="device-groups"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Supports: {capabilityLabels(d.deviceTypeId).join(" · ")} (device type {d.deviceTypeId})
        </Text>
      </Stack>
    </Paper>
  );
}
