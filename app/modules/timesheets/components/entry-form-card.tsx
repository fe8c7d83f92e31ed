import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { EntrySchema } from "../entry-form";
import { Field } from "~/components/forms/field";

type Option = { id: number; label: string };
export type EditingEntry = {
  id: number;
  start: string;
  end: string;
  break_minutes: number;
  jobcode_id: number | null;
  jobsite_id: number | null;
  notes: string;
} | null;

/** Add or edit an entry before the week is submitted; posts without JavaScript. */
export function EntryFormCard({
  editing,
  result,
  jobCodes,
  jobsites,
  cancelTo,
  defaultDay,
}: {
  editing: EditingEntry;
  result?: { result?: SubmissionResult<string[]>; message?: string | null };
  jobCodes: Option[];
  jobsites: Option[];
  cancelTo: string;
  defaultDay: string;
}) {
  const busy = useNavigation().state === "submitting";
  const e = editing;
  const [form, f] = useForm({
    id: `entry-${e?.id ?? "new"}`,
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EntrySchema }),
    shouldValidate: "onSubmit",
  });
  const value = (field: { initialValue?: unknown }, fallback: string) =>
    typeof field.initialValue === "string" ? field.initialValue : fallback;
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} key={e?.id ?? "new"} data-testid="entry-form">
        <input type="hidden" name="intent" value={e ? "update" : "create"} />
        {e ? <input type="hidden" name="id" value={e.id} /> : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {e ? "Edit entry" : "Add an entry"}
          </Title>
          {result?.message ? (
            <Alert color="red" role="alert" data-testid="entry-error">
              {result.message}
            </Alert>
          ) : null}
          <Field errors={f.start}>
            <TextInput
              {...getInputProps(f.start, { type: "datetime-local" })}
              key={f.start.key}
              label="Start"
              defaultValue={value(f.start, e?.start ?? `${defaultDay}T07:00`)}
            />
          </Field>
          <Field errors={f.end}>
            <TextInput
              {...getInputProps(f.end, { type: "datetime-local" })}
              key={f.end.key}
              label="End"
              defaultValue={value(f.end, e?.end ?? `${defaultDay}T15:30`)}
            />
          </Field>
          <Field errors={f.break_minutes}>
            <TextInput
              {...getInputProps(f.break_minutes, { type: "number" })}
              key={f.break_minutes.key}
              label="Breaks (minutes)"
              min={0}
              max={600}
              defaultValue={value(f.break_minutes, String(e?.break_minutes ?? 30))}
            />
          </Field>
          <Field errors={f.jobcode_id}>
            <NativeSelect
              name={f.jobcode_id.name}
              key={f.jobcode_id.key}
              label="Job code"
              defaultValue={value(f.jobcode_id, e?.jobcode_id ? String(e.jobcode_id) : "")}
              data={[
                { value: "", label: "Pick a job code" },
                ...jobCodes.map((c) => ({ value: String(c.id), label: c.label })),
              ]}
            />
          </Field>
          <NativeSelect
            name={f.jobsite_id.name}
            key={f.jobsite_id.key}
            label="Jobsite"
            defaultValue={value(f.jobsite_id, e?.jobsite_id ? String(e.jobsite_id) : "")}
            data={[
              { value: "", label: "No jobsite" },
              ...jobsites.map((j) => ({ value: String(j.id), label: j.label })),
            ]}
          />
          <Field errors={f.notes}>
            <TextInput
              {...getInputProps(f.notes, { type: "text" })}
              key={f.notes.key}
              label="Notes"
              defaultValue={value(f.notes, e?.notes ?? "")}
            />
          </Field>
          <Group>
            <Button type="submit" loading={busy}>
              {e ? "Save entry" : "Add entry"}
            </Button>
            {e ? (
              <Button component={Link} to={cancelTo} variant="subtle">
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
