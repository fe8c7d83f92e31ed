import { Alert, Code } from "@mantine/core";
import { Form, type FormProps } from "@remix-run/react";
import type { ReactNode } from "react";
import type { AccessRule } from "~/lib/access";

/** The permissions a rule names, as the user's administrator grants them. */
function needed(rule: AccessRule): ReactNode {
  const names = rule.permission ? [rule.permission] : [...(rule.anyPermission ?? [])];
  if (names.length === 0) return "a permission you do not have";
  return (
    <>
      the{" "}
      {names.map((n, i) => (
        <span key={n}>
          {i > 0 ? " or " : null}
          <Code>{n}</Code>
        </span>
      ))}{" "}
      permission
    </>
  );
}

/**
 * A form the user may send (`allowed`, from the guard's `can`), or in its place what it needs: a
 * form the server would refuse loses what they typed on a 403 page (issue 35).
 */
export function RequiresPermission(props: {
  allowed: boolean | undefined;
  rule: AccessRule;
  /** What the form does, as the start of a sentence: "Adding a mix design". */
  what: string;
  children?: ReactNode;
}) {
  if (props.allowed) return <>{props.children}</>;
  return (
    <Alert color="gray" variant="light" data-testid="requires-permission">
      {props.what} needs {needed(props.rule)}; ask your company administrator.
    </Alert>
  );
}

/**
 * A post form, or with `readOnly` (why the user may not send it) the same fields disabled and not
 * a form: they can read every value, and nothing offers a post the guard would refuse.
 */
export function ReadOnlyForm({
  readOnly,
  children,
  ...form
}: Omit<FormProps, "method"> & { readOnly?: ReactNode }) {
  if (!readOnly)
    return (
      <Form method="post" {...form}>
        {children}
      </Form>
    );
  return (
    <fieldset
      disabled
      data-testid={(form as { "data-testid"?: string })["data-testid"]}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      {children}
    </fieldset>
  );
}
