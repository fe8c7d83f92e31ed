import { Badge } from "@mantine/core";
import { LEAVE_GREEN, LEAVE_GREY } from "../leave-rules";

const COLOURS = {
  pending: LEAVE_GREY,
  approved: LEAVE_GREEN,
  declined: "#c92a2a",
  cancelled: LEAVE_GREY,
};

/** A request's state; SPEC §4: green once an approval exists, grey while pending. */
export function LeaveStatus({
  status,
  approvals,
  required,
}: {
  status: keyof typeof COLOURS;
  approvals: number;
  required: number;
}) {
  const partly = status === "pending" && approvals > 0;
  return (
    <Badge
      color={partly ? LEAVE_GREEN : COLOURS[status]}
      variant={status === "cancelled" ? "outline" : "filled"}
      miw="fit-content"
      data-status={status}
    >
      {partly ? `Approved ${approvals} of ${required}` : status[0]!.toUpperCase() + status.slice(1)}
    </Badge>
  );
}
