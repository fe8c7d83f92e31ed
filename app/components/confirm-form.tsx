import { Button, Group, Text, type ButtonProps } from "@mantine/core";
import { Form } from "@remix-run/react";

/**
 * A destructive action that asks first and works without JavaScript: the first submit returns with
 * the action marking this item as the one to confirm, and the second carries confirm=yes.
 */
export function ConfirmForm({
  fields,
  confirming,
  label,
  question,
  confirmLabel,
  busy = false,
  size = "compact-sm",
  variant = "subtle",
}: {
  fields: Record<string, string | number>;
  confirming: boolean;
  label: string;
  question: string;
  confirmLabel: string;
  busy?: boolean;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
}) {
  return (
    <Form method="post" preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {confirming ? (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Text size="sm">{question}</Text>
          <Button type="submit" name="confirm" value="yes" color="red" size={size} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      ) : (
        <Button type="submit" variant={variant} color="red" size={size}>
          {label}
        </Button>
      )}
    </Form>
  );
}
