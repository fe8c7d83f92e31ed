import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Group, NativeSelect, Paper, Stack, TextInput, Textarea } from "@mantine/core";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/auth/form-error";
import { registerSchema, type WikiActionData } from "../schemas";
import { Field } from "~/components/forms/field";

/** Register a tag: the uuid printed on its label, or one generated (then print its QR code). */
export function RegisterForm({ a }: { a?: WikiActionData }) {
  const [form, f] = useForm({
    id: "register-insight-tag",
    lastResult: a?.intent === "register" ? a.reply : undefined,
    defaultValue: { kind: "gps" },
    constraint: getZodConstraint(registerSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  });
  return (
    <Paper withBorder p="md" data-testid="register-insight-tag">
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="register" />
        <Stack gap="xs">
          <FormError id={form.errorId} errors={form.errors} />
          <Field errors={f.uuid}>
            <TextInput
              {...getInputProps(f.uuid, { type: "text" })}
              key={f.uuid.key}
              label="UUID from the label"
              description="32 hexadecimal digits, dashes optional. Leave empty to generate one and print its QR code."
            />
          </Field>
          <Field errors={f.name}>
            <TextInput {...getInputProps(f.name, { type: "text" })} key={f.name.key} label="Name" />
          </Field>
          <Field errors={f.description}>
            <Textarea
              {...getTextareaProps(f.description)}
              key={f.description.key}
              label="Asset description"
            />
          </Field>
          <Field errors={f.kind}>
            <NativeSelect
              {...getSelectProps(f.kind)}
              key={f.kind.key}
              label="Kind"
              data={[
                { value: "gps", label: "GPS tag" },
                { value: "label", label: "QR/NFC label" },
              ]}
            />
          </Field>
          <Field errors={f.ownerContact}>
            <TextInput
              {...getInputProps(f.ownerContact, { type: "text" })}
              key={f.ownerContact.key}
              label="Owner contact (shown on the public page if chosen)"
            />
          </Field>
          <Group>
            <Button type="submit">Register tag</Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
