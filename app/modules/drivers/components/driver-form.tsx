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
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Field } from "~/components/forms/field";
import { typedValue } from "~/lib/action-result";

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
  result,
}: {
  driver: Saved | null;
  /** The action's Conform reply to a refused save. */
  result?: SubmissionResult<string[]>;
}) {
  // Checked by the server (and the browser's required, as before).
  const [form, f] = useForm({ id: "driver", lastResult: result });
  const values = result?.initialValue;
  const v = (k: string) =>
    typedValue(
      result,
      k,
      driver?.[k] === null || driver?.[k] === undefined ? "" : String(driver[k]),
    );
  return (
    <Paper withBorder p="md" data-testid="driver-form">
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate={false}
        key={JSON.stringify(values ?? {})}
      >
        <input type="hidden" name="intent" value="save" />
        {driver ? <input type="hidden" name="id" value={String(driver.id)} /> : null}
        <Stack gap="xs">
          <Title order={2} size="h4">
            {driver ? "Edit driver" : "Add a driver"}
          </Title>
          {form.errors?.length ? <Alert color="red">{form.errors[0]}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FIELDS.map(([name, label]) => (
              <Field key={name} errors={f[name]}>
                <TextInput
                  label={label}
                  name={name}
                  defaultValue={v(name)}
                  required={name === "first_name" || name === "last_name"}
                />
              </Field>
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
