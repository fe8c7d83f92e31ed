import { Stack, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { DecisionButtons } from "~/components/forms/decision-buttons";
import type { LeaveActionData } from "../leave-actions.server";

/** A reviewer's approve/decline with a comment (needed to decline) on one leave request. */
export function LeaveDecisionForm({
  leave: l,
  act,
}: {
  leave: { id: number; accounts: { first_name: string } };
  act: LeaveActionData | undefined;
}) {
  return (
    <Form method="post" preventScrollReset data-testid={`decide-${l.id}`}>
      <input type="hidden" name="id" value={l.id} />
      <Stack gap={4} miw={220}>
        <TextInput
          name="comment"
          size="xs"
          label={`Comment on ${l.accounts.first_name}'s leave`}
          placeholder="Needed to decline"
          defaultValue={act?.decisionFor === l.id ? String(act.values?.comment ?? "") : ""}
          error={act?.decisionFor === l.id ? act.message : undefined}
        />
        <DecisionButtons refuse="decline" refuseLabel="Decline" />
      </Stack>
    </Form>
  );
}
