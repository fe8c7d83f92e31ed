import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
  Anchor,
} from "@mantine/core";
import { Form, Link } from "@remix-run/react";

type Saved = Record<string, string | number | boolean | null | number[]>;

const FIELDS = [
  ["first_name", "First name"],
  ["last_name", "Last name"],
  ["employee_number", "Employee number"],
  ["phone", "Phone"],
  ["email", "Email"],
  ["licence_number", "Licence number"],
  ["licence_class", "Licence class"],
  ["licence_expiry", "Licence expiry (YYYY-MM-DD)"],
] as const;

/** Add or edit a driver; after a refused save it shows what was typed and a message per field. */
export function DriverForm({
  driver,
  errors = {},
  values,
}: {
  driver: Saved | null;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}) {
  const v = (k: string) =>
    values?.[k] ?? (driver?.[k] === null || driver?.[k] === undefined ? "" : String(driver[k]));
  return (
    <Paper withBorder p="md" data-testid="driver-form">
      <Form method="post" key={JSON.stringify(values ?? {})}>
        <input type="hidden" name="intent" value="save" />
        {driver ? <input type="hidden" name="id" value={String(driver.id)} /> : null}
        <Stack gap="xs">
          <Title order={2} size="h4">
            {driver ? "Edit driver" : "Add a driver"}
          </Title>
          {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map(([name, label]) => (
              <TextInput
                key={name}
                label={label}
                name={name}
                defaultValue={v(name)}
                error={errors[name]}
                required={name === "first_name" || name === "last_name"}
              />
            ))}
          </SimpleGrid>
          <Group>
            <Button type="submit">{driver ? "Save driver" : "Add driver"}</Button>
            <Anchor component={Link} to="/dashboard/drivermanagement">
              Cancel
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
