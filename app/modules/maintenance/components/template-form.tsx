import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import { Field } from "~/components/forms/field";
import { useSettings } from "~/components/settings/settings-context";
import { distanceInput, distanceLabel } from "~/lib/units";
import { TemplateSchema } from "../schemas";

type Props = {
  id: number | null;
  defaults: Record<string, string>;
  lastResult?: SubmissionResult<string[]> | null;
  message?: string | null;
  busy: boolean;
};

/** The create/edit form of a task template; errors beside their field, typed values kept. */
export function TemplateForm({ id, defaults, lastResult, message, busy }: Props) {
  // Distances are typed in the reader's unit; the hidden field tells the server which it was.
  const { measurement } = useSettings().settings;
  const inUnit = (km: string | undefined) => (km ? distanceInput(Number(km), measurement) : "");
  const [form, f] = useForm({
    id: `template-${id ?? "new"}`,
    lastResult,
    defaultValue: {
      ...defaults,
      interval_km: inUnit(defaults.interval_km),
      soon_km: inUnit(defaults.soon_km),
    },
    constraint: getZodConstraint(TemplateSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TemplateSchema }),
  });
  const num = (field: (typeof f)["interval_km"], label: string, unit: string) => (
    <Field errors={field}>
      <TextInput
        {...getInputProps(field, { type: "number" })}
        key={field.key}
        step="any"
        label={`${label} (${unit})`}
      />
    </Field>
  );
  return (
    <Form method="post" {...getFormProps(form)} data-testid="template-form">
      <input type="hidden" name="intent" value={id === null ? "create" : "update"} />
      {id !== null ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="measurement" value={measurement} />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {id === null ? "New template" : "Edit template"}
        </Title>
        {message ? <Alert color="red">{message}</Alert> : null}
        <Field errors={f.name}>
          <TextInput {...getInputProps(f.name, { type: "text" })} key={f.name.key} label="Name" />
        </Field>
        <Field errors={f.code}>
          <TextInput
            {...getInputProps(f.code, { type: "text" })}
            key={f.code.key}
            label="Code (category-system-component)"
            placeholder="045-003-001"
          />
        </Field>
        <SimpleGrid cols={2}>
          {num(f.interval_km, "Every", distanceLabel(measurement))}
          {num(f.soon_km, "Due soon within", distanceLabel(measurement))}
          {num(f.interval_hours, "Every", "engine hours")}
          {num(f.soon_hours, "Due soon within", "engine hours")}
          <Group grow align="flex-start">
            {num(f.interval_time, "Every", "time")}
            <NativeSelect
              {...getSelectProps(f.interval_unit)}
              key={f.interval_unit.key}
              label="Unit"
              data={[
                { value: "months", label: "months" },
                { value: "days", label: "days" },
              ]}
            />
          </Group>
          {num(f.soon_days, "Due soon within", "days")}
        </SimpleGrid>
        <NativeSelect
          {...getSelectProps(f.rule)}
          key={f.rule.key}
          label="Due when"
          data={[
            { value: "first", label: "Whichever comes first" },
            { value: "last", label: "Whichever comes last" },
          ]}
        />
        <SimpleGrid cols={2}>
          {num(f.estimated_minutes, "Estimated time", "minutes")}
          {num(f.estimated_cost, "Estimated cost", "$")}
        </SimpleGrid>
        <Textarea
          {...getTextareaProps(f.checklist)}
          key={f.checklist.key}
          label="Checklist (one item a line)"
          autosize
          minRows={3}
        />
        <Textarea
          {...getTextareaProps(f.parts)}
          key={f.parts.key}
          label="Parts (one a line)"
          autosize
          minRows={2}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {id === null ? "Create template" : "Save template"}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
