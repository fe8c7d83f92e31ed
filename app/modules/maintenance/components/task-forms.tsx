import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import { Field } from "~/components/forms/field";
import { useSettings } from "~/components/settings/settings-context";
import { distanceInput, distanceLabel } from "~/lib/units";
import { CompletionSchema, TaskSchema } from "../schemas";

type Result = SubmissionResult<string[]> | undefined;

/** Completes one task with the meter reading at the service time (back-dating allowed). */
export function CompleteForm(props: {
  task: { id: number; title: string; vehicle: string | null };
  defaults: { done_at: string; odometer_km: string; engine_hours: string };
  lastResult: Result;
  message?: string | null;
  busy: boolean;
}) {
  // The odometer is typed in the reader's unit; the hidden field tells the server which it was.
  const { measurement } = useSettings().settings;
  const odometer = props.defaults.odometer_km;
  const [form, f] = useForm({
    id: `complete-${props.task.id}`,
    lastResult: props.lastResult,
    defaultValue: {
      ...props.defaults,
      odometer_km: odometer ? distanceInput(Number(odometer), measurement) : "",
      task_id: String(props.task.id),
    },
    constraint: getZodConstraint(CompletionSchema),
    shouldValidate: "onBlur",
    // Revalidating as the user types clears an error before the click: cleared on blur, it
    // moved the button between mousedown and mouseup and the click was lost.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CompletionSchema }),
  });
  const field = (name: "done_at" | "odometer_km" | "engine_hours" | "cost", label: string) => {
    const x = f[name] as (typeof f)["cost"];
    return (
      <Field errors={x}>
        <TextInput
          {...getInputProps(x, { type: name === "done_at" ? "date" : "number" })}
          key={x.key}
          step="any"
          label={label}
        />
      </Field>
    );
  };
  return (
    <Form method="post" {...getFormProps(form)} data-testid="complete-form">
      <input type="hidden" name="intent" value="complete" />
      <input type="hidden" name="task_id" value={props.task.id} />
      <input type="hidden" name="measurement" value={measurement} />
      <Stack gap="sm">
        <Title order={2} size="h4">
          Complete “{props.task.title}”{props.task.vehicle ? ` on ${props.task.vehicle}` : ""}
        </Title>
        {props.message ? <Alert color="red">{props.message}</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field("done_at", "Service date")}
          {field("odometer_km", `Odometer at service (${distanceLabel(measurement)})`)}
          {field("engine_hours", "Engine hours at service (h)")}
          {field("cost", "Cost ($)")}
        </SimpleGrid>
        <TextInput {...getInputProps(f.notes, { type: "text" })} key={f.notes.key} label="Notes" />
        <Group>
          <Button type="submit" loading={props.busy}>
            Complete task
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** A work order made by hand. */
export function NewTaskForm(props: {
  vehicles: { imei: string; nickname: string }[];
  people: { id: number; name: string }[];
  lastResult: Result;
  busy: boolean;
}) {
  const [form, f] = useForm({
    id: "new-task",
    lastResult: props.lastResult,
    constraint: getZodConstraint(TaskSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TaskSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <Group align="flex-start" wrap="wrap">
        <Field errors={f.title}>
          <TextInput
            {...getInputProps(f.title, { type: "text" })}
            key={f.title.key}
            label="New task"
            placeholder="Replace wiper blades"
          />
        </Field>
        <NativeSelect
          name={f.imei.name}
          label="Vehicle or asset"
          data={[
            { value: "", label: "–" },
            ...props.vehicles.map((v) => ({ value: v.imei, label: v.nickname })),
          ]}
        />
        <NativeSelect
          name={f.assignee_id.name}
          label="Assignee"
          data={[
            { value: "", label: "–" },
            ...props.people.map((p) => ({ value: String(p.id), label: p.name })),
          ]}
        />
        <TextInput {...getInputProps(f.due_at, { type: "date" })} key={f.due_at.key} label="Due" />
        <Button type="submit" mt={24} loading={props.busy}>
          Add task
        </Button>
      </Group>
    </Form>
  );
}
