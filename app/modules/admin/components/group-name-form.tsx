import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Anchor, Button, Group } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { ConformField, FormMessage } from "./fields";

/**
 * A group's name, to add one (intent create) or rename one (intent rename, with its id): a plain
 * POST the server checks, its refusal (Conform's reply) beside the field with what was typed.
 */
export function GroupNameForm({
  group,
  result,
  busy,
  cancelTo,
}: {
  group?: { id: number; nickname: string };
  result?: SubmissionResult<string[]>;
  busy: boolean;
  cancelTo?: string;
}) {
  const [form, f] = useForm({
    id: `group-${group?.id ?? "new"}`,
    lastResult: result,
    defaultValue: { nickname: group?.nickname ?? "" },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      data-testid={group ? "rename-form" : "addgroup-form"}
    >
      <input type="hidden" name="intent" value={group ? "rename" : "create"} />
      {group ? <input type="hidden" name="id" value={group.id} /> : null}
      <FormMessage errors={form.errors} />
      <Group align="flex-end" mt={group ? "sm" : undefined}>
        <ConformField meta={f.nickname} label={group ? "New name" : "New group name"} />
        <Button type="submit" loading={busy}>
          {group ? "Save name" : "Add group"}
        </Button>
        {cancelTo ? (
          <Anchor component={Link} to={cancelTo} size="sm">
            Cancel
          </Anchor>
        ) : null}
      </Group>
    </Form>
  );
}
