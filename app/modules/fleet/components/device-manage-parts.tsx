import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import type { ActionResult } from "../device-actions.server";

/** What the device page's action answers, per form (intent). */
export type ActionData = Omit<ActionResult, "shareId">;

/** The answer to one form, shown under that form only. */
export function Feedback({ result, intent }: { result: ActionData | undefined; intent: string }) {
  if (!result || result.intent !== intent) return null;
  if (result.alert)
    return (
      <Alert color="red" role="alert" data-testid="action-alert" title={result.alert}>
        The tracking service refused the change. It is shown here anyway and will be corrected on
        the next sync if needed.
      </Alert>
    );
  if (result.ok && result.message)
    return (
      <Text size="sm" c="green" role="status" data-testid="action-ok">
        {result.message}
      </Text>
    );
  if (!result.ok && result.message && !result.errors)
    return (
      <Text size="sm" c="red" role="alert">
        {result.message}
      </Text>
    );
  return null;
}

/** One titled card of the device page; `hidden` (a form the user may not use) renders nothing. */
export function Section({
  title,
  children,
  hidden = false,
}: {
  title: string;
  children: ReactNode;
  hidden?: boolean;
}) {
  if (hidden) return null;
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
