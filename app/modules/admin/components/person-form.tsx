import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { ConformField, FormMessage } from "./fields";

type Initial = {
  first_name: string;
  last_name: string;
  email: string;
  mobile: string | null;
  group_ids: number[];
};

/** Invite (add) or edit a person: a plain POST form, messages beside the fields, values kept. */
export function PersonFormCard({
  intent,
  initial,
  groups,
  reply,
  title,
}: {
  intent: "create" | "update";
  initial: Initial | null;
  groups: { id: number; nickname: string }[];
  /** The action's Conform reply to this form (resultFor), or nothing before a post. */
  reply?: SubmissionResult<string[]>;
  title: string;
}) {
  const busy = useNavigation().state === "submitting";
  // Checked by the server only, as before: a refusal comes back as Conform's reply.
  const [form, f] = useForm({
    id: `person-${intent}`,
    lastResult: reply,
    defaultValue: {
      first_name: initial?.first_name ?? "",
      last_name: initial?.last_name ?? "",
      email: initial?.email ?? "",
      mobile: initial?.mobile ?? "",
    },
  });
  const typed = reply?.initialValue?.group_ids;
  const ticked = new Set(
    reply?.initialValue
      ? (Array.isArray(typed) ? typed : typed ? [typed] : []).map(Number)
      : (initial?.group_ids ?? []),
  );
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} data-testid="person-form">
        <input type="hidden" name="intent" value={intent} />
        <Stack gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          <FormMessage errors={form.errors} />
          <Group grow>
            <ConformField meta={f.first_name} label="First name" />
            <ConformField meta={f.last_name} label="Last name" />
          </Group>
          <ConformField
            meta={f.email}
            label="Email"
            type="email"
            description={
              intent === "create"
                ? "The invitation goes here; it is also the sign-in name."
                : undefined
            }
          />
          <ConformField meta={f.mobile} label="Mobile (optional)" type="tel" />
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" size="sm" fw={500} mb={4}>
              Groups
            </Text>
            <Stack gap={4}>
              {groups.map((g) => (
                <Checkbox
                  key={`${g.id}:${ticked.has(g.id)}`}
                  name="group_ids"
                  value={g.id}
                  label={g.nickname}
                  defaultChecked={ticked.has(g.id)}
                />
              ))}
            </Stack>
          </fieldset>
          <Group>
            <Button type="submit" loading={busy}>
              {intent === "create" ? "Send invitation" : "Save"}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
