import { Button, Checkbox, Group, Paper, Stack, TextInput } from "@mantine/core";
import { Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ReadOnlyForm } from "~/components/requires-permission";
import { FormAlert, errorOf, valueOf, valuesOf, type Reply } from "./form-bits";
import { formatDifference, formatTemperature, temperatureUnitLabel } from "../curing";

type Values = {
  name: string;
  max_temp: string;
  min_temp: string;
  max_diff: string;
  max_cooling: string;
};

/** A mass-concrete limit set, typed in the reader's unit (°C or °F). */
export function LimitFormCard(props: {
  editing: boolean;
  values: Values;
  unit: "C" | "F";
  reply: Reply | undefined;
  /** Why the user may not change it: the fields are shown disabled, with this in place of save. */
  readOnly?: ReactNode;
  /** On a new set: pours it can be applied to at once. */
  pours?: { id: number; element: string }[];
}) {
  const { reply, values, unit } = props;
  const busy = useNavigation().state === "submitting";
  const u = temperatureUnitLabel(unit);
  // ACI 301's figures, as the standard words them in each system (35 °F apart, 19.4 °C apart).
  const aciMax = formatTemperature(70, unit, 0);
  const aciDiff = formatDifference(19.4, unit, unit === "F" ? 0 : 1);
  const field = (name: keyof Values, label: string, description?: string) => (
    <TextInput
      name={name}
      label={label}
      description={description}
      inputMode="decimal"
      defaultValue={valueOf(reply, name, values[name])}
      error={errorOf(reply, name)}
    />
  );
  return (
    <Paper withBorder p="md" maw={620}>
      <ReadOnlyForm readOnly={props.readOnly} data-testid="limit-form">
        <input type="hidden" name="intent" value="save" />
        <Stack gap="sm">
          <FormAlert reply={reply} />
          {field("name", "Name")}
          <Group grow align="flex-start">
            {field("max_temp", `Maximum temperature (${u})`, `ACI 301: ${aciMax}`)}
            {field("min_temp", `Minimum temperature (${u})`)}
          </Group>
          <Group grow align="flex-start">
            {field("max_diff", `Maximum core–surface difference (${u})`, `ACI 301: ${aciDiff}`)}
            {field("max_cooling", `Maximum cooling rate (${u}/h)`)}
          </Group>
          {props.pours?.length ? (
            <Checkbox.Group
              label="Apply to pours"
              error={errorOf(reply, "pour_ids")}
              defaultValue={valuesOf(reply, "pour_ids", [])}
            >
              <Group mt={4}>
                {props.pours.map((p) => (
                  <Checkbox key={p.id} name="pour_ids" value={String(p.id)} label={p.element} />
                ))}
              </Group>
            </Checkbox.Group>
          ) : null}
          <Group>
            {props.readOnly ?? (
              <Button type="submit" loading={busy}>
                {props.editing ? "Save limit set" : "Create limit set"}
              </Button>
            )}
            <Button component={Link} to="/concrete/mass-concrete-limits" variant="subtle">
              Cancel
            </Button>
          </Group>
        </Stack>
      </ReadOnlyForm>
    </Paper>
  );
}
