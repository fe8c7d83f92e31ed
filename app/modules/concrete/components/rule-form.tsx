import { Button, Checkbox, Group, NativeSelect, Paper, Stack, TextInput } from "@mantine/core";
import { Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ReadOnlyForm } from "~/components/requires-permission";
import { FormAlert, errorOf, valueOf, valuesOf, type Reply } from "./form-bits";

const CHANNEL_LABELS = { inapp: "In the app", push: "Push", email: "Email" } as const;

/** Who is told about a limit set's breaches, how, and after how long. */
export function RuleFormCard(props: {
  limit: { id: number; name: string } | null;
  limits: { id: number; name: string }[];
  people: { id: number; name: string }[];
  rule: { user_ids: number[]; channels: string[]; after_minutes: number; active: boolean } | null;
  reply: Reply | undefined;
  /** Why the user may not change it: the fields are shown disabled, with this in place of save. */
  readOnly?: ReactNode;
}) {
  const { reply, rule } = props;
  const busy = useNavigation().state === "submitting";
  const users = valuesOf(reply, "user_ids", rule?.user_ids.map(String) ?? []);
  const channels = valuesOf(reply, "channels", rule?.channels ?? ["inapp", "push"]);
  const active = reply?.values ? reply.values.active === "on" : (rule?.active ?? true);
  return (
    <Paper withBorder p="md" maw={680}>
      <ReadOnlyForm readOnly={props.readOnly} data-testid="rule-form">
        <input type="hidden" name="intent" value="save" />
        <Stack gap="sm">
          <FormAlert reply={reply} />
          {props.limit ? (
            <input type="hidden" name="limit_id" value={props.limit.id} />
          ) : (
            <NativeSelect
              name="limit_id"
              label="Limit set"
              defaultValue={valueOf(reply, "limit_id", "")}
              error={errorOf(reply, "limit_id")}
              data={[
                { value: "", label: "Choose a limit set" },
                ...props.limits.map((l) => ({ value: String(l.id), label: l.name })),
              ]}
            />
          )}
          <Checkbox.Group label="Notify" error={errorOf(reply, "user_ids")} defaultValue={users}>
            <Stack gap={6} mt={4}>
              {props.people.map((p) => (
                <Checkbox key={p.id} name="user_ids" value={String(p.id)} label={p.name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Checkbox.Group label="How" error={errorOf(reply, "channels")} defaultValue={channels}>
            <Group mt={4}>
              {(["inapp", "push", "email"] as const).map((c) => (
                <Checkbox key={c} name="channels" value={c} label={CHANNEL_LABELS[c]} />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            name="after_minutes"
            label="After the breach has lasted (minutes)"
            description="0 notifies at once; a breach is notified once however long it lasts"
            inputMode="numeric"
            defaultValue={valueOf(reply, "after_minutes", String(rule?.after_minutes ?? 30))}
            error={errorOf(reply, "after_minutes")}
          />
          <Checkbox name="active" label="Active" defaultChecked={active} />
          <Group>
            {props.readOnly ?? (
              <Button type="submit" loading={busy}>
                {rule ? "Save rule" : "Create rule"}
              </Button>
            )}
            <Button component={Link} to="/concrete/rules" variant="subtle">
              Cancel
            </Button>
          </Group>
        </Stack>
      </ReadOnlyForm>
    </Paper>
  );
}
