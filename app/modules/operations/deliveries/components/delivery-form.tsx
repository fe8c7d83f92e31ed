import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { DeliverySchema } from "../delivery-form";
import { Field } from "~/components/forms/field";

export type DeliveryEditing = {
  id: number;
  reference: string;
  date: string;
  customer: string;
  phone: string;
  pickup_address: string;
  dropoff_address: string;
  window_from: string;
  window_to: string;
  items: string;
  notes: string;
  imei: string;
  driver_id: number | null;
};

/** Create or edit a delivery: posts without JavaScript; Conform checks it in the browser too. */
export function DeliveryFormCard({
  editing,
  date,
  vehicles,
  drivers,
  result,
}: {
  editing: DeliveryEditing | null;
  date: string;
  vehicles: Array<{ imei: string; name: string }>;
  drivers: Array<{ id: number; name: string }>;
  result?: { result?: SubmissionResult<string[]>; message?: string | null };
}) {
  const busy = useNavigation().state === "submitting";
  const e = editing;
  const [form, f] = useForm({
    id: `delivery-${e?.id ?? "new"}`,
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeliverySchema }),
    shouldValidate: "onSubmit",
  });
  const v = (field: { initialValue?: unknown }, fallback: string | number | null | undefined) =>
    typeof field.initialValue === "string" ? field.initialValue : String(fallback ?? "");
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} key={e?.id ?? "new"} data-testid="delivery-form">
        <input type="hidden" name="intent" value={e ? "update" : "create"} />
        {e ? <input type="hidden" name="id" value={e.id} /> : null}
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {e ? `Edit ${e.reference}` : "New delivery"}
            </Title>
            {e ? (
              <Anchor component={Link} to="?" size="sm">
                Cancel
              </Anchor>
            ) : null}
          </Group>
          {result?.message ? (
            <Alert color="red" role="alert">
              {result.message}
            </Alert>
          ) : null}
          <Field errors={f.customer}>
            <TextInput
              name="customer"
              label="Customer"
              required
              defaultValue={v(f.customer, e?.customer)}
            />
          </Field>
          <Field errors={f.phone}>
            <TextInput
              name="phone"
              label="Recipient phone"
              type="tel"
              defaultValue={v(f.phone, e?.phone)}
            />
          </Field>
          <Field errors={f.pickup_address}>
            <TextInput
              name="pickup_address"
              label="Pickup address"
              required
              description="Found on the map when saved."
              defaultValue={v(f.pickup_address, e?.pickup_address)}
            />
          </Field>
          <Field errors={f.dropoff_address}>
            <TextInput
              name="dropoff_address"
              label="Drop-off address"
              required
              defaultValue={v(f.dropoff_address, e?.dropoff_address)}
            />
          </Field>
          <Field errors={f.date}>
            <TextInput
              name="date"
              type="date"
              label="Date"
              required
              defaultValue={v(f.date, e?.date ?? date)}
            />
          </Field>
          <SimpleGrid cols={2}>
            <Field errors={f.window_from}>
              <TextInput
                name="window_from"
                type="time"
                label="Window from"
                required
                defaultValue={v(f.window_from, e?.window_from ?? "09:00")}
              />
            </Field>
            <Field errors={f.window_to}>
              <TextInput
                name="window_to"
                type="time"
                label="Window to"
                required
                defaultValue={v(f.window_to, e?.window_to ?? "11:00")}
              />
            </Field>
          </SimpleGrid>
          <Field errors={f.items}>
            <Textarea
              name="items"
              label="Items"
              required
              description='One a line, e.g. "2 x Carton".'
              autosize
              minRows={2}
              defaultValue={v(f.items, e?.items)}
            />
          </Field>
          <Field errors={f.notes}>
            <Textarea
              name="notes"
              label="Notes for the driver"
              autosize
              minRows={2}
              defaultValue={v(f.notes, e?.notes)}
            />
          </Field>
          <Field errors={f.imei}>
            <NativeSelect
              name="imei"
              label="Vehicle"
              defaultValue={v(f.imei, e?.imei)}
              data={[
                { value: "", label: "Not assigned" },
                ...vehicles.map((x) => ({ value: x.imei, label: x.name })),
              ]}
            />
          </Field>
          <Field errors={f.driver_id}>
            <NativeSelect
              name="driver_id"
              label="Driver"
              defaultValue={v(f.driver_id, e?.driver_id)}
              data={[
                { value: "", label: "Not assigned" },
                ...drivers.map((x) => ({ value: String(x.id), label: x.name })),
              ]}
            />
          </Field>
          <Text size="xs" c="dimmed">
            Times are the company&apos;s time zone.
          </Text>
          <Button type="submit" loading={busy}>
            {e ? "Save delivery" : "Create delivery"}
          </Button>
        </Stack>
      </Form>
    </Paper>
  );
}
