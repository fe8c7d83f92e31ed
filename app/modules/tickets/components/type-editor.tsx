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
  FIELD_KINDS,
  MAX_FIELDS,
  MAX_STAGES,
  MAX_STEPS,
  type DraftErrors,
  type TypeDraft,
} from "../type-form";
import { StepEditor, type Person } from "./type-step-editor";

const KIND_LABEL: Record<(typeof FIELD_KINDS)[number], string> = {
  text: "Text",
  number: "Number",
  choice: "Choice",
};

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
                      ? layout(
                          `add-step.${si}`,
                          "Add parallel step",
                          `Add a step to stage ${si + 1}`,
                        )
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
