import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { MultiPicker } from "~/components/forms/multi-picker";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { MEASUREMENT_LABELS, MEASUREMENTS, parseMeasurement, speedLabel } from "~/lib/units";
import { FREQUENCIES, FREQUENCY_LABELS, PERIOD_LABELS, PERIODS, WEEKDAY_LABELS } from "../schedule";

export type ScheduleFormValues = {
  reportKind: string;
  imeis: string[];
  /** In the unit of `speedUnit`, the reader's: the server keeps km/h. */
  speedLimit: string;
  speedUnit: string;
  minStopMinutes: string;
  frequency: string;
  weekdays: number[];
  monthDay: string;
  timeOfDay: string;
  timeZone: string;
  period: string;
  format: string;
  measurement: string;
  recipients: string;
  subject: string;
  message: string;
  enabled: boolean;
};

type Props = {
  values: ScheduleFormValues;
  errors: Record<string, string>;
  reports: { kind: string; title: string }[];
  vehicles: { imei: string; nickname: string }[];
  timeZones: string[];
  busy: boolean;
  isNew: boolean;
};

/** The schedule form: plain inputs that post without JavaScript; the server validates everything. */
export function ScheduleForm({ values, errors, reports, vehicles, timeZones, busy, isNew }: Props) {
  const [frequency, setFrequency] = useState(values.frequency);
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="speedUnit" value={values.speedUnit} />
      <Stack gap="sm" maw={720}>
        {Object.keys(errors).length ? (
          <Alert color="red" title="The schedule was not saved" data-testid="schedule-errors">
            {Object.values(errors).join(" ")}
          </Alert>
        ) : null}
        <NativeSelect
          label="Report"
          name="reportKind"
          defaultValue={values.reportKind}
          data={reports.map((r) => ({ value: r.kind, label: r.title }))}
          error={errors.reportKind}
        />
        <MultiPicker
          id="schedule-imeis"
          name="imeis"
          label="Vehicles"
          description="None chosen: every vehicle."
          placeholder="Every vehicle"
          data={vehicles.map((v) => ({ value: v.imei, label: v.nickname }))}
          defaultValue={values.imeis}
          error={errors.imeis}
          testId="schedule-vehicles"
        />
        <Group grow>
          <NumberInput
            label={`Speed limit (${speedLabel(parseMeasurement(values.speedUnit))}, speeding and driver safety)`}
            name="speedLimit"
            defaultValue={values.speedLimit}
            min={values.speedUnit === "imperial" ? 13 : 20}
            max={values.speedUnit === "imperial" ? 155 : 250}
            error={errors.speedLimit}
          />
          <NumberInput
            label="Shortest stop (minutes, stops and idling)"
            name="minStopMinutes"
            defaultValue={values.minStopMinutes}
            min={0}
            max={1440}
            error={errors.minStopMinutes}
          />
        </Group>
        <Group grow align="flex-start">
          <NativeSelect
            label="Frequency"
            name="frequency"
            value={frequency}
            onChange={(e) => setFrequency(e.currentTarget.value)}
            data={FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
            error={errors.frequency}
          />
          <TextInput
            label="Time of day"
            name="timeOfDay"
            type="time"
            defaultValue={values.timeOfDay}
            error={errors.timeOfDay}
            required
          />
          <NativeSelect
            label="Time zone"
            name="timeZone"
            defaultValue={values.timeZone}
            data={timeZones}
            error={errors.timeZone}
          />
        </Group>
        {/* Both are always in the form so it works without JavaScript; the server uses the one the frequency needs. */}
        <Checkbox.Group
          label="Days (weekly)"
          error={errors.weekdays}
          defaultValue={values.weekdays.map(String)}
          style={{ opacity: frequency === "weekly" ? 1 : 0.6 }}
        >
          <Group gap="sm" mt={4}>
            {[1, 2, 3, 4, 5, 6, 0].map((d) => (
              <Checkbox
                key={d}
                name="weekdays"
                value={String(d)}
                label={WEEKDAY_LABELS[d]!.slice(0, 3)}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <NumberInput
          label="Day of the month (monthly; a shorter month runs on its last day)"
          name="monthDay"
          defaultValue={values.monthDay}
          min={1}
          max={31}
          error={errors.monthDay}
          style={{ opacity: frequency === "monthly" ? 1 : 0.6 }}
        />
        <Group grow>
          <NativeSelect
            label="Period covered"
            name="period"
            defaultValue={values.period}
            data={PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            error={errors.period}
          />
          <NativeSelect
            label="Format"
            name="format"
            defaultValue={values.format}
            data={[
              { value: "pdf", label: "PDF" },
              { value: "xlsx", label: "Excel (XLSX)" },
              { value: "csv", label: "CSV" },
            ]}
            error={errors.format}
          />
          <NativeSelect
            label="Units"
            name="measurement"
            defaultValue={values.measurement}
            data={MEASUREMENTS.map((value) => ({ value, label: MEASUREMENT_LABELS[value] }))}
            error={errors.measurement}
          />
        </Group>
        <Textarea
          label="Recipients"
          description="Email addresses separated by commas or new lines, up to 50. They need no account."
          name="recipients"
          defaultValue={values.recipients}
          autosize
          minRows={2}
          error={errors.recipients}
          required
        />
        <TextInput
          label="Subject"
          name="subject"
          defaultValue={values.subject}
          error={errors.subject}
          required
          maxLength={200}
        />
        <Textarea
          label="Message"
          name="message"
          defaultValue={values.message}
          error={errors.message}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Checkbox label="Enabled" name="enabled" defaultChecked={values.enabled} />
        <Group>
          <Button type="submit" loading={busy}>
            {isNew ? "Create schedule" : "Save changes"}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
