import { Badge } from "@mantine/core";
import { STATUS_COLOURS, STATUS_LABELS, type DeviceStatus } from "../device-status";

export function StatusBadge({ status, outdated }: { status: DeviceStatus; outdated?: boolean }) {
  return (
    <Badge
      color={STATUS_COLOURS[status]}
      variant={outdated ? "outline" : "light"}
      data-status={status}
      title={outdated ? "No recent report: the last known state" : undefined}
    >
      {STATUS_LABELS[status]}
      {outdated && status !== "offline" ? " · outdated" : ""}
    </Badge>
  );
}
