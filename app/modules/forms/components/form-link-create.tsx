import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/auth/form-error";
import { FORM_LINK_LABEL_MAX, FormLinkCreateSchema } from "../form-link-rules";
import { Field } from "~/components/forms/field";

/** "Create a fill-in link" for one form: who it is for, and how long it works (posts without JavaScript). */
export function FormLinkCreate({
  formId,
  durations,
  lastResult,
}: {
  formId: number;
  durations: { minutes: number; label: string }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "link-create" &&
    navigation.formData?.get("formId") === String(formId);
  const [form, fields] = useForm({
    id: `link-create-${formId}`,
    lastResult,
    defaultValue: { minutes: String(24 * 60) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FormLinkCreateSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      data-testid="form-link-create"
      data-form-id={formId}
    >
      <input type="hidden" name="intent" value="link-create" />
      <input type="hidden" name="formId" value={formId} />
      <Stack gap="xs">
        <FormError id={form.errorId} errors={form.errors} />
        <Group align="flex-start" gap="sm">
          <Field errors={fields.label}>
            <TextInput
              {...getInputProps(fields.label, { type: "text" })}
              key={fields.label.key}
              label="Who it's for"
              placeholder="e.g. Depot QR code"
              maxLength={FORM_LINK_LABEL_MAX}
              w={260}
            />
          </Field>
          <Field errors={fields.minutes}>
            <NativeSelect
              {...getSelectProps(fields.minutes)}
              key={fields.minutes.key}
              label="Link works for"
              data={durations.map((d) => ({ value: String(d.minutes), label: d.label }))}
            />
          </Field>
          <Button type="submit" mt={25} loading={busy}>
            Create a fill-in link
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
