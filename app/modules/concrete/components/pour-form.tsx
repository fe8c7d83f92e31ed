import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  TextInput,
  Textarea,
} from "@mantine/core";
import { Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ReadOnlyForm } from "~/components/requires-permission";
import { FormAlert, errorOf, valueOf, valuesOf, type Reply } from "./form-bits";

type Values = {
  element: string;
  jobsite_id: string;
  mix_design_id: string;
  volume_m3: string;
  thickness_m: string;
  placed_at: string;
  ended_at: string;
  limit_set_ids: string[];
  strip_percent: string;
  notes: string;
};

/**
 * Create or edit a pour: a plain POST form (works without JavaScript); with `readOnly` (why the
 * user may not change it), the fields disabled and that reason in place of the save button.
 */
export function PourFormCard(props: {
  editing: { id: number; element: string } | null;
  values: Values | null;
  now: string;
  timeZone: string;
  jobsites: { id: number; name: string }[];
  mixes: { id: number; name: string; design_strength_mpa: number }[];
  limits: { id: number; name: string }[];
  reply: Reply | undefined;
  readOnly?: ReactNode;
}) {
  const { editing, reply } = props;
  const busy = useNavigation().state === "submitting";
  const v = (name: keyof Values, fallback = "") =>
    valueOf(reply, name, (props.values?.[name] as string | undefined) ?? fallback);
  const field = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      name={name}
      label={label}
      defaultValue={v(name, (extra.fallback as string) ?? "")}
      error={errorOf(reply, name)}
      {...(extra.type ? { type: extra.type as string } : {})}
      {...(extra.description ? { description: extra.description as string } : {})}
    />
  );
  const chosen = valuesOf(reply, "limit_set_ids", props.values?.limit_set_ids ?? []);
  return (
    <Paper withBorder p="md" maw={720}>
      <ReadOnlyForm readOnly={props.readOnly} data-testid="pour-form">
        <input type="hidden" name="intent" value="save" />
        <Stack gap="sm">
          <FormAlert reply={reply} />
          {field("element", "Element", {
            description: "What was poured, e.g. Level 3 slab, pour 2",
          })}
          <Group grow align="flex-start">
            <NativeSelect
              name="jobsite_id"
              label="Jobsite"
              defaultValue={v("jobsite_id")}
              error={errorOf(reply, "jobsite_id")}
              data={[
                { value: "", label: "None" },
                ...props.jobsites.map((j) => ({ value: String(j.id), label: j.name })),
              ]}
            />
            <NativeSelect
              name="mix_design_id"
              label="Mix design"
              defaultValue={v("mix_design_id")}
              error={errorOf(reply, "mix_design_id")}
              data={[
                { value: "", label: "None" },
                ...props.mixes.map((m) => ({
                  value: String(m.id),
                  label: `${m.name} (${m.design_strength_mpa} MPa)`,
                })),
              ]}
            />
          </Group>
          <Group grow align="flex-start">
            {field("volume_m3", "Volume (m³)", { type: "number" })}
            {field("thickness_m", "Thickness (m)", {
              description: "Least dimension; 1 m or more is mass concrete",
            })}
          </Group>
          <Group grow align="flex-start">
            {field("placed_at", `Placed at (${props.timeZone})`, {
              type: "datetime-local",
              fallback: props.now,
            })}
            {field("ended_at", "Monitoring ended (optional)", { type: "datetime-local" })}
          </Group>
          {field("strip_percent", "Strip formwork at (% of design strength)", { fallback: "70" })}
          <Checkbox.Group
            label="Mass-concrete limit sets"
            error={errorOf(reply, "limit_set_ids")}
            defaultValue={chosen}
          >
            <Group mt={4}>
              {props.limits.map((l) => (
                <Checkbox key={l.id} name="limit_set_ids" value={String(l.id)} label={l.name} />
              ))}
            </Group>
          </Checkbox.Group>
          <Textarea
            name="notes"
            label="Notes"
            defaultValue={v("notes")}
            error={errorOf(reply, "notes")}
            autosize
            minRows={2}
          />
          <Group>
            {props.readOnly ?? (
              <Button type="submit" loading={busy}>
                {editing ? "Save pour" : "Create pour"}
              </Button>
            )}
            <Button
              component={Link}
              to={editing ? `/concrete/view-pour/${editing.id}` : "/concrete/pours"}
              variant="subtle"
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      </ReadOnlyForm>
    </Paper>
  );
}
