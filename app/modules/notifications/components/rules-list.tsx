import { Alert, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { useSettings } from "~/components/settings/settings-context";
import { formatSpeed } from "~/lib/units";
import {
  CHANNEL_LABELS,
  EVENT_KINDS,
  KIND_LABELS,
  type AlertKind,
  type Channel,
} from "../alert-rule-match";

export type RuleRow = {
  id: string;
  name: string;
  kinds: string[];
  imeis: string[];
  groupIds: number[];
  channels: string[];
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string;
  enabled: boolean;
  speedLimitKmh?: number | null;
  offlineHours?: number | null;
  /** Its owner: a manager (alerts_manage) also sees other users' rules. */
  userId?: number;
};

function scope(
  r: RuleRow,
  vehicleName: (imei: string) => string,
  groupName: (id: number) => string,
) {
  if (!r.imeis.length && !r.groupIds.length) return "Every vehicle";
  const parts = [...r.imeis.map(vehicleName), ...r.groupIds.map((g) => `group ${groupName(g)}`)];
  return parts.length > 4
    ? `${parts.slice(0, 4).join(", ")} and ${parts.length - 4} more`
    : parts.join(", ");
}

/** The user's rules with edit, send a test, on/off and delete (confirmed). */
export function RulesList(props: {
  rules: RuleRow[];
  confirmFor: string | null;
  testResult: { ruleId: string; message: string } | null;
  vehicleName: (imei: string) => string;
  groupName: (id: number) => string;
  /** The signed-in user: rules of others are marked. */
  me?: number;
}) {
  const { rules, confirmFor, testResult } = props;
  const { measurement } = useSettings().settings;
  if (!rules.length) {
    return (
      <Paper withBorder p="md" data-testid="rules-empty">
        <Text size="sm">
          No rules yet: you receive every kind of alert for every vehicle, in the app and as browser
          push. Create a rule to choose.
        </Text>
      </Paper>
    );
  }
  return (
    <Stack gap="xs" data-testid="rules">
      {rules.map((r) => (
        <Paper key={r.id} withBorder p="sm" data-testid="rule-row">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs">
                <Text fw={600}>{r.name}</Text>
                <Badge size="sm" color={r.enabled ? "teal" : "gray"} variant="light">
                  {r.enabled ? "on" : "off"}
                </Badge>
                {props.me !== undefined && r.userId !== undefined && r.userId !== props.me ? (
                  <Badge size="sm" color="blue" variant="light">
                    another user&rsquo;s
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm">
                {r.kinds.length === EVENT_KINDS.length
                  ? "Every kind"
                  : r.kinds.map((k) => KIND_LABELS[k as AlertKind] ?? k).join(", ")}{" "}
                · {scope(r, props.vehicleName, props.groupName)}
                {r.speedLimitKmh != null && r.kinds.includes("overspeed")
                  ? ` · overspeed above ${formatSpeed(r.speedLimitKmh, measurement)}`
                  : ""}
                {r.offlineHours != null && r.kinds.includes("offline")
                  ? ` · offline after ${r.offlineHours} h`
                  : ""}
              </Text>
              <Text size="sm" c="dimmed">
                By{" "}
                {r.channels.map((c) => CHANNEL_LABELS[c as Channel]?.toLowerCase() ?? c).join(", ")}
                {r.quietStart && r.quietEnd
                  ? ` · quiet ${r.quietStart}–${r.quietEnd} (${r.timeZone})`
                  : ""}
              </Text>
              {testResult?.ruleId === r.id ? (
                <Alert color="blue" p="xs" data-testid="test-result">
                  {testResult.message}
                </Alert>
              ) : null}
            </Stack>
            <Group gap={6}>
              <Button
                component={Link}
                to={`?edit=${r.id}#rule-form`}
                size="compact-sm"
                variant="light"
              >
                Edit
              </Button>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="rule-test" />
                <input type="hidden" name="id" value={r.id} />
                <Button type="submit" size="compact-sm" variant="light">
                  Send a test
                </Button>
              </Form>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="rule-toggle" />
                <input type="hidden" name="id" value={r.id} />
                <input type="hidden" name="enabled" value={r.enabled ? "false" : "true"} />
                <Button type="submit" size="compact-sm" variant="subtle">
                  {r.enabled ? "Turn off" : "Turn on"}
                </Button>
              </Form>
              <ConfirmForm
                fields={{ intent: "rule-delete", id: r.id }}
                confirming={confirmFor === r.id}
                label="Delete"
                question="Delete this rule?"
                confirmLabel="Yes, delete"
              />
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
