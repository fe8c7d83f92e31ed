import {
  Alert,
  Button,
  NativeSelect,
  Paper,
  SimpleGrid,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { LogbookActionResult } from "../logbook-actions.server";

/** Fields judged together: editing one makes the other's message stale too. */
const LINKED: Record<string, string[]> = {
  logstart: ["logstart", "logstop"],
  logstop: ["logstart", "logstop"],
  start_odometer: ["start_odometer", "end_odometer"],
  end_odometer: ["start_odometer", "end_odometer"],
};

/**
 * The messages still true after the person edited some fields: a message about a value they have
 * since changed (or the value it was compared with) is no longer shown.
 */
export function currentErrors(
  result: Pick<LogbookActionResult, "error" | "fieldErrors"> | undefined,
  edited: ReadonlySet<string>,
): { error?: string; fieldErrors: Record<string, string | undefined> } {
  const fieldErrors: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(result?.fieldErrors ?? {}))
    if (!(LINKED[k] ?? [k]).some((f) => edited.has(f))) fieldErrors[k] = v;
  return { error: edited.size ? undefined : result?.error, fieldErrors };
}

/**
 * The "add a trip by hand" form of the logbook: a plain POST (intent=add), so it works without
 * JavaScript; after a refusal it shows what was typed and a message beside each field.
 */
export function LogbookAddForm({
  vehicleName,
  now,
  unit,
  busy,
  result,
}: {
  vehicleName: string;
  now: string;
  unit: string;
  busy: boolean;
  result: LogbookActionResult | undefined;
}) {
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  // A new answer from the server is judged afresh.
  useEffect(() => setEdited(new Set()), [result]);
  const shown = currentErrors(result?.form === "add" ? result : undefined, edited);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        Add a trip by hand
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        For {vehicleName}. A trip with the same start and end time as one already in the logbook is
        not saved twice.
      </Text>
      {shown.error ? (
        <Alert color="orange" mb="sm" data-testid="add-error">
          {shown.error}
        </Alert>
      ) : null}
      <Form
        method="post"
        aria-label="Add a trip"
        onChange={(e) => {
          const name = (e.target as HTMLInputElement).name;
          if (name) setEdited((prev) => new Set([...prev, name]));
        }}
      >
        <input type="hidden" name="intent" value="add" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput
            type="datetime-local"
            name="logstart"
            label="Start"
            required
            max={now}
            defaultValue={result?.fields?.logstart ?? ""}
            error={shown.fieldErrors.logstart}
          />
          <TextInput
            type="datetime-local"
            name="logstop"
            label="End"
            required
            max={now}
            defaultValue={result?.fields?.logstop ?? ""}
            error={shown.fieldErrors.logstop}
          />
          <NativeSelect
            name="purpose"
            label="Purpose"
            defaultValue={result?.fields?.purpose ?? "business"}
            data={[
              { value: "business", label: "Business" },
              { value: "private", label: "Private" },
            ]}
            error={shown.fieldErrors.purpose}
          />
          <TextInput
            name="description"
            label="Description"
            required
            maxLength={200}
            defaultValue={result?.fields?.description ?? ""}
            error={shown.fieldErrors.description}
          />
          <TextInput
            name="driver"
            label="Driver"
            defaultValue={result?.fields?.driver ?? ""}
            error={shown.fieldErrors.driver}
          />
          <TextInput
            name="start_odometer"
            label={`Start odometer (${unit})`}
            inputMode="decimal"
            defaultValue={result?.fields?.start_odometer ?? ""}
            error={shown.fieldErrors.start_odometer}
          />
          <TextInput
            name="end_odometer"
            label={`End odometer (${unit})`}
            inputMode="decimal"
            defaultValue={result?.fields?.end_odometer ?? ""}
            error={shown.fieldErrors.end_odometer}
          />
        </SimpleGrid>
        <Button type="submit" mt="sm" loading={busy}>
          Add trip
        </Button>
      </Form>
    </Paper>
  );
}
