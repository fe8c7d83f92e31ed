import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Button,
  NativeSelect,
  Paper,
  Stack,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PRIORITY_LABEL, PRIORITY_VALUES } from "../ticket-labels";
import { RaiseTicketSchema } from "../ticket-form";
import { Field } from "~/components/forms/field";

type TypeOption = {
  id: number;
  name: string;
  active: boolean;
  fields: Array<{ key: string; label: string; kind: string; options?: string[] }>;
};

/** Raise a ticket: its type's own fields follow the chosen type. Posts without JavaScript too. */
export function RaiseTicketForm({
  types,
  result,
}: {
  types: TypeOption[];
  result?: { result?: SubmissionResult<string[]>; message?: string | null };
}) {
  const busy = useNavigation().state === "submitting";
  const active = types.filter((t) => t.active);
  const [form, f] = useForm({
    id: "raise-ticket",
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RaiseTicketSchema }),
    shouldValidate: "onSubmit",
  });
  const [typeId, setTypeId] = useState(String(f.type_id.initialValue ?? active[0]?.id ?? ""));
  const type = active.find((t) => String(t.id) === typeId);
  // Without JavaScript every type's fields are offered, each named by its type.
  const hydrated = useHydrated();
  const shown = hydrated ? (type ? [type] : []) : active;
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} data-testid="raise-ticket">
        <input type="hidden" name="intent" value="raise" />
        <Stack gap="sm">
          <Title order={2} size="h4">
            Raise a ticket
          </Title>
          {result?.message ? (
            <Alert color="red" role="alert">
              {result.message}
            </Alert>
          ) : null}
          <Field errors={f.type_id}>
            <NativeSelect
              name={f.type_id.name}
              label="Type"
              value={typeId}
              onChange={(e) => setTypeId(e.currentTarget.value)}
              data={active.map((t) => ({ value: String(t.id), label: t.name }))}
            />
          </Field>
          <Field errors={f.title}>
            <TextInput
              {...getInputProps(f.title, { type: "text" })}
              key={f.title.key}
              label="Title"
              defaultValue={String(f.title.initialValue ?? "")}
            />
          </Field>
          <Field errors={f.description}>
            <Textarea
              name={f.description.name}
              label="Description"
              defaultValue={String(f.description.initialValue ?? "")}
              autosize
              minRows={2}
            />
          </Field>
          <NativeSelect
            name={f.priority.name}
            label="Priority"
            defaultValue={String(f.priority.initialValue ?? "normal")}
            data={PRIORITY_VALUES.map((p) => ({ value: p, label: PRIORITY_LABEL[p] }))}
          />
          {shown.flatMap((t) =>
            t.fields.map((field) => {
              const label = hydrated ? field.label : `${field.label} (${t.name})`;
              return field.kind === "choice" ? (
                <NativeSelect
                  key={`${t.id}-${field.key}`}
                  name={`fact_${field.key}`}
                  label={label}
                  data={[{ value: "", label: "—" }, ...(field.options ?? [])]}
                />
              ) : (
                <TextInput
                  key={`${t.id}-${field.key}`}
                  name={`fact_${field.key}`}
                  label={label}
                  inputMode={field.kind === "number" ? "decimal" : undefined}
                />
              );
            }),
          )}
          <Button type="submit" loading={busy}>
            Raise ticket
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
