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
import type { LogbookActionResult } from "../logbook-actions.server";

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
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        Add a trip by hand
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        For {vehicleName}. A trip with the same start and end time as one already in the logbook is
        not saved twice.
      </Text>
      {result?.form === "add" && result.error ? (
        <Alert color="orange" mb="sm" data-testid="add-error">
          {result.error}
        </Alert>
      ) : null}
      <Form method="post" aria-label="Add a trip">
        <input type="hidden" name="intent" value="add" />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <TextInput
            type="datetime-local"
            name="logstart"
            label="Start"
            required
            max={now}
            defaultValue={result?.fields?.logstart ?? ""}
            error={result?.fieldErrors?.logstart}
          />
          <TextInput
            type="datetime-local"
            name="logstop"
            label="End"
            required
            max={now}
            defaultValue={result?.fields?.logstop ?? ""}
            error={result?.fieldErrors?.logstop}
          />
          <NativeSelect
            name="purpose"
            label="Purpose"
            defaultValue={result?.fields?.purpose ?? "business"}
            data={[
              { value: "business", label: "Business" },
              { value: "private", label: "Private" },
            ]}
            error={result?.fieldErrors?.purpose}
          />
          <TextInput
            name="description"
            label="Description"
            required
            maxLength={200}
            defaultValue={result?.fields?.description ?? ""}
            error={result?.fieldErrors?.description}
          />
          <TextInput
            name="driver"
            label="Driver"
            defaultValue={result?.fields?.driver ?? ""}
            error={result?.fieldErrors?.driver}
          />
          <TextInput
            name="start_odometer"
            label={`Start odometer (${unit})`}
            inputMode="decimal"
            defaultValue={result?.fields?.start_odometer ?? ""}
            error={result?.fieldErrors?.start_odometer}
          />
          <TextInput
            name="end_odometer"
            label={`End odometer (${unit})`}
            inputMode="decimal"
            defaultValue={result?.fields?.end_odometer ?? ""}
            error={result?.fieldErrors?.end_odometer}
          />
        </SimpleGrid>
        <Button type="submit" mt="sm" loading={busy}>
          Add trip
        </Button>
      </Form>
    </Paper>
  );
}
