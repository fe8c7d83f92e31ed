import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { CONDITION_KINDS, CONDITION_LABELS } from "../automations/automation-form";
import { ACTION_KINDS, ACTION_LABELS, WEEKDAYS } from "~/lib/automations/model";
import type { BuilderChoices } from "./automation-builder";
import { Many } from "./many-select";

export const str = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));
const strs = (v: unknown) =>
  Array.isArray(v) ? v.map(String) : v == null || v === "" ? [] : [String(v)];

type Err = (name: string) => string | undefined;
type Items = Record<string, unknown>[];

/** The conditions, each with its remove button, and one add button per kind. */
export function ConditionList({
  conditions,
  choices,
  err,
}: {
  conditions: Items;
  choices: BuilderChoices;
  err: Err;
}) {
  return (
    <Fieldset legend="Only if (conditions, all must hold)">
      <Stack gap="sm">
        {conditions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No conditions: every event of the trigger counts.
          </Text>
        ) : null}
        {conditions.map((c, i) => {
          const kind = str(c.kind) as (typeof CONDITION_KINDS)[number];
          const p = `conditions[${i}]`;
          return (
            <Paper key={i} withBorder p="sm" data-testid={`condition-${i}`}>
              <input type="hidden" name={`${p}.kind`} value={kind} />
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  Condition {i + 1}: {CONDITION_LABELS[kind]}
                </Text>
                {kind === "time" ? (
                  <>
                    <Group gap="sm" align="flex-start">
                      <TextInput
                        name={`${p}.start`}
                        label="From (HH:mm)"
                        defaultValue={str(c.start)}
                        error={err(`${p}.start`)}
                      />
                      <TextInput
                        name={`${p}.end`}
                        label="Until (HH:mm)"
                        defaultValue={str(c.end)}
                        error={err(`${p}.end`)}
                      />
                    </Group>
                    <Checkbox.Group
                      label="On (a window past midnight belongs to the day it starts; none: every day)"
                      defaultValue={strs(c.days)}
                    >
                      <Group gap="sm" mt={4}>
                        {WEEKDAYS.map((w, n) => (
                          <Checkbox key={w} name={`${p}.days`} value={String(n)} label={w} />
                        ))}
                      </Group>
                    </Checkbox.Group>
                  </>
                ) : null}
                {kind === "vehicles" ? (
                  <Group gap="sm" align="flex-start">
                    <Many
                      name={`${p}.imeis`}
                      label="Vehicles"
                      choices={choices.vehicles}
                      value={strs(c.imeis)}
                      error={err(`${p}.imeis`)}
                    />
                    <Many
                      name={`${p}.groupIds`}
                      label="Groups"
                      choices={choices.groups}
                      value={strs(c.groupIds)}
                    />
                    <Many
                      name={`${p}.tagIds`}
                      label="Tags"
                      choices={choices.tags}
                      value={strs(c.tagIds)}
                    />
                  </Group>
                ) : null}
                {kind === "drivers" || kind === "jobsites" ? (
                  <Many
                    name={`${p}.ids`}
                    label={kind === "drivers" ? "Drivers" : "Jobsites"}
                    choices={kind === "drivers" ? choices.drivers : choices.jobsites}
                    value={strs(c.ids)}
                    error={err(`${p}.ids`)}
                  />
                ) : null}
                <div>
                  <Button
                    type="submit"
                    name="intent"
                    value={`remove-condition:${i}`}
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    formNoValidate
                  >
                    Remove condition {i + 1}
                  </Button>
                </div>
              </Stack>
            </Paper>
          );
        })}
        <Group gap="xs">
          {CONDITION_KINDS.map((k) => (
            <Button
              key={k}
              type="submit"
              name="intent"
              value={`add-condition:${k}`}
              variant="default"
              size="compact-sm"
              formNoValidate
            >
              Add {CONDITION_LABELS[k]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Fieldset>
  );
}

/** The actions, each with its remove button, and one add button per kind. */
export function ActionList({
  actions,
  choices,
  err,
}: {
  actions: Items;
  choices: BuilderChoices;
  err: Err;
}) {
  return (
    <Fieldset legend="Then (actions)">
      <Stack gap="sm">
        {actions.map((a, i) => {
          const kind = str(a.kind) as (typeof ACTION_KINDS)[number];
          const p = `actions[${i}]`;
          return (
            <Paper key={i} withBorder p="sm" data-testid={`action-${i}`}>
              <input type="hidden" name={`${p}.kind`} value={kind} />
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  Action {i + 1}: {ACTION_LABELS[kind]}
                </Text>
                {kind === "notify" ? (
                  <Checkbox.Group
                    label="Channels (you receive them)"
                    defaultValue={strs(a.channels)}
                    error={err(`${p}.channels`)}
                  >
                    <Group gap="sm" mt={4}>
                      <Checkbox name={`${p}.channels`} value="inapp" label="In the app" />
                      <Checkbox name={`${p}.channels`} value="push" label="Browser push" />
                      <Checkbox name={`${p}.channels`} value="email" label="Email" />
                    </Group>
                  </Checkbox.Group>
                ) : null}
                {kind === "webhook" ? (
                  <TextInput
                    name={`${p}.url`}
                    label="Webhook address (https)"
                    description="Signed with HMAC-SHA256 (X-Tracksmith-Signature) with this automation's secret."
                    defaultValue={str(a.url)}
                    error={err(`${p}.url`)}
                  />
                ) : null}
                {kind === "ticket" ? (
                  <TextInput
                    name={`${p}.title`}
                    label="Ticket title"
                    defaultValue={str(a.title)}
                    error={err(`${p}.title`)}
                    maxLength={120}
                  />
                ) : null}
                {kind === "fill_link" ? (
                  <NativeSelect
                    name={`${p}.linkId`}
                    label="Fill-in link"
                    defaultValue={str(a.linkId)}
                    data={[{ value: "", label: "Choose…" }, ...choices.links]}
                    error={err(`${p}.linkId`)}
                  />
                ) : null}
                {kind === "notify" || kind === "fill_link" || kind === "email_report" ? (
                  <TextInput
                    name={`${p}.email`}
                    type="email"
                    label={
                      kind === "notify"
                        ? "Email address (for the email channel)"
                        : "Send to (email)"
                    }
                    defaultValue={str(a.email)}
                    error={err(`${p}.email`)}
                  />
                ) : null}
                <div>
                  <Button
                    type="submit"
                    name="intent"
                    value={`remove-action:${i}`}
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    formNoValidate
                  >
                    Remove action {i + 1}
                  </Button>
                </div>
              </Stack>
            </Paper>
          );
        })}
        {err("actions") ? (
          <Text c="red.8" size="sm" role="alert" id="actions-error">
            {err("actions")}
          </Text>
        ) : null}
        <Group gap="xs">
          {ACTION_KINDS.map((k) => (
            <Button
              key={k}
              type="submit"
              name="intent"
              value={`add-action:${k}`}
              variant="default"
              size="compact-sm"
              formNoValidate
            >
              Add: {ACTION_LABELS[k]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Fieldset>
  );
}
