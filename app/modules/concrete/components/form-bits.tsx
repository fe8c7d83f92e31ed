import { Alert, Title, Text, Stack } from "@mantine/core";
import type { ReactNode } from "react";

/** A refused form's answer as the page receives it. */
export type Reply = { errors?: Record<string, string>; values?: Record<string, string | string[]> };

/** The typed value of a field after a refusal, else the stored one. */
export function valueOf(reply: Reply | undefined, name: string, fallback: string): string {
  const v = reply?.values?.[name];
  return typeof v === "string" ? v : fallback;
}
export function valuesOf(reply: Reply | undefined, name: string, fallback: string[]): string[] {
  const v = reply?.values?.[name];
  return Array.isArray(v) ? v : reply?.values ? [] : fallback;
}
export const errorOf = (reply: Reply | undefined, name: string) => reply?.errors?.[name];

export function FormAlert({ reply }: { reply: Reply | undefined }) {
  const m = reply?.errors?.form;
  return m ? (
    <Alert color="red" role="alert" data-testid="form-error">
      {m}
    </Alert>
  ) : null;
}

export function PageHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children ? (
        <Text c="dimmed" size="sm" component="div">
          {children}
        </Text>
      ) : null}
    </Stack>
  );
}
