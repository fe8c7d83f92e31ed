import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Alert, Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { LIMIT_CHANNELS, LimitSchema, UNIT_LABEL } from "../limit-form";
import { Field } from "~/components/forms/field";
import { useSettings } from "~/components/settings/settings-context";

/**
 * Set a device's limit for a channel (replaces the channel's limit): posts without JavaScript;
 * Conform checks it in the browser too, and a refused post keeps what was typed.
 */
export function LimitFormCard({
  channels,
  defaultChannel,
  result,
}: {
  channels: string[];
  defaultChannel: string;
  result?: { result?: SubmissionResult<string[]>; message?: string | null };
}) {
  const busy = useNavigation().state === "submitting";
  const [form, f] = useForm({
    id: "sensor-limit",
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LimitSchema }),
    shouldValidate: "onSubmit",
  });
  const usable = LIMIT_CHANNELS.filter((c) => channels.includes(c));
  const channel =
    f.channel.initialValue ??
    (usable.includes(defaultChannel as never) ? defaultChannel : usable[0]);
  const units = ["C", "F", "%"];
  // A temperature limit is offered in the reader's unit first (it is kept with the unit chosen).
  const readerTemp = useSettings().settings.measurement === "imperial" ? "F" : "C";
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} data-testid="limit-form">
        <input type="hidden" name="intent" value="save-limit" />
        <Stack gap="sm">
          <Title order={2} size="h4">
            Set a limit
          </Title>
          {result?.message ? (
            <Alert color="red" role="alert">
              {result.message}
            </Alert>
          ) : null}
          <Field errors={f.channel}>
            <NativeSelect
              name={f.channel.name}
              key={f.channel.key}
              label="Channel"
              defaultValue={channel}
              data={usable.map((c) => ({ value: c, label: c[0]!.toUpperCase() + c.slice(1) }))}
            />
          </Field>
          <Group grow align="flex-start">
            <Field errors={f.min}>
              <TextInput
                {...getInputProps(f.min, { type: "text" })}
                key={f.min.key}
                inputMode="decimal"
                label="Minimum"
                defaultValue={(f.min.initialValue as string | undefined) ?? ""}
              />
            </Field>
            <Field errors={f.max}>
              <TextInput
                {...getInputProps(f.max, { type: "text" })}
                key={f.max.key}
                inputMode="decimal"
                label="Maximum"
                defaultValue={(f.max.initialValue as string | undefined) ?? ""}
              />
            </Field>
          </Group>
          <Group grow align="flex-start">
            <Field errors={f.unit}>
              <NativeSelect
                name={f.unit.name}
                key={f.unit.key}
                label="Unit"
                defaultValue={f.unit.initialValue ?? (channel === "temperature" ? readerTemp : "%")}
                data={[
                  ...units.map((u) => ({ value: u, label: UNIT_LABEL[u]! })),
                  ...(f.unit.initialValue && !units.includes(f.unit.initialValue)
                    ? [{ value: f.unit.initialValue, label: f.unit.initialValue }]
                    : []),
                ]}
              />
            </Field>
            <Field errors={f.duration}>
              <TextInput
                {...getInputProps(f.duration, { type: "text" })}
                key={f.duration.key}
                inputMode="numeric"
                label="Alert after (minutes)"
                description="Out of range at least this long before alerting"
                defaultValue={(f.duration.initialValue as string | undefined) ?? "15"}
              />
            </Field>
          </Group>
          <Group>
            <Button type="submit" loading={busy}>
              Save limit
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
