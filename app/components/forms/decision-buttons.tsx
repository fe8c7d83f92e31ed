import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A reviewer's two submit buttons (intent "approve" and the refusal's intent), with whatever the
 * form shows between them: the same look on timesheets, leave and ticket approvals.
 */
export function DecisionButtons({
  refuse,
  refuseLabel,
  busy,
  children,
}: {
  refuse: "reject" | "decline";
  refuseLabel: string;
  busy?: boolean;
  children?: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button type="submit" name="intent" value="approve" size="compact-sm" loading={busy}>
        Approve
      </Button>
      {children}
      <Button
        type="submit"
        name="intent"
        value={refuse}
        size="compact-sm"
        variant="outline"
        color="red.9"
        loading={busy}
      >
        {refuseLabel}
      </Button>
    </Group>
  );
}
