import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";

export type LeaveFormValues = {
  type_id?: string;
  leave_start_date?: string;
  leave_end_date?: string;
  all_day?: boolean;
  hours?: string;
  reason?: string;
};

/**
 * Request leave: type, first and last day, all day or hours a day, reason. Posts without
 * JavaScript (intent "request"); the server keeps the typed values when it refuses them.
 */
export function LeaveRequestForm({
  types,
  values,
  errors,
  message,
  warnings,
  action,
  id = "leave-request",
  onDaysChange,
}: {
  types: { id: number; name: string; approvals_required: number }[];
  values: LeaveFormValues;
  errors?: Record<string, string>;
  message?: string | null;
  warnings?: string[];
  action?: string;
  id?: string;
  onDaysChange?: (from: string, to: string) => void;
}) {
  const busy = useNavigation().state === "submitting";
  const [allDay, setAllDay] = useState(values.all_day ?? true);
  const key = JSON.stringify(values);
  return (
    <Form method="post" action={action} id={id} data-testid="leave-request-form" key={key}>
      <input type="hidden" name="intent" value="request" />
      <Stack gap="sm">
        {message ? (
          <Alert color="red" role="alert" data-testid="leave-refused">
            {message}
          </Alert>
        ) : null}
        {warnings?.length ? (
          <Alert color="yellow" role="status" data-testid="leave-short">
            {warnings.map((w) => (
              <Text size="sm" key={w}>
                {w}
              </Text>
            ))}
          </Alert>
        ) : null}
        <NativeSelect
          name="type_id"
          label="Type of leave"
          defaultValue={values.type_id ?? String(types[0]?.id ?? "")}
          error={errors?.type_id}
          data={types.map((t) => ({
            value: String(t.id),
            label:
              t.approvals_required > 1 ? `${t.name} (${t.approvals_required} approvals)` : t.name,
          }))}
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            name="leave_start_date"
            label="First day"
            required
            defaultValue={values.leave_start_date ?? ""}
            error={errors?.leave_start_date}
            onChange={(e) => {
              const to = e.currentTarget.form?.elements.namedItem("leave_end_date");
              onDaysChange?.(e.currentTarget.value, (to as HTMLInputElement | null)?.value ?? "");
            }}
          />
          <TextInput
            type="date"
            name="leave_end_date"
            label="Last day"
            required
            defaultValue={values.leave_end_date ?? ""}
            error={errors?.leave_end_date}
            onChange={(e) => {
              const from = e.currentTarget.form?.elements.namedItem("leave_start_date");
              onDaysChange?.((from as HTMLInputElement | null)?.value ?? "", e.currentTarget.value);
            }}
          />
        </Group>
        <Checkbox
          name="all_day"
          label="All day"
          checked={allDay}
          onChange={(e) => setAllDay(e.currentTarget.checked)}
        />
        <NumberInput
          name="hours"
          label="Hours a day (when not all day)"
          min={0.5}
          max={12}
          step={0.5}
          decimalScale={1}
          defaultValue={values.hours ?? ""}
          error={errors?.hours}
          disabled={allDay}
        />
        <Textarea
          name="reason"
          label="Reason"
          autosize
          minRows={2}
          maxLength={500}
          defaultValue={values.reason ?? ""}
          error={errors?.reason}
        />
        <Group>
          <Button type="submit" loading={busy}>
            Request leave
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
