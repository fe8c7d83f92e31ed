import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { STATUS_LABEL, STATUS_VALUES } from "../ticket-labels";
import {
  CONDITION_OPS,
  FIELD_KINDS,
  MAX_FIELDS,
  MAX_STAGES,
  MAX_STEPS,
  STEP_MODES,
  type DraftErrors,
  type DraftStep,
  type TypeDraft,
} from "../type-form";

type Person = { id: number; name: string };

const KIND_LABEL: Record<(typeof FIELD_KINDS)[number], string> = {
  text: "Text",
  number: "Number",
  choice: "Choice",
};
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
function PeopleChecks({
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

function StepEditor({
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
  layout: (op: string, label: string, aria: string) => JSX.Element;
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
          {layout(`remove-step.${si}.${k}`, "Remove step", `Remove step ${k + 1} of stage ${si + 1}`)}
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

/**
 * Create or edit a ticket type: its own fields, default assignee, SLA hours, paused statuses and
 * approval chain (stages one after another; the steps of a stage side by side). The add and remove
 * buttons post the form with a layout change, so it works without JavaScript; the server checks
 * everything and answers with messages next to the inputs.
 */
export function TypeEditor({
  draft,
  errors,
  message,
  people,
  confirmDelete,
  deleteRefused,
}: {
  draft: TypeDraft;
  errors: DraftErrors;
  message?: string | null;
  people: Person[];
  confirmDelete: boolean;
  deleteRefused?: string | null;
}) {
  const busy = useNavigation().state !== "idle";
  const here = `/tickets/admin?edit_type=${draft.id ?? "new"}`;
  const layout = (op: string, label: string, aria: string) => (
    <Button
      type="submit"
      name="intent"
      value="type-layout"
      formAction={`${here}&layout=${op}`}
      variant="light"
      size="compact-sm"
      color={op.startsWith("remove") ? "red" : undefined}
      aria-label={aria}
      disabled={busy}
    >
      {label}
    </Button>
  );
  return (
    <Paper withBorder p="md" data-testid="type-editor">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {draft.id === null ? "New ticket type" : `Edit ${draft.name || "ticket type"}`}
          </Title>
          <Button component={Link} to="/tickets/admin" variant="subtle" size="compact-sm">
            Close
          </Button>
        </Group>
        {message ? (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        ) : null}
        {Object.keys(errors).length && !message ? (
          <Alert color="red" role="alert">
            The type was not saved: see the messages below.
          </Alert>
        ) : null}
        <Form method="post" action={here} preventScrollReset>
          {draft.id !== null ? <input type="hidden" name="type_id" value={draft.id} /> : null}
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput name="name" label="Name" defaultValue={draft.name} error={errors.name} />
              <NativeSelect
                name="default_assignee"
                label="Default assignee"
                defaultValue={draft.defaultAssignee}
                error={errors.default_assignee}
                data={[
                  { value: "", label: "Nobody" },
                  ...people.map((p) => ({ value: String(p.id), label: p.name })),
                ]}
              />
            </SimpleGrid>
            <Textarea
              name="description"
              label="Description"
              defaultValue={draft.description}
              autosize
              minRows={1}
              error={errors.description}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                name="first_response_hours"
                label="First response within (working hours)"
                inputMode="decimal"
                defaultValue={draft.firstResponseHours}
                error={errors.first_response_hours}
              />
              <TextInput
                name="resolution_hours"
                label="Resolution within (working hours)"
                inputMode="decimal"
                defaultValue={draft.resolutionHours}
                error={errors.resolution_hours}
              />
            </SimpleGrid>
            <Fieldset legend="Statuses that pause the SLA clock" variant="unstyled">
              <Group gap="sm" mt={4}>
                {STATUS_VALUES.filter((s) => s !== "resolved" && s !== "closed").map((s) => (
                  <Checkbox
                    key={s}
                    name="paused_statuses"
                    value={s}
                    label={STATUS_LABEL[s]}
                    defaultChecked={draft.pausedStatuses.includes(s)}
                  />
                ))}
              </Group>
              {errors.paused_statuses ? (
                <Text c="red.8" size="sm">
                  {errors.paused_statuses}
                </Text>
              ) : null}
            </Fieldset>
            <Checkbox
              name="active"
              label="Active (new tickets may use it)"
              defaultChecked={draft.active}
            />

            <Title order={3} size="h5">
              Fields
            </Title>
            {draft.fields.length === 0 ? (
              <Text size="sm" c="dimmed">
                No fields of its own.
              </Text>
            ) : null}
            {draft.fields.map((f, i) => (
              <Paper key={i} withBorder p="sm" data-testid={`field-${i}`}>
                <input type="hidden" name={`fields.${i}.key`} value={f.key} />
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                  <TextInput
                    name={`fields.${i}.label`}
                    label={`Field ${i + 1} label`}
                    defaultValue={f.label}
                    error={errors[`fields.${i}.label`]}
                  />
                  <NativeSelect
                    name={`fields.${i}.kind`}
                    label={`Field ${i + 1} kind`}
                    defaultValue={f.kind}
                    data={FIELD_KINDS.map((k) => ({ value: k, label: KIND_LABEL[k] }))}
                  />
                  <TextInput
                    name={`fields.${i}.options`}
                    label={`Field ${i + 1} choices (comma separated)`}
                    defaultValue={f.options}
                    error={errors[`fields.${i}.options`]}
                  />
                </SimpleGrid>
                <Group justify="space-between" mt="xs">
                  <Checkbox
                    name={`fields.${i}.required`}
                    label={`Field ${i + 1} is required`}
                    defaultChecked={f.required}
                  />
                  {layout(`remove-field.${i}`, "Remove field", `Remove field ${i + 1}`)}
                </Group>
              </Paper>
            ))}
            {draft.fields.length < MAX_FIELDS ? (
              <Group>{layout("add-field", "Add field", "Add a field")}</Group>
            ) : null}

            <Title order={3} size="h5">
              Approval chain
            </Title>
            <Text size="sm" c="dimmed">
              Stages run one after another; the steps of a stage run side by side.
            </Text>
            {errors.chain ? (
              <Text c="red.8" size="sm" role="alert" data-testid="chain-problems">
                {errors.chain}
              </Text>
            ) : null}
            {draft.stages.length === 0 ? (
              <Text size="sm" c="dimmed">
                No approvals needed.
              </Text>
            ) : null}
            {draft.stages.map((stage, si) => (
              <Fieldset key={si} legend={`Stage ${si + 1}`} data-testid={`stage-${si}`}>
                <input type="hidden" name={`stages.${si}.present`} value="1" />
                <Stack gap="xs">
                  {stage.steps.map((step, k) => (
                    <StepEditor
                      key={k}
                      step={step}
                      si={si}
                      k={k}
                      draft={draft}
                      people={people}
                      errors={errors}
                      layout={layout}
                    />
                  ))}
                  <Group gap="xs">
                    {stage.steps.length < MAX_STEPS
                      ? layout(`add-step.${si}`, "Add parallel step", `Add a step to stage ${si + 1}`)
                      : null}
                    {layout(`remove-stage.${si}`, "Remove stage", `Remove stage ${si + 1}`)}
                  </Group>
                </Stack>
              </Fieldset>
            ))}
            {draft.stages.length < MAX_STAGES ? (
              <Group>{layout("add-stage", "Add stage", "Add a stage")}</Group>
            ) : null}
            <Group>
              <Button type="submit" name="intent" value="type-save" loading={busy}>
                {draft.id === null ? "Create type" : "Save type"}
              </Button>
            </Group>
          </Stack>
        </Form>
        {draft.id !== null ? (
          <Stack gap={4} data-testid="type-delete">
            {deleteRefused ? (
              <Alert color="red" role="alert">
                {deleteRefused}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <ConfirmForm
                fields={{ intent: "type-delete", id: draft.id }}
                confirming={confirmDelete}
                label="Delete type"
                question={`Delete ${draft.name}?`}
                confirmLabel="Delete"
                busy={busy}
              />
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The company's ticket types, each opening the editor. */
export function TypeList({
  types,
}: {
  types: Array<{ id: number; name: string; active: boolean; steps: number; fields: number }>;
}) {
  return (
    <Paper withBorder p="md" data-testid="ticket-types">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Ticket types
          </Title>
          <Button component={Link} to="/tickets/admin?edit_type=new" size="compact-sm" variant="light">
            New type
          </Button>
        </Group>
        {types.map((t) => (
          <Group key={t.id} justify="space-between" wrap="nowrap">
            <Button
              component={Link}
              to={`/tickets/admin?edit_type=${t.id}`}
              variant="subtle"
              size="compact-sm"
            >
              {t.name}
            </Button>
            <Text size="xs" c="dimmed">
              {t.fields} fields · {t.steps} approval steps{t.active ? "" : " · inactive"}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
