import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Alert, Button, Checkbox, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { JobCodeSchema } from "../jobcode-form";
import type { JobCode } from "../jobcodes-upstream.server";
import { Field } from "~/components/forms/field";
import { typedValue } from "~/lib/action-result";

/** Create or edit a job code: posts without JavaScript; Conform checks it in the browser too. */
export function JobCodeFormCard({
  editing,
  result,
}: {
  editing: Omit<JobCode, "in_use"> | null;
  result?: { result?: SubmissionResult<string[]>; message?: string | null };
}) {
  const busy = useNavigation().state === "submitting";
  const e = editing;
  const [form, f] = useForm({
    id: `jobcode-${e?.id ?? "new"}`,
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: JobCodeSchema }),
    shouldValidate: "onSubmit",
  });
  const text = (
    field: (typeof f)["code"],
    label: string,
    fallback: string,
    type: "text" | "date" = "text",
  ) => (
    <Field errors={field}>
      <TextInput
        {...getInputProps(field, { type })}
        key={field.key}
        defaultValue={typedValue(result?.result, field.name, fallback)}
        label={label}
      />
    </Field>
  );
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} key={e?.id ?? "new"} data-testid="jobcode-form">
        <input type="hidden" name="intent" value={e ? "update" : "create"} />
        {e ? <input type="hidden" name="id" value={e.id} /> : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {e ? `Edit ${e.code}` : "New job code"}
          </Title>
          {result?.message ? (
            <Alert color="red" role="alert">
              {result.message}
            </Alert>
          ) : null}
          {text(f.code, "Code", e?.code ?? "")}
          {text(f.name, "Name", e?.name ?? "")}
          {text(f.description, "Description", e?.description ?? "")}
          <Group grow>
            {text(f.effective_from, "Effective from", e?.effective_from ?? "", "date")}
            {text(f.effective_to, "Effective to", e?.effective_to ?? "", "date")}
          </Group>
          <Checkbox
            name="active"
            label="Active: people can book time to it"
            defaultChecked={e ? e.active : true}
          />
          <Group>
            <Button type="submit" loading={busy}>
              {e ? "Save job code" : "Create job code"}
            </Button>
            {e ? (
              <Button component={Link} to="/admin/jobcodes" variant="subtle">
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
