import { getCollectionProps, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { PUBLIC_FIELDS, PUBLIC_FIELD_LABELS, type PublicField } from "../rules";
import { publicFieldsSchema, type WikiActionData } from "../schemas";
import { Field } from "~/components/forms/field";

/** What the tag's public page shows, chosen field by field, and the owner contact it may show. */
export function PublicFieldsForm({
  shown,
  ownerContact,
  a,
}: {
  shown: PublicField[];
  ownerContact: string | null;
  a?: WikiActionData;
}) {
  const [form, f] = useForm({
    id: "public-fields",
    lastResult: a?.intent === "public-fields" ? a.reply : undefined,
    defaultValue: { field: shown, ownerContact: ownerContact ?? "" },
    constraint: getZodConstraint(publicFieldsSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: publicFieldsSchema }),
  });
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} data-testid="public-fields-form">
        <input type="hidden" name="intent" value="public-fields" />
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {getCollectionProps(f.field, { type: "checkbox", options: [...PUBLIC_FIELDS] }).map(
              ({ key, ...props }) => (
                <Checkbox
                  key={key}
                  {...props}
                  label={PUBLIC_FIELD_LABELS[props.value as PublicField]}
                />
              ),
            )}
          </SimpleGrid>
          <Field errors={f.ownerContact}>
            <TextInput
              {...getInputProps(f.ownerContact, { type: "text" })}
              key={f.ownerContact.key}
              label="Owner contact"
            />
          </Field>
          <Group>
            <Button type="submit">Save public page</Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
