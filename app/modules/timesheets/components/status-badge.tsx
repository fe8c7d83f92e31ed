import { Badge } from "@mantine/core";

const COLOURS = { draft: "gray", submitted: "blue", approved: "teal", rejected: "red" } as const;
const LABELS = {
  draft: "Draft",
  submitted: "Submitted",
  approved: "Approved",
  rejected: "Rejected",
};

export function StatusBadge({ status }: { status: keyof typeof COLOURS }) {
  return (
    <Badge color={COLOURS[status]} variant="light" miw="fit-content">
      {LABELS[status]}
    </Badge>
  );
}
