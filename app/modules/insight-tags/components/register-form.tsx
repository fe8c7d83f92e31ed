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
          <TextInput
            {...getInputProps(f.uuid, { type: "text" })}
            key={f.uuid.key}
            label="UUID from the label"
            description="32 hexadecimal digits, dashes optional. Leave empty to generate one and print its QR code."
            error={f.uuid.errors?.join(" ")}
          />
          <TextInput
            {...getInputProps(f.name, { type: "text" })}
            key={f.name.key}
            label="Name"
            error={f.name.errors?.join(" ")}
          />
          <Textarea
            {...getTextareaProps(f.description)}
            key={f.description.key}
            label="Asset description"
            error={f.description.errors?.join(" ")}
          />
          <NativeSelect
            {...getSelectProps(f.kind)}
            key={f.kind.key}
            label="Kind"
            error={f.kind.errors?.join(" ")}
            data={[
              { value: "gps", label: "GPS tag" },
              { value: "label", label: "QR/NFC label" },
            ]}
          />
          <TextInput
            {...getInputProps(f.ownerContact, { type: "text" })}
            key={f.ownerContact.key}
            label="Owner contact (shown on the public page if chosen)"
            error={f.ownerContact.errors?.join(" ")}
          />
          <Group>
            <Button type="submit">Register tag</Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
