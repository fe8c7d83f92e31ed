import {
  getFormProps,
  getInputProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
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
  TextInput,
  Title,
} from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { LoadSchema, ProfileSchema, TEMP_UNITS } from "../ftc-form";
import { TEMPERATURE_UNIT_LABELS } from "~/lib/units";
import { fieldErrorProps } from "~/components/forms/field";

export type FormResult = { result?: SubmissionResult<string[]>; message?: string | null };
type Values = Record<string, string> | null;

/** A text field that keeps what was typed after a refused post, else shows the edited value. */
function Field({
  field,
  label,
  values,
  type = "text",
  ...rest
}: {
  field: FieldMetadata<unknown>;
  label: string;
  values: Values;
  type?: "text" | "datetime-local";
  inputMode?: "decimal" | "numeric";
  description?: string;
}) {
  return (
    <TextInput
      {...getInputProps(field as FieldMetadata<string>, { type })}
      key={field.key}
      label={label}
      defaultValue={(field.initialValue as string | undefined) ?? values?.[field.name] ?? ""}
      {...fieldErrorProps(field)}
      {...rest}
    />
  );
}

/**
 * Create or edit a product profile: two tiers (the second optional), limits in °C or °F, and the
 * suppression windows. Posts without JavaScript; a refused post keeps what was typed.
 */
export function ProfileFormCard({
  values,
  unit,
  result,
}: {
  values: Values;
  unit: "C" | "F";
  result?: FormResult;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, f] = useForm({
    id: `ftc-profile-${values?.id ?? "new"}`,
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: "onSubmit",
  });
  const unitValue = (f.unit.initialValue as string | undefined) ?? values?.unit ?? unit;
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} data-testid="profile-form">
        <input type="hidden" name="intent" value="save-profile" />
        {values?.id ? <input type="hidden" name="id" value={values.id} /> : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {values ? `Edit profile ${values.name}` : "New product profile"}
          </Title>
          {result?.message ? (
            <Alert color="red" role="alert">
              {result.message}
            </Alert>
          ) : null}
          <Field field={f.name} label="Name" values={values} />
          <Field field={f.description} label="Description" values={values} />
          <NativeSelect
            name={f.unit.name}
            key={f.unit.key}
            label="Temperature unit"
            defaultValue={unitValue}
            data={[
              ...TEMP_UNITS.map((u) => ({ value: u, label: TEMPERATURE_UNIT_LABELS[u] })),
              ...(!(TEMP_UNITS as readonly string[]).includes(unitValue)
                ? [{ value: unitValue, label: unitValue }]
                : []),
            ]}
            {...fieldErrorProps(f.unit)}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Field field={f.t1min} label="Tier 1 minimum" inputMode="decimal" values={values} />
            <Field field={f.t1max} label="Tier 1 maximum" inputMode="decimal" values={values} />
            <Field
              field={f.t1allow}
              label="Tier 1 allowance (minutes)"
              inputMode="numeric"
              values={values}
            />
            <Field field={f.t2min} label="Tier 2 minimum" inputMode="decimal" values={values} />
            <Field field={f.t2max} label="Tier 2 maximum" inputMode="decimal" values={values} />
            <Field
              field={f.t2allow}
              label="Tier 2 allowance (minutes)"
              inputMode="numeric"
              values={values}
            />
            <Field
              field={f.startup}
              label="Start-up ignore (minutes)"
              inputMode="numeric"
              values={values}
            />
            <Field
              field={f.door}
              label="Door open recovery (minutes)"
              description="Blank: door openings count"
              inputMode="numeric"
              values={values}
            />
            <Field
              field={f.defrost}
              label="Defrost recovery (minutes)"
              description="Blank: defrost counts"
              inputMode="numeric"
              values={values}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={busy}>
              Save profile
            </Button>
            {values ? (
              <Anchor component={Link} to="/dashboard/ftc">
                Cancel
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

/** Create or edit a load (times in the company's zone; the end blank while in transit). */
export function LoadFormCard({
  values,
  devices,
  profiles,
  timeZone,
  result,
}: {
  values: Values;
  devices: { imei: string; nickname: string }[];
  profiles: { id: number; name: string }[];
  timeZone: string;
  result?: FormResult;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, f] = useForm({
    id: `ftc-load-${values?.id ?? "new"}`,
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoadSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Paper withBorder p="md">
      <Form method="post" {...getFormProps(form)} data-testid="load-form">
        <input type="hidden" name="intent" value="save-load" />
        {values?.id ? <input type="hidden" name="id" value={values.id} /> : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {values ? `Edit load ${values.reference}` : "New load"}
          </Title>
          {result?.message ? (
            <Alert color="red" role="alert">
              {result.message}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              name={f.imei.name}
              key={f.imei.key}
              label="Device"
              defaultValue={(f.imei.initialValue as string | undefined) ?? values?.imei ?? ""}
              data={[
                { value: "", label: "Choose a device" },
                ...devices.map((d) => ({ value: d.imei, label: d.nickname })),
              ]}
              {...fieldErrorProps(f.imei)}
            />
            <NativeSelect
              name={f.profileId.name}
              key={f.profileId.key}
              label="Profile"
              defaultValue={
                (f.profileId.initialValue as string | undefined) ?? values?.profileId ?? ""
              }
              data={[
                { value: "", label: "Choose a profile" },
                ...profiles.map((p) => ({ value: String(p.id), label: p.name })),
              ]}
              {...fieldErrorProps(f.profileId)}
            />
            <Field field={f.product} label="Product" values={values} />
            <Field field={f.reference} label="Reference" values={values} />
            <Field
              field={f.start}
              label="Start"
              type="datetime-local"
              description={`In ${timeZone}`}
              values={values}
            />
            <Field
              field={f.end}
              label="End"
              type="datetime-local"
              description="Blank while in transit"
              values={values}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={busy}>
              Save load
            </Button>
            {values ? (
              <Anchor component={Link} to="/dashboard/ftc">
                Cancel
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
