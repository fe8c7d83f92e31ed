import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Switch,
  TextInput,
} from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useSettings } from "~/components/settings/settings-context";
import { kmhFromInput, parseMeasurement, speedLabel, toSpeedUnit } from "~/lib/units";
import { AutomationSchema, type Draft } from "../automations/automation-form";
import { ActionList, ConditionList, str } from "./automation-lists";
import { SENSORS, TRIGGER_LABELS, TRIGGER_TYPES } from "~/lib/automations/model";

export type Choice = { value: string; label: string };
export type BuilderChoices = Record<
  "vehicles" | "groups" | "tags" | "drivers" | "jobsites" | "links",
  Choice[]
>;

/** The builder: trigger, conditions and actions; every button posts, so it works without JS. */
export function AutomationBuilder({
  draft,
  choices,
  result,
  message,
  formKey,
}: {
  draft: Draft;
  choices: BuilderChoices;
  result?: SubmissionResult<string[]>;
  message?: string | null;
  formKey: string;
}) {
  const busy = useNavigation().state === "submitting";
  const [form] = useForm({
    id: `automation-${formKey}`,
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AutomationSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [type, setType] = useState(str(draft.triggerType) || "overspeed");
  const err = (name: string) => form.allErrors[name]?.[0];
  const d = (name: string) => str(draft[name]);
  // The threshold is typed in the reader's unit; a draft says which unit its figure is in.
  const { measurement } = useSettings().settings;
  const draftUnit = parseMeasurement(draft.speedUnit);
  const above = d("aboveKmh");
  const aboveShown =
    draftUnit === measurement || !/^\d+$/.test(above)
      ? above
      : String(Math.round(toSpeedUnit(kmhFromInput(Number(above), draftUnit), measurement)));
  const conditions = draft.conditions ?? [];
  const actions = draft.actions ?? [];
  const formProps = getFormProps(form);
  // The add/remove/settings buttons post an unfinished draft on purpose (formNoValidate): Conform
  // validates every submit and would block them, so only "save" goes through it.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.formNoValidate) return;
    formProps.onSubmit(e);
  };

  return (
    <Paper withBorder p="md">
      <Form
        method="post"
        {...formProps}
        onSubmit={onSubmit}
        key={formKey}
        data-testid="automation-form"
      >
        {/* Enter in a field saves: the first submit button is the form's default. */}
        <button
          type="submit"
          name="intent"
          value="save"
          tabIndex={-1}
          aria-hidden="true"
          style={{ position: "absolute", left: -10000, width: 1, height: 1, overflow: "hidden" }}
        >
          Save
        </button>
        <input type="hidden" name="speedUnit" value={measurement} />
        <Stack gap="md">
          {message ? (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          ) : null}
          <TextInput
            name="name"
            label="Name"
            defaultValue={d("name")}
            error={err("name")}
            maxLength={80}
            required
          />
          <Switch name="enabled" label="On" defaultChecked={d("enabled") === "on"} />

          <Fieldset legend="When (the trigger)">
            <Stack gap="sm">
              <Group align="flex-end" gap="sm">
                <NativeSelect
                  name="triggerType"
                  label="Trigger"
                  value={type}
                  onChange={(e) => setType(e.currentTarget.value)}
                  data={TRIGGER_TYPES.map((t) => ({ value: t, label: TRIGGER_LABELS[t] }))}
                  error={err("triggerType")}
                />
                <noscript>
                  <Button
                    type="submit"
                    name="intent"
                    value="refresh"
                    variant="default"
                    formNoValidate
                  >
                    Show its settings
                  </Button>
                </noscript>
              </Group>
              {type === "geofence" ? (
                <NativeSelect
                  name="geofenceOn"
                  label="When a vehicle"
                  defaultValue={d("geofenceOn") || "enter"}
                  data={[
                    { value: "enter", label: "enters a geofence" },
                    { value: "exit", label: "leaves a geofence" },
                  ]}
                />
              ) : null}
              {type === "ignition" ? (
                <NativeSelect
                  name="ignitionOn"
                  label="When the ignition turns"
                  defaultValue={d("ignitionOn") || "on"}
                  data={[
                    { value: "on", label: "on" },
                    { value: "off", label: "off" },
                  ]}
                />
              ) : null}
              {type === "overspeed" ? (
                <TextInput
                  name="aboveKmh"
                  label={`Only above (${speedLabel(measurement)}, optional)`}
                  inputMode="numeric"
                  defaultValue={aboveShown}
                  error={err("aboveKmh")}
                />
              ) : null}
              {type === "offline" ? (
                <TextInput
                  name="offlineHours"
                  label="Offline for at least (hours)"
                  inputMode="numeric"
                  defaultValue={d("offlineHours")}
                  error={err("offlineHours")}
                />
              ) : null}
              {type === "sensor" ? (
                <Group gap="sm" align="flex-start">
                  <NativeSelect
                    name="sensor"
                    label="Sensor"
                    defaultValue={d("sensor") || "temperature"}
                    data={SENSORS.map((s) => ({ value: s, label: s }))}
                  />
                  <NativeSelect
                    name="sensorOp"
                    label="Is"
                    defaultValue={d("sensorOp") || "above"}
                    data={[
                      { value: "above", label: "above" },
                      { value: "below", label: "below" },
                    ]}
                  />
                  <TextInput
                    name="sensorLimit"
                    label="Limit"
                    inputMode="decimal"
                    defaultValue={d("sensorLimit")}
                    error={err("sensorLimit")}
                  />
                  <TextInput
                    name="sensorMinutes"
                    label="For at least (minutes)"
                    inputMode="numeric"
                    defaultValue={d("sensorMinutes")}
                    error={err("sensorMinutes")}
                  />
                </Group>
              ) : null}
              {type === "schedule" ? (
                <TextInput
                  name="rrule"
                  label="Schedule (a recurrence rule, in the company's time zone)"
                  description="For example FREQ=WEEKLY;BYDAY=MO,FR;BYHOUR=7;BYMINUTE=0 (starts today; at most every 5 minutes)"
                  defaultValue={d("rrule")}
                  error={err("rrule")}
                />
              ) : null}
              {type === "form_submitted" ? (
                <TextInput
                  name="formId"
                  label="Form number (optional: any form)"
                  inputMode="numeric"
                  defaultValue={d("formId")}
                  error={err("formId")}
                />
              ) : null}
            </Stack>
          </Fieldset>

          <ConditionList conditions={conditions} choices={choices} err={err} />
          <ActionList actions={actions} choices={choices} err={err} />
          <Fieldset legend="Limits">
            <Group gap="sm" align="flex-start">
              <NumberInput
                name="cooldownMinutes"
                label="Once per vehicle every (minutes)"
                defaultValue={d("cooldownMinutes")}
                error={err("cooldownMinutes")}
                min={0}
                allowDecimal={false}
              />
              <NumberInput
                name="maxPerHour"
                label="At most per hour (0: no limit)"
                defaultValue={d("maxPerHour")}
                error={err("maxPerHour")}
                min={0}
                allowDecimal={false}
              />
            </Group>
          </Fieldset>
          <Group>
            <Button type="submit" name="intent" value="save" loading={busy}>
              Save automation
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
