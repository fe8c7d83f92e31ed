import { Badge, Text } from "@mantine/core";
import { useCompanyZone } from "~/components/company-time";
import { formatZonedLabelled } from "~/lib/zoned-time";
import {
  BEACON_STATUS_COLOURS,
  BEACON_STATUS_LABELS,
  LOW_BATTERY,
  type BeaconStatus,
} from "../beacon-list";
import { formatDuration } from "~/modules/fleet";

export function BeaconStatusBadge({ status }: { status: BeaconStatus }) {
  return (
    <Badge color={BEACON_STATUS_COLOURS[status]} variant="light" data-status={status}>
      {BEACON_STATUS_LABELS[status]}
    </Badge>
  );
}

/** "87 %", flagged when it is time to change the battery. */
export function Battery({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text span c="dimmed">
        Unknown
      </Text>
    );
  const low = value <= LOW_BATTERY;
  return (
    <Text
      span
      c={low ? "red" : undefined}
      fw={low ? 600 : undefined}
      data-battery={Math.round(value)}
    >
      {Math.round(value)} %{low ? " · replace soon" : ""}
    </Text>
  );
}

/** "12 min ago" with the exact time as a tooltip; rendered again in the browser, hence no hydration warning. */
export function SeenAgo({ at }: { at: string | null }) {
  const zone = useCompanyZone();
  if (!at)
    return (
      <Text span c="dimmed">
        Never
      </Text>
    );
  return (
    <Text span title={formatZonedLabelled(at, zone)} suppressHydrationWarning>
      {formatDuration(Math.max(0, Date.now() - Date.parse(at)))} ago
    </Text>
  );
}
