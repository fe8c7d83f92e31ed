import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { WEEKDAYS } from "../leave-form";
import type { Roster } from "../leave-upstream.server";

type Option = { value: string; label: string };
type Data = {
  editing: Roster | null;
  groups: Option[];
  people: Option[];
  jobsites: Option[];
  today: string;
};
type ActionData = {
  values?: Record<string, string | string[]>;
  errors?: Record<string, string>;
  message?: string | null;
};

/** Create or edit a roster; posts without JavaScript and keeps the typed values on a refusal. */
export function RosterFormCard({ data, act }: { data: Data; act?: ActionData }) {
  const e = data.editing;
  const v = act?.values;
  const val = (k: string, fallback: string) => (v ? String(v[k] ?? "") : fallback);
  const days = v
    ? ((v.days as string[] | undefined) ?? []).map(Number)
    : (e?.days ?? [1, 2, 3, 4, 5]);
  const err = act?.errors ?? {};
  return (
    <Paper withBorder p="md">
      <Form
        method="post"
        key={`${e?.id ?? "new"}:${JSON.stringify(v ?? {})}`}
        data-testid="roster-form"
      >
        <input type="hidden" name="intent" value={e ? "update" : "create"} />
        {e ? <input type="hidden" name="id" value={e.id} /> : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {e ? `Edit ${e.name}` : "New roster"}
          </Title>
          {act?.message ? (
            <Alert color="red" role="alert">
              {act.message}
            </Alert>
          ) : null}
          <TextInput
            name="name"
            label="Name"
            defaultValue={val("name", e?.name ?? "")}
            error={err.name}
          />
          <NativeSelect
            name="assign"
            label="For"
            defaultValue={val(
              "assign",
              e
                ? e.username_id !== null
                  ? `person:${e.username_id}`
                  : `group:${e.compgroups_id}`
                : "",
            )}
            error={err.assign}
            data={[
              { value: "", label: "Pick a person or a group" },
              ...data.groups,
              ...data.people,
            ]}
          />
          <NativeSelect
            name="pattern"
            label="Repeats"
            defaultValue={val("pattern", e?.pattern ?? "weekly")}
            data={[
              { value: "weekly", label: "Every week on the days ticked" },
              { value: "rrule", label: "By a recurrence rule (RRULE)" },
            ]}
          />
          <Checkbox.Group label="Days (weekly)" error={err.days} defaultValue={days.map(String)}>
            <Group gap="xs">
              {WEEKDAYS.map((d, i) => (
                <Checkbox key={d} name="days" value={String(i)} label={d} />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            name="rrule"
            label="Recurrence rule"
            description="e.g. FREQ=WEEKLY;INTERVAL=2;BYDAY=SA (every second Saturday)"
            defaultValue={val("rrule", e?.rrule ?? "")}
            error={err.rrule}
          />
          <Group grow align="flex-start">
            <TextInput
              type="time"
              name="start_time"
              label="Start"
              defaultValue={val("start_time", e?.start_time ?? "07:00")}
              error={err.start_time}
            />
            <TextInput
              type="time"
              name="end_time"
              label="End"
              defaultValue={val("end_time", e?.end_time ?? "15:30")}
              error={err.end_time}
            />
          </Group>
          <NumberInput
            name="break_minutes"
            label="Break (minutes)"
            min={0}
            max={240}
            defaultValue={val("break_minutes", String(e?.break_minutes ?? 30))}
            error={err.break_minutes}
          />
          <NativeSelect
            name="jobsite_id"
            label="Jobsite"
            defaultValue={val("jobsite_id", e?.jobsite_id ? String(e.jobsite_id) : "")}
            data={[{ value: "", label: "No jobsite" }, ...data.jobsites]}
          />
          <Group grow align="flex-start">
            <TextInput
              type="date"
              name="valid_from"
              label="From"
              defaultValue={val("valid_from", e?.valid_from ?? data.today)}
              error={err.valid_from}
            />
            <TextInput
              type="date"
              name="valid_to"
              label="Until"
              defaultValue={val("valid_to", e?.valid_to ?? "")}
              error={err.valid_to}
            />
          </Group>
          <Group>
            <Button type="submit">{e ? "Save roster" : "Create roster"}</Button>
            {e ? (
              <Button component={Link} to="/timesheet/structure" variant="subtle">
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
