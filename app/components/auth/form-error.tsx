import { Alert } from "@mantine/core";

/** A form-level error, announced to screen readers. */
export function FormError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <Alert color="red" variant="light" role="alert" id={id} data-testid="form-error">
      {errors.join(" ")}
    </Alert>
  );
}
