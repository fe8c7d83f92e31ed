import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

export type VehicleOption = { imei: string; nickname: string };

/** Date range inputs (company days, inclusive). */
export function DateRangeInputs({ from, to, max }: { from: string; to: string; max?: string }) {
  return (
    <>
      <TextInput type="date" name="from" label="From" defaultValue={from} max={max} />
      <TextInput type="date" name="to" label="To" defaultValue={to} max={max} />
    </>
  );
}

/** One vehicle, as a native select (works without JavaScript). */
export function VehicleSelect({
  vehicles,
  value,
  name = "imei",
  label = "Vehicle",
}: {
  vehicles: VehicleOption[];
  value: string | null;
  name?: string;
  label?: string;
}) {
  return (
    <NativeSelect
      name={name}
      label={label}
      defaultValue={value ?? undefined}
      data={vehicles.map((v) => ({ value: v.imei, label: v.nickname }))}
    />
  );
}

/** Several vehicles, as checkboxes. */
export function VehicleChecklist({
  vehicles,
  selected,
}: {
  vehicles: VehicleOption[];
  selected: string[];
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="vehicles-label">
        Vehicles
      </Text>
      <ScrollArea.Autosize mah={180} type="auto" aria-labelledby="vehicles-label">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing={4} verticalSpacing={4}>
          {vehicles.map((v) => (
            <Checkbox
              key={v.imei}
              name="imei"
              value={v.imei}
              label={v.nickname}
              defaultChecked={selected.includes(v.imei)}
              size="xs"
            />
          ))}
        </SimpleGrid>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** A GET filter form: the filters live in the address, so they work without JavaScript and can be bookmarked. */
export function FilterForm({
  children,
  submit = "Show",
  extra,
}: {
  children: ReactNode;
  submit?: string;
  extra?: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <Form method="get" role="search" aria-label="Filters">
        <Stack gap="sm">
          {children}
          <Group gap="sm">
            <Button type="submit">{submit}</Button>
            {extra}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
