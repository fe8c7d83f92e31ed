import { Badge } from "@mantine/core";

const COLOURS: Record<string, string> = {
  sent: "green",
  queued: "blue",
  running: "blue",
  retrying: "orange",
  failed: "red",
  skipped: "gray",
  done: "green",
  cancelled: "gray",
};
const LABELS: Record<string, string> = {
  sent: "Sent",
  queued: "Queued",
  running: "Running",
  retrying: "Retrying",
  failed: "Failed",
  skipped: "Skipped",
  done: "Ready",
  cancelled: "Cancelled",
};

export function RunStatus({ status }: { status: string }) {
  return (
    <Badge color={COLOURS[status] ?? "gray"} variant="light" data-status={status}>
      {LABELS[status] ?? status}
    </Badge>
  );
}
