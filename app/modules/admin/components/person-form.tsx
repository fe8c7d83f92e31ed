import { Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { Field, FormMessage, type FormReply } from "./fields";

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
  reply?: FormReply;
  title: string;
}) {
  const busy = useNavigation().state === "submitting";
  const ticked = new Set(
    reply?.values
      ? (reply.values.group_ids ?? "").split(",").filter(Boolean).map(Number)
      : (initial?.group_ids ?? []),
  );
  return (
    <Paper withBorder p="md">
      <Form method="post" data-testid="person-form" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <Stack gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          <FormMessage reply={reply} />
          <Group grow>
            <Field
              name="first_name"
              label="First name"
              reply={reply}
              initial={initial?.first_name}
            />
            <Field name="last_name" label="Last name" reply={reply} initial={initial?.last_name} />
          </Group>
          <Field
            name="email"
            label="Email"
            type="email"
            reply={reply}
            initial={initial?.email}
            description={
              intent === "create"
                ? "The invitation goes here; it is also the sign-in name."
                : undefined
            }
          />
          <Field
            name="mobile"
            label="Mobile (optional)"
            type="tel"
            reply={reply}
            initial={initial?.mobile ?? ""}
          />
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
