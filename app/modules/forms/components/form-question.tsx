import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import { Checkbox, Group, NativeSelect, Radio, Textarea, TextInput } from "@mantine/core";
import { TEXT_MAX, TEXTAREA_MAX } from "../form-answers";
import type { PublicField } from "../public-form";
import { fieldErrorProps } from "~/components/forms/field";

/**
 * One question of a public form, as a plain input that posts without JavaScript. Required questions
 * are marked (asterisk, aria-required) but carry no browser `required`: the server's check answers
 * with its message next to the question, the same one the browser shows with JavaScript.
 */
export function FormQuestion({
  field,
  meta,
}: {
  field: PublicField;
  meta: FieldMetadata<unknown>;
}) {
  const common = {
    label: field.label,
    withAsterisk: field.required,
    "aria-required": field.required || undefined,
    ...fieldErrorProps(meta),
    "data-question": field.id,
  };
  switch (field.type) {
    case "text":
      return (
        <TextInput
          {...getInputProps(meta, { type: "text" })}
          key={meta.key}
          {...common}
          maxLength={TEXT_MAX}
        />
      );
    case "textarea":
      return (
        <Textarea
          {...getTextareaProps(meta)}
          key={meta.key}
          {...common}
          autosize
          minRows={3}
          maxLength={TEXTAREA_MAX}
        />
      );
    case "number":
      return (
        <TextInput
          {...getInputProps(meta, { type: "number" })}
          key={meta.key}
          {...common}
          step="any"
          inputMode="decimal"
        />
      );
    case "date":
      return <TextInput {...getInputProps(meta, { type: "date" })} key={meta.key} {...common} />;
    case "select":
      return (
        <NativeSelect
          {...getSelectProps(meta)}
          key={meta.key}
          {...common}
          data={[
            { value: "", label: "Choose one…" },
            ...(field.options ?? []).map((o) => ({ value: o, label: o })),
          ]}
        />
      );
    case "checkbox": {
      if (field.required)
        // Yes or No, both real answers (see form-answers.ts); plain radios post without JavaScript.
        return (
          <Radio.Group
            key={meta.key}
            name={meta.name}
            label={field.label}
            withAsterisk
            {...fieldErrorProps(meta)}
            defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : undefined}
            data-question={field.id}
          >
            <Group gap="lg" mt={4}>
              <Radio value="yes" label="Yes" />
              <Radio value="no" label="No" />
            </Group>
          </Radio.Group>
        );
      return (
        <Checkbox
          {...getInputProps(meta, { type: "checkbox" })}
          key={meta.key}
          label={field.label}
          {...fieldErrorProps(meta)}
          data-question={field.id}
        />
      );
    }
  }
}
