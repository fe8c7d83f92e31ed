import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import { Checkbox, NativeSelect, Textarea, TextInput } from "@mantine/core";
import { TEXT_MAX, TEXTAREA_MAX } from "../form-answers";
import type { PublicField } from "../public-form";

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
  const error = meta.errors?.join(" ");
  const common = {
    label: field.label,
    withAsterisk: field.required,
    "aria-required": field.required || undefined,
    error,
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
      // Mantine's Checkbox has no asterisk of its own.
      const { withAsterisk: _, label, ...rest } = common;
      const marked = field.required ? (
        <>
          {label}{" "}
          <span aria-hidden style={{ color: "var(--mantine-color-error)" }}>
            *
          </span>
        </>
      ) : (
        label
      );
      return (
        <Checkbox
          {...getInputProps(meta, { type: "checkbox" })}
          key={meta.key}
          {...rest}
          label={marked}
        />
      );
    }
  }
}
