import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { MultiPicker } from "~/components/forms/multi-picker";
import { Form, Link, useNavigation } from "@remix-run/react";
import {
  CHANNEL_LABELS,
  CHANNELS,
  EVENT_KINDS,
  KIND_LABELS,
  SPEED_LIMIT_RANGE,
} from "../alert-rule-match";
import { speedLabel } from "~/lib/units";
import { useSettings } from "~/components/settings/settings-context";

export type Choice = { value: string; label: string };
export type RuleDefaults = {
  id: string | null;
  name: string;
  kinds: string[];
  imeis: string[];
  groupIds: string[];
  channels: string[];
  email: string;
  webhookUrl: string;
  hasSecret: boolean;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
  enabled: boolean;
  /** In the reader's unit (`measurement`), as typed or converted from the stored km/h. */
  speedLimit: string;
  offlineHours: string;
};

/**
 * Create or edit an alert rule. Native inputs (checkbox groups, multi-selects) so the form posts
 * without JavaScript; the server validates and sends back field messages and what was typed.
 */
export function RuleForm({
  defaults,
  errors,
  vehicles,
  groups,
  timeZones,
}: {
  defaults: RuleDefaults;
  errors: Record<string, string>;
  vehicles: Choice[];
  groups: Choice[];
  timeZones: string[];
}) {
  const busy = useNavigation().state === "submitting";
  const { measurement } = useSettings().settings;
  const err = (k: string) => errors[k];
  return (
    <Paper withBorder p="md" id="rule-form">
      <Form method="post" preventScrollReset noValidate aria-labelledby="rule-form-title">
        <input type="hidden" name="intent" value="rule-save" />
        {defaults.id ? <input type="hidden" name="ruleId" value={defaults.id} /> : null}
        <Stack gap="md">
          <Title order={3} size="h4" id="rule-form-title">
            {defaults.id ? "Edit alert rule" : "New alert rule"}
          </Title>
          {Object.keys(errors).length ? (
            <Alert color="red">Please correct the fields marked below.</Alert>
          ) : null}
          <TextInput
            label="Name"
            name="name"
            defaultValue={defaults.name}
            error={err("name")}
            required
            maxLength={80}
            placeholder="e.g. Cold chain after hours"
          />

          <Checkbox.Group
            label="Alert kinds"
            defaultValue={defaults.kinds}
            error={err("kinds")}
            required
          >
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
              {EVENT_KINDS.map((k) => (
                <Checkbox key={k} name="kinds" value={k} label={KIND_LABELS[k]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <input type="hidden" name="speedUnit" value={measurement} />
            <TextInput
              label={`Overspeed: only above (${speedLabel(measurement)})`}
              description="Empty: every overspeed alert."
              name="speedLimit"
              type="number"
              inputMode="numeric"
              min={SPEED_LIMIT_RANGE[measurement][0]}
              max={SPEED_LIMIT_RANGE[measurement][1]}
              defaultValue={defaults.speedLimit}
              error={err("speedLimit")}
            />
            <TextInput
              label="Offline: only after (hours)"
              description="Empty: as soon as a device stops reporting."
              name="offlineHours"
              type="number"
              inputMode="numeric"
              min={1}
              max={720}
              defaultValue={defaults.offlineHours}
              error={err("offlineHours")}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiPicker
              id="rule-imeis"
              name="imeis"
              label="Vehicles"
              description="None chosen (and no group): every vehicle."
              placeholder="Every vehicle"
              data={vehicles}
              defaultValue={defaults.imeis}
              error={err("imeis")}
            />
            <MultiPicker
              id="rule-groups"
              name="groupIds"
              label="Groups"
              description="Vehicles in any chosen group also match."
              placeholder="No group"
              data={groups}
              defaultValue={defaults.groupIds}
            />
          </SimpleGrid>

          <Checkbox.Group
            label="Channels"
            defaultValue={defaults.channels}
            error={err("channels")}
            required
          >
            <Group mt="xs">
              {CHANNELS.map((c) => (
                <Checkbox key={c} name="channels" value={c} label={CHANNEL_LABELS[c]} />
              ))}
            </Group>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Email address"
              description="For the email channel"
              name="email"
              type="email"
              defaultValue={defaults.email}
              error={err("email")}
            />
            <TextInput
              label="Webhook URL"
              description="An https:// address on the public internet; we POST the JSON event here"
              name="webhookUrl"
              type="url"
              defaultValue={defaults.webhookUrl}
              error={err("webhookUrl")}
            />
            <PasswordInput
              label="Webhook signing secret"
              description={
                defaults.hasSecret
                  ? "Set. Leave empty to keep it."
                  : "16+ characters; signs X-Tracksmith-Signature (HMAC-SHA256)"
              }
              name="webhookSecret"
              autoComplete="new-password"
              error={err("webhookSecret")}
            />
          </SimpleGrid>

          <div>
            <Text size="sm" fw={500}>
              Quiet hours
            </Text>
            <Text size="xs" c="dimmed">
              No push or email between these times (22:00 to 06:00 spans midnight). The feed and
              webhooks still receive alerts.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt={4}>
              <TextInput
                label="From"
                name="quietStart"
                type="time"
                defaultValue={defaults.quietStart}
                error={err("quietStart")}
              />
              <TextInput
                label="Until"
                name="quietEnd"
                type="time"
                defaultValue={defaults.quietEnd}
                error={err("quietEnd")}
              />
              <NativeSelect
                label="Time zone"
                name="timeZone"
                defaultValue={defaults.timeZone}
                data={timeZones}
                error={err("timeZone")}
              />
            </SimpleGrid>
          </div>

          <Switch name="enabled" label="Rule is on" defaultChecked={defaults.enabled} />
          <Group>
            <Button type="submit" loading={busy}>
              {defaults.id ? "Save rule" : "Create rule"}
            </Button>
            {defaults.id ? (
              <Button component={Link} to="/dashboard/notifications#rules" variant="subtle">
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
