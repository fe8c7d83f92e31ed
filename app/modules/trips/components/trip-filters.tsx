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

import type { VehicleChoices, VehicleOption } from "../vehicle-choices";

export type { VehicleOption };

/** Date range inputs (company days, inclusive). */
export function DateRangeInputs({ from, to, max }: { from: string; to: string; max?: string }) {
  return (
    <>
      <TextInput type="date" name="from" label="From" defaultValue={from} max={max} />
      <TextInput type="date" name="to" label="To" defaultValue={to} max={max} />
    </>
  );
}

/**
 * One vehicle, as a native select (works without JavaScript). On a big fleet it offers the matches
 * of its search field: type part of a name, submit the form, then choose.
 */
export function VehicleSelect({
  choices,
  value,
  name = "imei",
  label = "Vehicle",
}: {
  choices: VehicleChoices;
  value: string | null;
  name?: string;
  label?: string;
}) {
  const select = (
    <NativeSelect
      name={name}
      label={label}
      defaultValue={value ?? undefined}
      data={choices.options.map((v) => ({ value: v.imei, label: v.nickname }))}
    />
  );
  if (!choices.limited) return select;
  return (
    <>
      <TextInput
        name="vq"
        label="Find a vehicle"
        defaultValue={choices.query}
        description={`${choices.options.length} of ${choices.total.toLocaleString("en")} vehicles offered: type part of a name or IMEI and show again`}
        data-testid="vehicle-search"
      />
      {select}
    </>
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
