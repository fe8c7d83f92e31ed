import { Button, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { Form, useRevalidator } from "@remix-run/react";
import { RunStatus } from "./run-status";
import { useEffect } from "react";

export function JobProgress({
  job,
  canCancel = true,
}: {
  job: { id: string; status: string; progress: number; message: string; error: string | null };
  canCancel?: boolean;
}) {
  const revalidator = useRevalidator();
  const active = job.status === "queued" || job.status === "running";
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1500);
    return () => clearInterval(t);
  }, [active, revalidator]);
  return (
    <Paper withBorder p="md" data-testid="report-job">
      {active ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>Background report</Text>
            <RunStatus status={job.status} />
          </Group>
          {active && canCancel ? (
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="job" value={job.id} />
              <Button type="submit" size="xs" variant="default">
                Cancel
              </Button>
            </Form>
          ) : null}
        </Group>
        {active ? (
          <Progress value={Math.round(job.progress * 100)} animated aria-label="Progress" />
        ) : null}
        <Text size="sm" c="dimmed">
          {job.status === "failed"
            ? job.error
            : active
              ? `${job.message} (${Math.round(job.progress * 100)} %). You can leave this page: you will be notified when it is ready.`
              : job.message}
        </Text>
      </Stack>
    </Paper>
  );
}
