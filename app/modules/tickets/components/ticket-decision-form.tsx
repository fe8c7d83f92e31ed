import { Stack, Text, Textarea } from "@mantine/core";
import { Form } from "@remix-run/react";
import { DecisionButtons } from "~/components/forms/decision-buttons";

/**
 * Approve or reject one approval step of a ticket, with a comment (needed to reject). The lists
 * give back what was typed and the refusal; `busy` is the caller's notion of a pending submit.
 */
export function TicketDecisionForm({
  ticketId,
  stepId,
  busy,
  comment,
  error,
  message,
  mt,
}: {
  ticketId: number;
  stepId: number | string;
  busy: boolean;
  comment?: string;
  error?: string;
  message?: string;
  mt?: number;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={ticketId} />
      <input type="hidden" name="step_id" value={stepId} />
      <Stack gap={6} mt={mt}>
        <Textarea
          name="comment"
          label="Comment"
          description="Needed when you reject"
          autosize
          minRows={1}
          defaultValue={comment}
          error={error}
        />
        {message ? (
          <Text c="red.8" size="sm" role="alert">
            {message}
          </Text>
        ) : null}
        <DecisionButtons refuse="reject" refuseLabel="Reject" busy={busy} />
      </Stack>
    </Form>
  );
}
