import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Group, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { nameSchema, type WikiActionData } from "../schemas";
import { Field } from "~/components/forms/field";

/**
 * A category or folder name: create one, or rename it. Conform keeps what was typed and shows the
 * server's message (empty, too long, already used here) beside the field; without JavaScript the
 * page comes back from the server with the same.
 */
export function WikiNameForm({
  intent,
  label,
  submit,
  fields = {},
  defaultValue = "",
  a,
}: {
  intent: string;
  label: string;
  submit: string;
  fields?: Record<string, string | number>;
  defaultValue?: string;
  a?: WikiActionData;
}) {
  const itemId = Number(fields.id ?? 0);
  const mine = a?.intent === intent && (a.id ?? 0) === itemId;
  const [form, f] = useForm({
    id: `wiki-${intent}-${itemId}`,
    lastResult: mine ? a?.reply : undefined,
    defaultValue: { name: defaultValue },
    constraint: getZodConstraint(nameSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: nameSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} data-testid={`form-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Group align="flex-start" gap="xs">
        <Field errors={f.name}>
          <TextInput {...getInputProps(f.name, { type: "text" })} key={f.name.key} label={label} />
        </Field>
        <Button type="submit" variant="default" mt={25}>
          {submit}
        </Button>
      </Group>
    </Form>
  );
}
