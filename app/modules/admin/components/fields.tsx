import type { FieldMetadata } from "@conform-to/react";
import { Alert, TextInput, type TextInputProps } from "@mantine/core";
import { Field as ShowsErrors } from "~/components/forms/field";

/** What an action returns on a refusal: the first message per field and the values typed. */
export type FormReply = { errors?: Record<string, string>; values?: Record<string, string> };

/** A text field that keeps what was typed after a refusal and shows its message beside it. */
export function Field({
  name,
  label,
  reply,
  initial = "",
  ...rest
}: { name: string; label: string; reply?: FormReply; initial?: string } & Omit<
  TextInputProps,
  "name" | "label" | "defaultValue" | "error"
>) {
  return (
    <TextInput
      {...rest}
      key={rest.value === undefined ? `${name}:${reply?.values?.[name] ?? initial}` : name}
      id={rest.id ?? `f-${name}`}
      name={name}
      label={label}
      // A controlled field (the map fills it) takes its value from its owner.
      {...(rest.value === undefined ? { defaultValue: reply?.values?.[name] ?? initial } : {})}
      error={reply?.errors?.[name]}
    />
  );
}

/**
 * A text field of a Conform form: it starts from useForm's defaultValue (the saved value), after a
 * refusal from what was typed (the reply's initialValue, where an emptied field is absent: ""),
 * and shows its message beside it.
 */
export function ConformField({
  meta,
  label,
  ...rest
}: { meta: FieldMetadata<unknown>; label: string } & Omit<
  TextInputProps,
  "name" | "label" | "defaultValue" | "error"
>) {
  const value = typeof meta.initialValue === "string" ? meta.initialValue : "";
  return (
    <ShowsErrors errors={meta}>
      <TextInput
        {...rest}
        key={`${meta.key ?? ""}:${value}`}
        id={rest.id ?? `f-${meta.name}`}
        name={meta.name}
        label={label}
        defaultValue={value}
      />
    </ShowsErrors>
  );
}

/** The form-level message of a refusal (one not about a single field): a FormReply's or Conform's. */
export function FormMessage({ reply, errors }: { reply?: FormReply; errors?: string[] | null }) {
  const m = errors?.[0] ?? reply?.errors?.form;
  return m ? (
    <Alert color="red" role="alert" data-testid="form-error">
      {m}
    </Alert>
  ) : null;
}
