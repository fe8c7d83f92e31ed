import { Alert, TextInput, type TextInputProps } from "@mantine/core";

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

/** The form-level message of a refusal (one not about a single field). */
export function FormMessage({ reply }: { reply?: FormReply }) {
  const m = reply?.errors?.form;
  return m ? (
    <Alert color="red" role="alert" data-testid="form-error">
      {m}
    </Alert>
  ) : null;
}
