import { Badge } from "@mantine/core";
import { STATUS_COLOR, STATUS_LABEL, type DeliveryStatus } from "../status";

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" miw="fit-content" data-status={status}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}
