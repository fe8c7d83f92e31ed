import {
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { ReactNode } from "react";
import {
  CONDITION_OPS,
  STEP_MODES,
  type DraftErrors,
  type DraftStep,
  type TypeDraft,
} from "../type-form";

export type Person = { id: number; name: string };

const MODE_LABEL: Record<(typeof STEP_MODES)[number], string> = {
  any: "Any one of them",
  all: "All of them",
  quorum: "A quorum of them",
};
const OP_LABEL: Record<(typeof CONDITION_OPS)[number], string> = {
  ">": "is over",
  ">=": "is at least",
  "<": "is under",
  "<=": "is at most",
  "==": "equals",
  "!=": "is not",
};

/** Checkboxes of people, named for a multi-valued input (works without JavaScript). */
export function PeopleChecks({
  legend,
  name,
  people,
  chosen,
  error,
}: {
  legend: string;
  name: string;
  people: Person[];
  chosen: string[];
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <Fieldset
      legend={legend}
      variant="unstyled"
      aria-describedby={error ? errorId : undefined}
      data-field={name}
    >
      <Group gap="sm" mt={4}>
        {people.map((p) => (
          <Checkbox
            key={p.id}
            name={name}
            value={String(p.id)}
            label={p.name}
            defaultChecked={chosen.includes(String(p.id))}
          />
        ))}
      </Group>
      {error ? (
        <Text id={errorId} c="red.8" size="sm" mt={4}>
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}

/** One step of a stage: approvers, any/all/quorum, an optional condition and escalation. */
export function StepEditor({
  step,
  si,
  k,
  draft,
  people,
  errors,
  layout,
}: {
  step: DraftStep;
  si: number;
  k: number;
  draft: TypeDraft;
  people: Person[];
  errors: DraftErrors;
  layout: (op: string, label: string, aria: string) => ReactNode;
}) {
  const p = `stages.${si}.steps.${k}.`;
  const facts = draft.fields.filter((f) => f.label.trim());
  return (
    <Paper withBorder p="sm" data-testid={`step-${si}-${k}`}>
      <input type="hidden" name={`${p}id`} value={step.id} />
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} size="sm">
            Step {k + 1}
            {step.name ? `: ${step.name}` : ""}
          </Text>
          {layout(
            `remove-step.${si}.${k}`,
            "Remove step",
            `Remove step ${k + 1} of stage ${si + 1}`,
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput
            name={`${p}name`}
            label="Step name"
            defaultValue={step.name}
            error={errors[`${p}name`]}
          />
          <NativeSelect
            name={`${p}mode`}
            label="Needs"
            defaultValue={step.mode}
            data={STEP_MODES.map((m) => ({ value: m, label: MODE_LABEL[m] }))}
          />
          <TextInput
            name={`${p}quorum`}
            label="Quorum (for a quorum)"
            inputMode="numeric"
            defaultValue={step.quorum}
            error={errors[`${p}quorum`]}
          />
        </SimpleGrid>
        <PeopleChecks
          legend="Approvers"
          name={`${p}approvers`}
          people={people}
          chosen={step.approvers}
          error={errors[`${p}approvers`]}
        />
        <Fieldset legend="Only when (leave the field empty to always ask)" variant="unstyled">
          {step.condRaw ? (
            <>
              <input type="hidden" name={`${p}condRaw`} value={step.condRaw} />
              <Text size="sm" ff="monospace">
                Custom rule: {step.condRaw}
              </Text>
            </>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" mt={4}>
            <NativeSelect
              name={`${p}condVar`}
              label="Field"
              defaultValue={step.condVar}
              data={[
                { value: "", label: "Always" },
                ...facts.map((f) => ({ value: f.key || f.label, label: f.label })),
                ...(step.condVar && !facts.some((f) => (f.key || f.label) === step.condVar)
                  ? [{ value: step.condVar, label: step.condVar }]
                  : []),
              ]}
            />
            <NativeSelect
              name={`${p}condOp`}
              label="Comparison"
              defaultValue={step.condOp}
              data={CONDITION_OPS.map((o) => ({ value: o, label: OP_LABEL[o] }))}
            />
            <TextInput
              name={`${p}condValue`}
              label="Value"
              defaultValue={step.condValue}
              error={errors[`${p}condition`]}
            />
          </SimpleGrid>
        </Fieldset>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput
            name={`${p}escalateAfter`}
            label="Escalate after (hours)"
            inputMode="decimal"
            defaultValue={step.escalateAfter}
            error={errors[`${p}escalateAfter`]}
          />
        </SimpleGrid>
        <PeopleChecks
          legend="Escalate to"
          name={`${p}escalateTo`}
          people={people}
          chosen={step.escalateTo}
          error={errors[`${p}escalateTo`]}
        />
      </Stack>
    </Paper>
  );
}
