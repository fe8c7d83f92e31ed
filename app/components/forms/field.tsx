import { Text } from "@mantine/core";
import { cloneElement, type ReactElement, type ReactNode } from "react";

/** What a field's errors come as: Conform's metadata, or a message the action sent itself. */
export type FieldErrors = { errors?: string[] | null } | string[] | string | null | undefined;

/** A field's messages as the one line shown beside it (Conform may hold several). */
export function fieldMessage(errors: FieldErrors): string | undefined {
  if (typeof errors === "string") return errors || undefined;
  const list = Array.isArray(errors) ? errors : errors?.errors;
  return list?.length ? list.join(" ") : undefined;
}

/** The props a Mantine input takes to show its error; Mantine links the input to it itself. */
type ShowsError = { error?: ReactNode; errorProps?: { role: "alert" } };

/**
 * An input with its field's error message beside it. Mantine's inputs already point
 * aria-describedby at their error and set aria-invalid; role=alert makes a screen reader read a
 * message that appears after a post without the user moving to the field.
 */
export function Field({
  errors,
  children,
}: {
  errors: FieldErrors;
  children: ReactElement<ShowsError>;
}) {
  return cloneElement(children, fieldErrorProps(errors));
}

/** Field's props for an input that is not its only child (one built from shared props). */
export function fieldErrorProps(errors: FieldErrors): ShowsError {
  const message = fieldMessage(errors);
  return { error: message, errorProps: message ? { role: "alert" } : undefined };
}

/**
 * A field's message where there is no single input to carry it (a group of checkboxes): give the
 * group `aria-describedby={id}` so it is read with the group.
 */
export function FieldError({ errors, id }: { errors: FieldErrors; id: string }) {
  const message = fieldMessage(errors);
  if (!message) return null;
  return (
    <Text size="sm" c="red" id={id} role="alert">
      {message}
    </Text>
  );
}
