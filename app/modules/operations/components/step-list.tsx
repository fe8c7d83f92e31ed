import { Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck, IconClock, IconMinus, IconX } from "@tabler/icons-react";
import { STEP_LABELS, type Step, type StepStatus } from "../installation-checks";

const LOOK: Record<StepStatus, { color: string; Icon: typeof IconCheck }> = {
  pass: { color: "teal", Icon: IconCheck },
  fail: { color: "red", Icon: IconX },
  waiting: { color: "gray", Icon: IconClock },
  na: { color: "gray", Icon: IconMinus },
};

/** The installation steps, each with its state in words (not colour alone) and what was measured. */
export function StepList({ steps }: { steps: Step[] }) {
  return (
    <Stack
      gap="xs"
      component="ol"
      style={{ listStyle: "none", padding: 0, margin: 0 }}
      aria-live="polite"
    >
      {steps.map((s) => {
        const { color, Icon } = LOOK[s.status];
        return (
          <Paper
            key={s.id}
            withBorder
            p="sm"
            component="li"
            data-testid={`step-${s.id}`}
            data-status={s.status}
          >
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon color={color} variant="light" radius="xl" aria-hidden="true">
                <Icon size={16} />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {s.title}: <span>{STEP_LABELS[s.status]}</span>
                </Text>
                <Text size="sm" c="dimmed">
                  {s.detail}
                </Text>
              </div>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
